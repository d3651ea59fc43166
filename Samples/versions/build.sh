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
TOOLS="${SWIFT_TOOLCHAIN_BIN:-/opt/swift/usr/bin}"
CLANG="$TOOLS/clang"
LD=ld64.lld-16
SYS="$HERE/../macho/stubs"
STUBS="$HERE/../sdks/stubs"
PLISTS="$HERE/../sdks/plists.py"
command -v "$LD" >/dev/null 2>&1 || { echo "build.sh: $LD missing (Scripts/setup --fixtures)" >&2; exit 1; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# build VERSION-FOLDER SOURCE-VERSION
build() {
  local dir="$HERE/$1/VersionKit.framework"
  rm -rf "${HERE:?}/$1"
  mkdir -p "$dir"
  "$CLANG" -target arm64-apple-ios15.0 -O1 -c "$HERE/src/VersionKit-$2.m" -o "$WORK/VersionKit-$2.o"
  # One thread, as in Samples/sdks/build.sh: ld64.lld-16's parallel writers are not deterministic.
  "$LD" --threads=1 -arch arm64 -platform_version ios 15.0 17.0 -dylib \
    -install_name @rpath/VersionKit.framework/VersionKit -fixup_chains -adhoc_codesign \
    "$WORK/VersionKit-$2.o" "$STUBS/AVFoundation.tbd" \
    "$SYS/libSystem.tbd" "$SYS/libobjc.tbd" "$SYS/Foundation.tbd" -o "$dir/VersionKit"
  python3 "$PLISTS" framework "$dir/Info.plist" VersionKit iPhoneOS
  cp "$HERE/src/VersionKit-$2.xcprivacy" "$dir/PrivacyInfo.xcprivacy"
}

build v1 1.0
build v2 2.0
