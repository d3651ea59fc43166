#!/usr/bin/env bash
# Builds the evidence fixtures of issue 33 (see README.md): what a binary proves, and what a
# folder without one does not. Re-runnable; every output is deleted and written again.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../lib/toolchain.sh
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
PLISTS="$HERE/../sdks/plists.py"
STRIP=("$OBJCOPY" --strip-all)
DEVICE=arm64-apple-ios15.0

OUTPUTS=(StrippedVendorKit.framework bin FBLPromises.xcframework MissingSliceKit.xcframework BundledLibsKit.framework
  ImportingLibsKit.framework)
for output in "${OUTPUTS[@]}"; do rm -rf "${HERE:?}/$output"; done

# StrippedVendorKit.framework: chained fixups, so its exports are in LC_DYLD_EXPORTS_TRIE;
# every defined name stripped from its symbol table.
SVK="$HERE/StrippedVendorKit.framework"
mkdir -p "$SVK"
compile "$DEVICE" "$SRC/StrippedVendorKit.m" "$WORK/StrippedVendorKit.o"
link_device "$WORK/StrippedVendorKit" -dylib @rpath/StrippedVendorKit.framework/StrippedVendorKit \
  "$WORK/StrippedVendorKit.o"
"${STRIP[@]}" "$WORK/StrippedVendorKit" "$SVK/StrippedVendorKit"
python3 "$PLISTS" framework "$SVK/Info.plist" StrippedVendorKit iPhoneOS

# bin/libstripped-dyldinfo.dylib: the same code linked with classic dyld info, so its exports
# are in LC_DYLD_INFO_ONLY's export trie; stripped likewise.
mkdir -p "$HERE/bin"
"$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -dylib \
  -install_name @rpath/libstripped-dyldinfo.dylib -no_fixup_chains -adhoc_codesign \
  "$WORK/StrippedVendorKit.o" "${SYSTEM_STUBS[@]}" -o "$WORK/libstripped-dyldinfo.dylib"
"${STRIP[@]}" "$WORK/libstripped-dyldinfo.dylib" "$HERE/bin/libstripped-dyldinfo.dylib"

# FBLPromises.xcframework: named like a listed SDK, holding only text files.
FBL="$HERE/FBLPromises.xcframework"
mkdir -p "$FBL"
cp "$SRC/FBLPromises-README.md" "$FBL/README.md"
printf 'Stand-in license text for a folder with no binary.\n' > "$FBL/LICENSE"

# MissingSliceKit.xcframework: its Info.plist lists a device slice that is there and a
# simulator slice whose framework is not (the Kochava 7.3.0 shape).
MSK="$HERE/MissingSliceKit.xcframework"
mkdir -p "$MSK/ios-arm64/MissingSliceKit.framework"
compile "$DEVICE" "$SRC/MissingSliceKit.c" "$WORK/MissingSliceKit.o"
link_device "$MSK/ios-arm64/MissingSliceKit.framework/MissingSliceKit" -dylib \
  @rpath/MissingSliceKit.framework/MissingSliceKit "$WORK/MissingSliceKit.o"
python3 "$PLISTS" framework "$MSK/ios-arm64/MissingSliceKit.framework/Info.plist" MissingSliceKit iPhoneOS
cp "$SRC/MissingSliceKit.xcprivacy" "$MSK/ios-arm64/MissingSliceKit.framework/PrivacyInfo.xcprivacy"
python3 "$PLISTS" xcframework "$MSK/Info.plist" \
  ios-arm64:MissingSliceKit.framework:arm64:ios \
  ios-arm64_x86_64-simulator:MissingSliceKit.framework:arm64+x86_64:ios:simulator

# BundledLibsKit.framework: defines every class and C symbol the catalog documents for five
# listed SDKs; stripped, so they are left only in its export trie. bin/libbundledlibs.a: the
# same object in a static archive, its symbol table intact.
BLK="$HERE/BundledLibsKit.framework"
mkdir -p "$BLK"
compile "$DEVICE" "$SRC/BundledLibsKit.m" "$WORK/BundledLibsKit.o"
link_device "$WORK/BundledLibsKit" -dylib @rpath/BundledLibsKit.framework/BundledLibsKit "$WORK/BundledLibsKit.o"
"${STRIP[@]}" "$WORK/BundledLibsKit" "$BLK/BundledLibsKit"
python3 "$PLISTS" framework "$BLK/Info.plist" BundledLibsKit iPhoneOS
"$AR" rcs "$HERE/bin/libbundledlibs.a" "$WORK/BundledLibsKit.o"

# bin/libhiddenlibs.a and bin/libhiddenlibs.dylib: a hidden nanopb function and class and a
# file-private helper named like an OpenSSL function, as an object in a static archive and linked
# (unstripped: the hidden definitions are local there, marked N_PEXT).
compile "$DEVICE" "$SRC/HiddenLibsKit.m" "$WORK/HiddenLibsKit.o"
"$AR" rcs "$HERE/bin/libhiddenlibs.a" "$WORK/HiddenLibsKit.o"
link_device "$HERE/bin/libhiddenlibs.dylib" -dylib @rpath/libhiddenlibs.dylib "$WORK/HiddenLibsKit.o"

# ImportingLibsKit.framework: imports all of them from a library named like none of the SDKs.
ILK="$HERE/ImportingLibsKit.framework"
mkdir -p "$ILK"
compile "$DEVICE" "$SRC/ImportingLibsKit.m" "$WORK/ImportingLibsKit.o"
link_device "$ILK/ImportingLibsKit" -dylib @rpath/ImportingLibsKit.framework/ImportingLibsKit \
  "$WORK/ImportingLibsKit.o" "$SRC/BundledDeps.tbd"
python3 "$PLISTS" framework "$ILK/Info.plist" ImportingLibsKit iPhoneOS
