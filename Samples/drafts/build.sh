#!/usr/bin/env bash
# Builds the samples `sdkvet manifest` drafts from (README.md) in Samples/drafts from src/,
# with the same tools, stubs and plist helper as Samples/sdks/build.sh. Deterministic and
# re-runnable: every output is deleted and rebuilt.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# CLANG, LD (ld64.lld-16), LDFLAGS_COMMON, SYSTEM_STUBS, WORK, compile.
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
PLISTS="$HERE/../sdks/plists.py"

for output in DraftKit.xcframework MisspeltKit.framework; do rm -rf "${HERE:?}/$output"; done

# link PLATFORM OUTPUT INSTALL_NAME OBJECT: an arm64 dylib for PLATFORM (ios or ios-simulator).
link() {
  "$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version "$1" 15.0 17.0 -dylib -install_name "$3" \
    -fixup_chains -no_adhoc_codesign "$4" "${SYSTEM_STUBS[@]}" -o "$2"
}

# DraftKit.xcframework: no manifest; the device slice uses FileTimestamp and UserDefaults and
# names hosts, the simulator slice uses nothing the catalog lists.
DK="$HERE/DraftKit.xcframework"
for pair in ios-arm64:ios:arm64-apple-ios15.0: ios-arm64-simulator:ios-simulator:arm64-apple-ios15.0-simulator:-DDRAFTKIT_SIMULATOR; do
  IFS=: read -r slice platform triple define <<<"$pair"
  mkdir -p "$DK/$slice/DraftKit.framework"
  compile "$triple" "$SRC/DraftKit.m" "$WORK/DraftKit-$slice.o" $define
  link "$platform" "$DK/$slice/DraftKit.framework/DraftKit" @rpath/DraftKit.framework/DraftKit "$WORK/DraftKit-$slice.o"
  variant=iPhoneOS; [ "$platform" = ios-simulator ] && variant=iPhoneSimulator
  python3 "$PLISTS" framework "$DK/$slice/DraftKit.framework/Info.plist" DraftKit "$variant"
done
python3 "$PLISTS" xcframework "$DK/Info.plist" \
  ios-arm64:DraftKit.framework:arm64:ios ios-arm64-simulator:DraftKit.framework:arm64:ios:simulator

# MisspeltKit.framework: uses UserDefaults; its manifest misspells three keys.
MK="$HERE/MisspeltKit.framework"
mkdir -p "$MK"
compile arm64-apple-ios15.0 "$SRC/MisspeltKit.m" "$WORK/MisspeltKit.o"
link ios "$MK/MisspeltKit" @rpath/MisspeltKit.framework/MisspeltKit "$WORK/MisspeltKit.o"
python3 "$PLISTS" framework "$MK/Info.plist" MisspeltKit iPhoneOS
cp "$SRC/MisspeltKit.xcprivacy" "$MK/PrivacyInfo.xcprivacy"
