#!/usr/bin/env bash
# Builds the Mach-O reader fixtures in Samples/macho/bin and Samples/macho/broken from the
# sources in src/ and the hand-written .tbd stubs in stubs/. Deterministic and re-runnable:
# every run deletes bin/ and broken/ and rebuilds them; two runs give identical bytes.
#
# Tools: the Swift toolchain's clang / llvm-ar / llvm-objcopy (no Apple SDK needed: the
# sources declare what they use) and Debian's ld64.lld-16 (package lld-16).
#
# Which flags give which encoding (ld64.lld-16):
#   -fixup_chains         imports in LC_DYLD_CHAINED_FIXUPS (DYLD_CHAINED_IMPORT table),
#                         exports in LC_DYLD_EXPORTS_TRIE
#   -no_fixup_chains      classic LC_DYLD_INFO_ONLY bind / weak-bind / lazy-bind opcodes
#                         (also ld64.lld-16's default when neither flag is given)
#   -platform_version ios 10.0 ...
#                         an old minimum OS gives LC_VERSION_MIN_IPHONEOS instead of
#                         LC_BUILD_VERSION
#   -weak_library X.tbd   LC_LOAD_WEAK_DYLIB, every import from X marked weak
#   __attribute__((weak_import)) in C
#                         N_WEAK_REF in the nlist and the weak-import flag in dyld info
#   -reexport_library     LC_REEXPORT_DYLIB
#   -rpath P              LC_RPATH
#   -adhoc_codesign       LC_CODE_SIGNATURE with an ad-hoc code directory (identifier = file
#                         name, no team ID); -no_adhoc_codesign leaves it out
#   -dylib / -bundle / (default)   MH_DYLIB / MH_BUNDLE / MH_EXECUTE (with LC_MAIN)
# LC_UUID is always written by ld64.lld (a hash of the output, so it is stable).
#
# Selector encodings: clang 21 (this toolchain) compiles `[obj sel]` to objc_msgSend plus an
# __objc_selrefs entry in the object. Xcode 14+ clang instead calls `_objc_msgSend$sel` stubs
# (no selref in the object); src/msgsend_stubs.c reproduces that with asm labels, and the
# linker turns those stubs into __objc_stubs + __objc_selrefs in linked images.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# CLANG, AR, OBJCOPY, LD (ld64.lld-16), LDFLAGS_COMMON, SYSTEM_STUBS, WORK, compile.
source "$HERE/../lib/toolchain.sh"

SRC="$HERE/src"
STUBS="$HERE/stubs"
BIN="$HERE/bin"
BROKEN="$HERE/broken"

rm -rf "$BIN" "$BROKEN"
mkdir -p "$BIN" "$BROKEN"

# Objects for every architecture / platform the fixtures need.
# name:triple pairs; the object directory is named after the key.
declare -A TRIPLES=(
  [ios-arm64]=arm64-apple-ios15.0
  [ios10-arm64]=arm64-apple-ios10.0
  [sim-x86_64]=x86_64-apple-ios15.0-simulator
  [sim-arm64]=arm64-apple-ios15.0-simulator
  [ios-armv7]=armv7-apple-ios9.0
  [watch-arm64_32]=arm64_32-apple-watchos5.0
  [catalyst-arm64]=arm64-apple-ios14.0-macabi
)
SOURCES=(fileinfo.c objcrefs.m msgsend_stubs.c weaklink.c main.c plugin.c
         archive/dates.c archive/a_rather_long_member_name_for_bsd_ar.c)
for key in "${!TRIPLES[@]}"; do
  mkdir -p "$WORK/$key"
  for source in "${SOURCES[@]}"; do
    base="$(basename "${source%.*}")"
    compile "${TRIPLES[$key]}" "$SRC/$source" "$WORK/$key/$base.o"
  done
done
D="$WORK/ios-arm64"

# --- Objects ------------------------------------------------------------------------------
cp "$D/fileinfo.o" "$BIN/fileinfo.o"              # C imports, weak import, Swift-mangled import
cp "$D/objcrefs.o" "$BIN/objcrefs.o"              # class refs + __objc_selrefs in an object
cp "$D/msgsend_stubs.o" "$BIN/msgsend-stubs.o"    # _objc_msgSend$<sel> imports, no selrefs
cp "$WORK/ios-armv7/fileinfo.o" "$BIN/legacy-armv7.o"        # 32-bit MH_OBJECT (armv7, iOS 9)
cp "$WORK/catalyst-arm64/fileinfo.o" "$BIN/catalyst-arm64.o" # LC_BUILD_VERSION macCatalyst

# --- Archives -----------------------------------------------------------------------------
# archive DIR OUTPUT: BSD (darwin) archive with a __.SYMDEF symbol index. The member
# a_rather_long_member_name_for_bsd_ar.o is longer than 16 characters, so llvm-ar writes
# it with a "#1/NN" long-name header.
archive() {
  local dir="$1" out="$2"
  rm -f "$out"
  (cd "$dir" && "$AR" --format=darwin rcsD "$out" fileinfo.o objcrefs.o msgsend_stubs.o \
    dates.o a_rather_long_member_name_for_bsd_ar.o)
}
archive "$D" "$BIN/libmembers.a"
# The same archive with the symbol index Apple's ranlib writes ("__.SYMDEF SORTED") and the
# 64-bit one ("__.SYMDEF_64"); llvm-ar only writes "__.SYMDEF" for these sizes.
python3 "$HERE/rewrite-symdef.py" sorted "$BIN/libmembers.a" "$BIN/libmembers-sorted.a"
python3 "$HERE/rewrite-symdef.py" symdef64 "$BIN/libmembers.a" "$BIN/libmembers-symdef64.a"
archive "$WORK/ios-armv7" "$WORK/libmembers-armv7.a"
archive "$WORK/sim-x86_64" "$WORK/libmembers-x86_64.a"
# Universal of archives (an old-style fat static library): armv7 + arm64 device, x86_64 sim.
python3 "$HERE/make-universal.py" "$BIN/libfat.a" \
  "$WORK/libmembers-armv7.a" "$BIN/libmembers.a" "$WORK/libmembers-x86_64.a"

# --- Linked images ------------------------------------------------------------------------
# link ARCH PLATFORM MIN OUTPUT ARGS...: ld64.lld-16 with the system stubs appended.
link() {
  local arch="$1" platform="$2" min="$3" out="$4"
  shift 4
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version "$platform" "$min" 17.0 "$@" "${SYSTEM_STUBS[@]}" \
    -o "$out"
}

# Framework binary: chained fixups, ad-hoc signature, UIKit weakly linked, rpath.
mkdir -p "$BIN/Fixture.framework"
link arm64 ios 15.0 "$BIN/Fixture.framework/Fixture" -dylib \
  -install_name @rpath/Fixture.framework/Fixture -current_version 1.2.3 \
  -compatibility_version 1.0.0 -fixup_chains -adhoc_codesign -rpath @loader_path/Frameworks \
  "$D/fileinfo.o" "$D/objcrefs.o" "$D/msgsend_stubs.o" "$D/weaklink.o" \
  -weak_library "$STUBS/UIKit.tbd"
cp "$SRC/Fixture-Info.plist" "$BIN/Fixture.framework/Info.plist"

# Same sources linked with both import encodings (no UIKit: objcrefs.o's UITextInputMode
# reference binds to the UIKit stub, linked normally here).
for mode in chained classic; do
  flag=-fixup_chains; [ "$mode" = classic ] && flag=-no_fixup_chains
  link arm64 ios 15.0 "$BIN/libbinds-$mode.dylib" -dylib \
    -install_name "@rpath/libbinds-$mode.dylib" "$flag" -no_adhoc_codesign \
    "$D/fileinfo.o" "$D/objcrefs.o" "$STUBS/UIKit.tbd"
done

# Old deployment target: LC_VERSION_MIN_IPHONEOS, classic binds (the default).
link arm64 ios 10.0 "$BIN/libold-ios10.dylib" -dylib -install_name @rpath/libold-ios10.dylib \
  -no_adhoc_codesign "$WORK/ios10-arm64/fileinfo.o"

# 32-bit linked image: arm64_32 (watchOS) uses mach_header / LC_SEGMENT / nlist (32-bit) and
# classic binds. (ld64.lld-16 cannot link armv7: its ARM stub writer is unimplemented, so
# armv7 is covered by objects and archives only.)
link arm64_32 watchos 5.0 "$BIN/watch-arm64_32.dylib" -dylib \
  -install_name @rpath/watch-arm64_32.dylib -no_adhoc_codesign \
  "$WORK/watch-arm64_32/fileinfo.o" "$WORK/watch-arm64_32/objcrefs.o" "$STUBS/UIKit.tbd"

# Re-exported library: LC_REEXPORT_DYLIB for libobjc.
"$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -dylib -install_name @rpath/libreexport.dylib \
  -no_adhoc_codesign "$D/plugin.o" "$STUBS/libSystem.tbd" "$STUBS/Foundation.tbd" \
  -reexport_library "$STUBS/libobjc.tbd" -o "$BIN/libreexport.dylib"

# Executable: MH_EXECUTE with LC_MAIN, links the fixture framework through @rpath.
link arm64 ios 15.0 "$BIN/tool" -execute -fixup_chains -adhoc_codesign \
  -rpath @executable_path/Frameworks "$D/main.o" "$BIN/Fixture.framework/Fixture"

# Bundle: MH_BUNDLE.
link arm64 ios 15.0 "$BIN/plugin.bundle" -bundle -fixup_chains -no_adhoc_codesign "$D/plugin.o"

# Universal dylib, 2 slices: arm64 (iOS device) + x86_64 (iOS simulator), the old "fat
# framework" layout. Written with FAT_MAGIC and again with FAT_MAGIC_64.
link arm64 ios 15.0 "$WORK/universal-arm64.dylib" -dylib -install_name @rpath/libuniversal.dylib \
  -no_adhoc_codesign "$D/fileinfo.o" "$D/objcrefs.o" "$STUBS/UIKit.tbd"
link x86_64 ios-simulator 15.0 "$WORK/universal-x86_64.dylib" -dylib \
  -install_name @rpath/libuniversal.dylib -no_adhoc_codesign \
  "$WORK/sim-x86_64/fileinfo.o" "$WORK/sim-x86_64/objcrefs.o" "$STUBS/UIKit.tbd"
python3 "$HERE/make-universal.py" "$BIN/universal.dylib" \
  "$WORK/universal-arm64.dylib" "$WORK/universal-x86_64.dylib"
python3 "$HERE/make-universal.py" --fat64 "$BIN/universal64.dylib" \
  "$WORK/universal-arm64.dylib" "$WORK/universal-x86_64.dylib"

# Simulator-only arm64 slice (LC_BUILD_VERSION platform iossimulator on arm64).
link arm64 ios-simulator 15.0 "$BIN/sim-arm64.dylib" -dylib -install_name @rpath/sim-arm64.dylib \
  -no_adhoc_codesign "$WORK/sim-arm64/fileinfo.o"

# Stripped symbol table. llvm-objcopy --strip-all keeps only the undefined symbols the
# indirect symbol table needs (the __got / __stubs ones): the Objective-C class imports are
# then only in the chained fixups.
cp "$BIN/libbinds-chained.dylib" "$BIN/stripped-chained.dylib"
"$OBJCOPY" --strip-all "$BIN/stripped-chained.dylib"
# No symbol table at all: every import is only in dyld info (chained fixups, or classic binds).
python3 "$HERE/patch-macho.py" empty-symtab "$BIN/libbinds-chained.dylib" "$BIN/nosymtab-chained.dylib"
python3 "$HERE/patch-macho.py" empty-symtab "$BIN/libbinds-classic.dylib" "$BIN/nosymtab-classic.dylib"
# LC_ENCRYPTION_INFO_64 with cryptid 1 (ld64.lld writes the command with cryptid 0).
python3 "$HERE/patch-macho.py" encrypt "$BIN/libbinds-classic.dylib" "$BIN/encrypted.dylib"
# LC_LAZY_LOAD_DYLIB and LC_LOAD_UPWARD_DYLIB (ld64.lld-16 cannot write them).
python3 "$HERE/patch-macho.py" dylib-kinds "$BIN/libbinds-classic.dylib" "$BIN/dylib-kinds.dylib"
# A signature naming an identifier and a team ID (ad-hoc signatures have no team).
python3 "$HERE/patch-macho.py" team-signature "$BIN/Fixture.framework/Fixture" "$BIN/team-signed.dylib"

# Big-endian thin images (PowerPC, assembled by hand: no current toolchain emits them).
python3 "$HERE/make-bigendian.py" "$BIN"

# --- Broken files -------------------------------------------------------------------------
python3 "$HERE/make-broken.py" "$BIN" "$BROKEN"

echo "build.sh: built $(find "$BIN" -type f | wc -l) files in bin/, $(find "$BROKEN" -type f | wc -l) in broken/"
