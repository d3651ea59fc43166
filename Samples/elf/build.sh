#!/usr/bin/env bash
# Builds the ELF fixtures the ELFSymbols tests read, from the C sources in src/.
# Run from anywhere; outputs land next to this script and in broken/. Needs gcc, binutils' ar,
# python3, and the Swift toolchain's clang, ld.lld and llvm-ar (cross targets need no sysroot:
# they are compiled with -c, or linked with -nostdlib so their imports stay undefined).
set -euo pipefail
cd "$(dirname "$0")"
TOOLS=${SWIFT_TOOLCHAIN_BIN:-/opt/swift/usr/bin}
CLANG="$TOOLS/clang"
LLVM_AR="$TOOLS/llvm-ar"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Reproducible output: no build paths, no timestamps in archives.
CFLAGS=(-O1 -g0 -fno-asynchronous-unwind-tables -ffile-prefix-map="$PWD"=.)

# Native x86_64 (or whatever gcc targets): shared object, executable, objects, archives.
gcc "${CFLAGS[@]}" -fPIC -shared -Wl,-soname,libstorageprobe.so.1 -Wl,--version-script=src/storage_probe.map \
  -o libstorageprobe.so src/storage_probe.c
gcc "${CFLAGS[@]}" -o storage-tool src/main.c -L. -lstorageprobe -Wl,-rpath,'$ORIGIN'
gcc "${CFLAGS[@]}" -c -o boot_clock.o src/boot_clock.c
# A hidden definition and a file-private one (ReadOptions.definitionFilter: only the first counts).
gcc "${CFLAGS[@]}" -c -o hidden_libs.o src/hidden_libs.c
gcc "${CFLAGS[@]}" -c -o "$work/disk_space_probe_helpers.o" src/disk_space_probe_helpers.c
rm -f libprobes.a libprobes-bsd.a
ar rcsD libprobes.a boot_clock.o "$work/disk_space_probe_helpers.o"
"$LLVM_AR" --format=bsd rcsD libprobes-bsd.a boot_clock.o "$work/disk_space_probe_helpers.o"

# 32-bit: a linked i386 object through gcc -m32 when its runtime is installed, otherwise clang.
if echo 'int main(void){return 0;}' | gcc -m32 -x c -o "$work/m32" - 2>/dev/null; then
  gcc "${CFLAGS[@]}" -m32 -c -o portable-i386.o src/portable_probe.c
else
  "$CLANG" "${CFLAGS[@]}" --target=i386-linux-gnu -c -o portable-i386.o src/portable_probe.c
fi
"$CLANG" "${CFLAGS[@]}" --target=i386-linux-gnu -fPIC -shared -nostdlib -fuse-ld=lld \
  -Wl,-soname,libportable-i386.so -o libportable-i386.so src/portable_probe.c

# Defined Swift module and Objective-C class names (ReadOptions.definedIdentities), exported
# from a shared object linked without libc.
"$CLANG" "${CFLAGS[@]}" --target=x86_64-linux-gnu -fPIC -shared -nostdlib -fuse-ld=lld \
  -Wl,-soname,libdefined-identities.so -o libdefined-identities.so src/defined_identities.c

# Big-endian: 64-bit PowerPC (object and shared object) and 32-bit MIPS (object).
"$CLANG" "${CFLAGS[@]}" --target=powerpc64-linux-gnu -c -o portable-ppc64.o src/portable_probe.c
"$CLANG" "${CFLAGS[@]}" --target=powerpc64-linux-gnu -fPIC -shared -nostdlib -fuse-ld=lld \
  -Wl,-soname,libportable-ppc64.so -o libportable-ppc64.so src/portable_probe.c
"$CLANG" "${CFLAGS[@]}" --target=mips-linux-gnu -c -o portable-mips.o src/portable_probe.c

# Required-reason APIs and a host on a 32-bit and a big-endian file: an armv7 Android shared
# object (ELF32 little-endian, DT_REL relocations, both DT_GNU_HASH and DT_HASH) and an s390x
# object (ELF64 big-endian).
"$CLANG" "${CFLAGS[@]}" --target=armv7a-linux-androideabi21 -fPIC -shared -nostdlib -fuse-ld=lld \
  -Wl,-soname,libforeign-armv7.so -o libforeign-armv7.so src/foreign_probe.c
"$CLANG" "${CFLAGS[@]}" --target=s390x-linux-gnu -c -o foreign-s390x.o src/foreign_probe.c

# Deliberately broken inputs.
mkdir -p broken
python3 - <<'PY'
import struct

def read(path):
    with open(path, "rb") as f:
        return bytearray(f.read())

def write(path, data):
    with open(path, "wb") as f:
        f.write(data)

library = read("libstorageprobe.so")
# The ELF header cut off after 40 bytes.
write("broken/truncated-header.so", library[:40])
# The first half of the library: the section header table (at the end) is gone.
write("broken/truncated.so", library[: len(library) // 2])
# e_shoff (ELF64, offset 40) pointing 4 KiB past the end of the file.
past = bytearray(library)
struct.pack_into("<Q", past, 40, len(library) + 4096)
write("broken/sections-past-end.so", past)

# .symtab with an entry size that is not sizeof(Elf64_Sym).
obj = read("boot_clock.o")
shoff, = struct.unpack_from("<Q", obj, 40)
shentsize, shnum = struct.unpack_from("<HH", obj, 58)
for i in range(shnum):
    header = shoff + i * shentsize
    if struct.unpack_from("<I", obj, header + 4)[0] == 2:  # SHT_SYMTAB
        struct.pack_into("<Q", obj, header + 56, 23)  # sh_entsize
write("broken/bad-symtab-entsize.o", obj)

# An archive whose second object's member header is damaged (bad size and terminator).
archive = read("libprobes.a")
offset, seen = 8, 0
while offset + 60 <= len(archive):
    name = archive[offset:offset + 16].decode("ascii", "replace").strip()
    size = int(archive[offset + 48:offset + 58].decode().strip())
    if name not in ("/", "//", "/SYM64/"):
        seen += 1
        if seen == 2:
            archive[offset + 48:offset + 60] = b"12x4zz    #!"
            break
    offset += 60 + size + (size & 1)
write("broken/corrupt-member.a", archive)
PY
printf 'This is a text file named like a library.\nIt is not ELF.\n' > broken/not-a-library.so
echo "built ELF fixtures in $PWD"
