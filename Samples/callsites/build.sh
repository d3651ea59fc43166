#!/usr/bin/env bash
# Builds the call-site fixtures in Samples/callsites/bin from src/ and the hand-written .tbd
# stubs in stubs/ (see README.md for what each file exercises). Deterministic and re-runnable.
#
# Tools: the Swift toolchain's clang and ld.lld, and Debian's ld64.lld-16 (package lld-16),
# as Samples/macho/build.sh uses them.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# TOOLS, CLANG, OBJCOPY, LD (ld64.lld-16), LDFLAGS_COMMON, WORK, compile.
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
STUBS="$HERE/stubs"
BIN="$HERE/bin"

rm -rf "$BIN"
mkdir -p "$BIN"

# Mach-O: arm64 iOS device (chained fixups, __objc_stubs) and x86_64 iOS simulator (classic
# binds). Each gets the objects and one dylib.
for pair in arm64:arm64-apple-ios15.0:-fixup_chains x86_64:x86_64-apple-ios15.0-simulator:-no_fixup_chains; do
  IFS=: read -r arch triple fixups <<<"$pair"
  platform=ios; [ "$arch" = x86_64 ] && platform=ios-simulator
  for source in calls.c messages.m selector_stub.c; do
    compile "$triple" "$SRC/$source" "$WORK/$arch-${source%.*}.o" -fblocks
  done
  cp "$WORK/$arch-calls.o" "$BIN/calls-$arch.o"
  cp "$WORK/$arch-messages.o" "$BIN/messages-$arch.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version "$platform" 15.0 17.0 -dylib \
    -install_name "@rpath/libcallsites-$arch.dylib" "$fixups" -no_adhoc_codesign \
    "$WORK/$arch-calls.o" "$WORK/$arch-messages.o" "$WORK/$arch-selector_stub.o" \
    "$STUBS/libSystem.tbd" "$STUBS/libobjc.tbd" "$STUBS/Foundation.tbd" \
    -o "$BIN/libcallsites-$arch.dylib"
  # arm64 with classic binds too (LC_DYLD_INFO_ONLY): its __objc_classrefs slots are bound by
  # bind opcodes instead of chained fixups.
  if [ "$arch" = arm64 ]; then
    "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version "$platform" 15.0 17.0 -dylib \
      -install_name "@rpath/libcallsites-$arch-classic.dylib" -no_fixup_chains -no_adhoc_codesign \
      "$WORK/$arch-calls.o" "$WORK/$arch-messages.o" "$WORK/$arch-selector_stub.o" \
      "$STUBS/libSystem.tbd" "$STUBS/libobjc.tbd" "$STUBS/Foundation.tbd" \
      -o "$BIN/libcallsites-$arch-classic.dylib"
  fi
  # Weak: a weak import tested for NULL, and a weak definition called through its stub.
  compile "$triple" "$SRC/weak.c" "$WORK/$arch-weak.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version "$platform" 15.0 17.0 -dylib \
    -install_name "@rpath/libweak-$arch.dylib" "$fixups" -no_adhoc_codesign \
    "$WORK/$arch-weak.o" "$STUBS/libSystem.tbd" -o "$BIN/libweak-$arch.dylib"
  # Stripped: functions known only from LC_FUNCTION_STARTS, methods named from the class metadata.
  "$OBJCOPY" --strip-all "$BIN/libcallsites-$arch.dylib" "$BIN/libcallsites-$arch-stripped.dylib"
done

# possible-dynamic-use through an NSString literal: cfstring/ (outside bin/, which the
# differential tests walk). An arm64 object (relocated __cfstring pointers), an arm64 dylib
# (chained-fixup rebases) and an x86_64 simulator dylib (classic rebases).
CFS="$HERE/cfstring"
rm -rf "$CFS"
mkdir -p "$CFS"
for pair in arm64:arm64-apple-ios15.0:-fixup_chains:ios x86_64:x86_64-apple-ios15.0-simulator:-no_fixup_chains:ios-simulator; do
  IFS=: read -r arch triple fixups platform <<<"$pair"
  compile "$triple" "$SRC/dynamic_cfstring.m" "$WORK/$arch-dynamic_cfstring.o" -fblocks
  [ "$arch" = arm64 ] && cp "$WORK/$arch-dynamic_cfstring.o" "$CFS/dynamic-cfstring-$arch.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version "$platform" 15.0 17.0 -dylib \
    -install_name "@rpath/libdynamic-cfstring-$arch.dylib" "$fixups" -no_adhoc_codesign \
    "$WORK/$arch-dynamic_cfstring.o" "$STUBS/libSystem.tbd" "$STUBS/libobjc.tbd" "$STUBS/Foundation.tbd" \
    "$HERE/../sdks/stubs/CoreFoundation.tbd" -o "$CFS/libdynamic-cfstring-$arch.dylib"
done

# ELF: shared objects calling stat through the PLT (undefined symbols are allowed in a shared
# object, so no C library is needed to link).
for triple in x86_64-linux-gnu aarch64-linux-gnu; do
  "$CLANG" -target "$triple" -O1 -fPIC -fno-stack-protector -c "$SRC/stat_plt.c" -o "$WORK/stat_plt-$triple.o"
  "$TOOLS/ld.lld" -shared --hash-style=gnu --build-id=none -soname "libstatplt-${triple%%-*}.so" \
    "$WORK/stat_plt-$triple.o" -o "$BIN/libstatplt-${triple%%-*}.so"
done

# Stripped ELF: `stat` called from an exported function and from a static one, which only its
# .eh_frame FDE places once the symbol table is gone. The unstripped link is kept beside it
# (stat-local/, outside bin/) as the answer: its .symtab names the static function.
LOCAL="$HERE/stat-local"
rm -rf "$LOCAL"
mkdir -p "$LOCAL"
for triple in x86_64-linux-gnu aarch64-linux-gnu; do
  arch="${triple%%-*}"
  compile "$triple" "$SRC/stat_local.c" "$WORK/stat_local-$arch.o" -fPIC -fno-stack-protector
  "$TOOLS/ld.lld" -shared --hash-style=gnu --build-id=none --eh-frame-hdr -soname "libstatlocal-$arch.so" \
    "$WORK/stat_local-$arch.o" -o "$LOCAL/libstatlocal-$arch.so"
  "$TOOLS/ld.lld" -shared --hash-style=gnu --build-id=none --eh-frame-hdr --strip-all \
    -soname "libstatlocal-$arch.so" "$WORK/stat_local-$arch.o" -o "$BIN/libstatlocal-$arch-stripped.so"
  # .symtab cut down to the static function alone (as `strip -K` leaves it): the exported
  # functions are named by .dynsym only.
  "$OBJCOPY" --strip-all --keep-symbol=probe_local "$LOCAL/libstatlocal-$arch.so" \
    "$BIN/libstatlocal-$arch-kept-local.so"
done
