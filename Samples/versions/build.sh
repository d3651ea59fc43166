#!/usr/bin/env bash
# Builds two versions of sample SDKs for `sdkvet diff` (Docs/CLI.md, diff): v1/ and v2/ each hold
# VersionKit.framework, an arm64 iOS 15 dynamic framework with an ad-hoc signature, built from
# src/VersionKit-<version>.m and src/VersionKit-<version>.xcprivacy with the same toolchain, stubs
# and Info.plist writer as Samples/sdks/build.sh, and one more framework built from
# src/RenamedKit.m, named LegacyKit.framework in v1 and RenamedKit.framework in v2 with one
# bundle identifier. What v2 changes, and nothing else: VersionKit adds a file-timestamp API
# (stat) and a camera request (AVCaptureDevice requestAccessForMediaType:), links AdSupport.framework
# and no longer libsqlite3.dylib (stubs/libsqlite3.tbd), gains the rpath @loader_path/Frameworks,
# and its manifest drops the SystemBootTime declaration and adds the UserDefaults reason 1C8F.1;
# LegacyKit is renamed RenamedKit.
# Deterministic and re-runnable: v1/ and v2/ are deleted and rebuilt.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# LD (ld64.lld-16), LDFLAGS_COMMON, SYSTEM_STUBS, WORK, compile.
source "$HERE/../lib/toolchain.sh"
STUBS="$HERE/../sdks/stubs"
PLISTS="$HERE/../sdks/plists.py"

# framework FOLDER NAME IDENTIFIER SOURCE LINKER-ARGUMENTS...: FOLDER/NAME.framework
framework() {
  local dir="$HERE/$1/$2.framework" source="$4"
  mkdir -p "$dir"
  compile arm64-apple-ios15.0 "$source" "$WORK/$2.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -dylib \
    -install_name "@rpath/$2.framework/$2" -fixup_chains -adhoc_codesign \
    "$WORK/$2.o" "${@:5}" "${SYSTEM_STUBS[@]}" -o "$dir/$2"
  python3 "$PLISTS" framework "$dir/Info.plist" "$2" iPhoneOS FMWK "$3"
}

rm -rf "${HERE:?}/v1" "${HERE:?}/v2"
framework v1 VersionKit dev.sdkvet.samples.VersionKit "$HERE/src/VersionKit-1.0.m" \
  "$STUBS/AVFoundation.tbd" "$HERE/stubs/libsqlite3.tbd"
framework v2 VersionKit dev.sdkvet.samples.VersionKit "$HERE/src/VersionKit-2.0.m" \
  "$STUBS/AVFoundation.tbd" "$STUBS/AdSupport.tbd" -rpath @loader_path/Frameworks
for version in 1.0 2.0; do
  cp "$HERE/src/VersionKit-$version.xcprivacy" "$HERE/v${version%.0}/VersionKit.framework/PrivacyInfo.xcprivacy"
done
framework v1 LegacyKit dev.sdkvet.samples.RenamedKit "$HERE/src/RenamedKit.m"
framework v2 RenamedKit dev.sdkvet.samples.RenamedKit "$HERE/src/RenamedKit.m"
