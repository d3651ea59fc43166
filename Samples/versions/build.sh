#!/usr/bin/env bash
# Builds two versions of one sample SDK for `sdkvet diff` (Docs/CLI.md, diff): v1/ and v2/
# each hold VersionKit.framework, an arm64 iOS 15 dynamic framework with an ad-hoc signature,
# built from src/VersionKit-<version>.m and src/VersionKit-<version>.xcprivacy with the same
# toolchain, stubs and Info.plist writer as Samples/sdks/build.sh. What v2 changes, and nothing
# else: it adds a file-timestamp API (stat) and a camera request (AVCaptureDevice
# requestAccessForMediaType:), and its manifest drops the SystemBootTime declaration.
# Deterministic and re-runnable: v1/ and v2/ are deleted and rebuilt.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# LD (ld64.lld-16), LDFLAGS_COMMON, SYSTEM_STUBS, WORK, compile.
source "$HERE/../lib/toolchain.sh"
STUBS="$HERE/../sdks/stubs"
PLISTS="$HERE/../sdks/plists.py"

# build VERSION-FOLDER SOURCE-VERSION
build() {
  local dir="$HERE/$1/VersionKit.framework"
  rm -rf "${HERE:?}/$1"
  mkdir -p "$dir"
  compile arm64-apple-ios15.0 "$HERE/src/VersionKit-$2.m" "$WORK/VersionKit-$2.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -dylib \
    -install_name @rpath/VersionKit.framework/VersionKit -fixup_chains -adhoc_codesign \
    "$WORK/VersionKit-$2.o" "$STUBS/AVFoundation.tbd" "${SYSTEM_STUBS[@]}" -o "$dir/VersionKit"
  python3 "$PLISTS" framework "$dir/Info.plist" VersionKit iPhoneOS
  cp "$HERE/src/VersionKit-$2.xcprivacy" "$dir/PrivacyInfo.xcprivacy"
}

build v1 1.0
build v2 2.0
