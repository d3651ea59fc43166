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
# SliceKit.xcframework (src/SliceKit-<version>.m and .xcprivacy, one manifest per framework) is
# built for slices: 1.0 has ios-arm64, ios-arm64-simulator and ios-arm64-maccatalyst, each reading
# the system uptime; 2.0 also uses UserDefaults (declared in its manifest), links libsqlite3.dylib
# on ios-arm64, gains the slice macos-arm64, loses ios-arm64-maccatalyst, and its Info.plist
# still lists ios-arm64-simulator, whose SliceKit.framework has lost its binary.
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

# slice FOLDER IDENTIFIER TRIPLE LD-PLATFORM VERSIONS PLIST-PLATFORM LINKER-ARGUMENTS...: the
# framework of one SliceKit slice, FOLDER/SliceKit.xcframework/IDENTIFIER/SliceKit.framework.
slice() {
  local version="${1#v}.0"
  local dir="$HERE/$1/SliceKit.xcframework/$2/SliceKit.framework"
  mkdir -p "$dir"
  compile "$3" "$HERE/src/SliceKit-$version.m" "$WORK/SliceKit-$2.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version "$4" $5 -dylib \
    -install_name @rpath/SliceKit.framework/SliceKit -fixup_chains -adhoc_codesign \
    "$WORK/SliceKit-$2.o" "${@:7}" "${SYSTEM_STUBS[@]}" -o "$dir/SliceKit"
  python3 "$PLISTS" framework "$dir/Info.plist" SliceKit "$6" FMWK dev.sdkvet.samples.SliceKit
  cp "$HERE/src/SliceKit-$version.xcprivacy" "$dir/PrivacyInfo.xcprivacy"
}
IOS=(arm64-apple-ios15.0 ios "15.0 17.0" iPhoneOS)
SIMULATOR=(arm64-apple-ios15.0-simulator ios-simulator "15.0 17.0" iPhoneSimulator)
CATALYST=(arm64-apple-ios15.0-macabi mac-catalyst "15.0 17.0" MacOSX)
MACOS=(arm64-apple-macos12.0 macos "12.0 14.0" MacOSX)
slice v1 ios-arm64 "${IOS[@]}"
slice v1 ios-arm64-simulator "${SIMULATOR[@]}"
slice v1 ios-arm64-maccatalyst "${CATALYST[@]}"
python3 "$PLISTS" xcframework "$HERE/v1/SliceKit.xcframework/Info.plist" \
  ios-arm64:SliceKit.framework:arm64:ios ios-arm64-simulator:SliceKit.framework:arm64:ios:simulator \
  ios-arm64-maccatalyst:SliceKit.framework:arm64:ios:maccatalyst
slice v2 ios-arm64 "${IOS[@]}" "$HERE/stubs/libsqlite3.tbd"
slice v2 ios-arm64-simulator "${SIMULATOR[@]}"
rm "$HERE/v2/SliceKit.xcframework/ios-arm64-simulator/SliceKit.framework/SliceKit"
slice v2 macos-arm64 "${MACOS[@]}"
python3 "$PLISTS" xcframework "$HERE/v2/SliceKit.xcframework/Info.plist" \
  ios-arm64:SliceKit.framework:arm64:ios ios-arm64-simulator:SliceKit.framework:arm64:ios:simulator \
  macos-arm64:SliceKit.framework:arm64:macos
