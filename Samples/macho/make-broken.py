#!/usr/bin/env python3
"""Derive the broken Mach-O fixtures in broken/ from the good ones in bin/.

usage: make-broken.py BIN_DIR BROKEN_DIR

Each function below writes one file and says in its docstring what is wrong with it and
what a reader must do (every case must give one clear error, or skip one bad item, and never
crash, hang or allocate by the bad count). README.md lists the same cases.
"""
import os
import struct
import sys

LC_SEGMENT_64 = 0x19
LC_SYMTAB = 0x2
LC_DYLD_INFO_ONLY = 0x80000022
LC_DYLD_CHAINED_FIXUPS = 0x80000034

CASES = []


def case(function):
    CASES.append(function)
    return function


def commands(data):
    """Yield (offset, cmd, cmdsize) for each load command of a thin 64-bit LE image."""
    ncmds = struct.unpack_from("<I", data, 16)[0]
    offset = 32
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, offset)
        yield offset, cmd, cmdsize
        offset += cmdsize


def command(data, wanted):
    for offset, cmd, _ in commands(data):
        if cmd == wanted:
            return offset
    raise SystemExit(f"load command {wanted:#x} not found")


def symtab(data):
    """(command offset, symoff, nsyms, stroff, strsize)."""
    offset = command(data, LC_SYMTAB)
    return (offset,) + struct.unpack_from("<IIII", data, offset + 8)


def first_undefined_nlist(data):
    """File offset of the first undefined external nlist_64 entry."""
    _, symoff, nsyms, _, _ = symtab(data)
    for index in range(nsyms):
        entry = symoff + 16 * index
        n_type = data[entry + 4]
        if n_type & 0x0E == 0 and n_type & 0x01:
            return entry
    raise SystemExit("no undefined symbol")


# --- thin image cases (from libbinds-chained.dylib / libbinds-classic.dylib) --------------

@case
def truncated_header(good, fat, archive, classic):
    """truncated-header.dylib: 16 bytes, half a mach_header_64."""
    return "truncated-header.dylib", good[:16]


@case
def truncated_load_commands(good, fat, archive, classic):
    """truncated-load-commands.dylib: the file ends in the middle of the load commands."""
    sizeofcmds = struct.unpack_from("<I", good, 20)[0]
    return "truncated-load-commands.dylib", good[:32 + sizeofcmds // 2]


@case
def truncated_linkedit(good, fat, archive, classic):
    """truncated-linkedit.dylib: cut 8 bytes into __LINKEDIT, so the chained fixups, symbol
    table and string table all point past the end of the file."""
    for offset, cmd, _ in commands(good):
        if cmd == LC_SEGMENT_64 and good[offset + 8:offset + 24].rstrip(b"\0") == b"__LINKEDIT":
            fileoff = struct.unpack_from("<Q", good, offset + 40)[0]
            return "truncated-linkedit.dylib", good[:fileoff + 8]
    raise SystemExit("no __LINKEDIT")


@case
def huge_ncmds(good, fat, archive, classic):
    """huge-ncmds.dylib: ncmds = 0xffffffff with the real sizeofcmds."""
    data = bytearray(good)
    struct.pack_into("<I", data, 16, 0xFFFFFFFF)
    return "huge-ncmds.dylib", data


@case
def huge_sizeofcmds(good, fat, archive, classic):
    """huge-sizeofcmds.dylib: sizeofcmds = 0xfffffff0, far beyond the file."""
    data = bytearray(good)
    struct.pack_into("<I", data, 20, 0xFFFFFFF0)
    return "huge-sizeofcmds.dylib", data


@case
def huge_nsyms(good, fat, archive, classic):
    """huge-nsyms.dylib: LC_SYMTAB nsyms = 0x0fffffff (4 GiB of nlist_64 that do not exist)."""
    data = bytearray(good)
    offset = symtab(data)[0]
    struct.pack_into("<I", data, offset + 12, 0x0FFFFFFF)
    return "huge-nsyms.dylib", data


@case
def huge_nsects(good, fat, archive, classic):
    """huge-nsects.dylib: the __TEXT segment claims 0xffffffff sections."""
    data = bytearray(good)
    for offset, cmd, _ in commands(data):
        if cmd == LC_SEGMENT_64 and data[offset + 8:offset + 24].rstrip(b"\0") == b"__TEXT":
            struct.pack_into("<I", data, offset + 64, 0xFFFFFFFF)
            return "huge-nsects.dylib", data
    raise SystemExit("no __TEXT")


@case
def cmdsize_zero(good, fat, archive, classic):
    """cmdsize-zero.dylib: the first load command has cmdsize 0 (a naive loop never ends)."""
    data = bytearray(good)
    struct.pack_into("<I", data, 32 + 4, 0)
    return "cmdsize-zero.dylib", data


@case
def cmdsize_past_end(good, fat, archive, classic):
    """cmdsize-past-sizeofcmds.dylib: the second load command's cmdsize runs past sizeofcmds."""
    data = bytearray(good)
    first_size = struct.unpack_from("<I", data, 36)[0]
    struct.pack_into("<I", data, 32 + first_size + 4, 0x00100000)
    return "cmdsize-past-sizeofcmds.dylib", data


@case
def symtab_past_end(good, fat, archive, classic):
    """symtab-past-end.dylib: symoff points 4 KiB beyond the end of the file."""
    data = bytearray(good)
    offset = symtab(data)[0]
    struct.pack_into("<I", data, offset + 8, len(data) + 0x1000)
    return "symtab-past-end.dylib", data


@case
def strtab_past_end(good, fat, archive, classic):
    """strtab-past-end.dylib: the string table starts 4 bytes before the end and claims 64 KiB."""
    data = bytearray(good)
    offset = symtab(data)[0]
    struct.pack_into("<II", data, offset + 16, len(data) - 4, 0x10000)
    return "strtab-past-end.dylib", data


@case
def overlapping_symtab_strtab(good, fat, archive, classic):
    """overlapping-symtab-strtab.dylib: stroff = symoff, the string table overlaps the nlist
    array (every offset is inside the file; the tables overlap)."""
    data = bytearray(good)
    offset, symoff, _, _, _ = symtab(data)
    struct.pack_into("<I", data, offset + 16, symoff)
    return "overlapping-symtab-strtab.dylib", data


@case
def string_index_out_of_range(good, fat, archive, classic):
    """bad-string-index.dylib: one undefined symbol's n_strx is 0x7fffffff; only that symbol
    is bad (skip it, keep the others)."""
    data = bytearray(good)
    struct.pack_into("<I", data, first_undefined_nlist(data), 0x7FFFFFFF)
    return "bad-string-index.dylib", data


@case
def library_ordinal_out_of_range(good, fat, archive, classic):
    """bad-library-ordinal.dylib: one undefined symbol's two-level library ordinal is 200
    (the image links 4 libraries); the symbol is read with an unknown library."""
    data = bytearray(good)
    entry = first_undefined_nlist(data)
    n_desc = struct.unpack_from("<H", data, entry + 6)[0]
    struct.pack_into("<H", data, entry + 6, (n_desc & 0x00FF) | (200 << 8))
    return "bad-library-ordinal.dylib", data


@case
def chained_imports_past_end(good, fat, archive, classic):
    """chained-imports-past-end.dylib: dyld_chained_fixups_header.imports_count = 0x0fffffff,
    so the imports table runs far past the fixups blob and the file."""
    data = bytearray(good)
    offset = command(data, LC_DYLD_CHAINED_FIXUPS)
    dataoff = struct.unpack_from("<I", data, offset + 8)[0]
    struct.pack_into("<I", data, dataoff + 16, 0x0FFFFFFF)
    return "chained-imports-past-end.dylib", data


@case
def bind_opcodes_past_end(good, fat, archive, classic):
    """bind-past-end.dylib (classic binds): bind_off points beyond the end of the file."""
    data = bytearray(classic)
    offset = command(data, LC_DYLD_INFO_ONLY)
    struct.pack_into("<I", data, offset + 16, len(data) + 64)
    return "bind-past-end.dylib", data


@case
def bind_opcodes_runaway(good, fat, archive, classic):
    """bind-runaway-count.dylib (classic binds): the bind stream starts with
    BIND_OPCODE_DO_BIND_ULEB_TIMES_SKIPPING_ULEB with count 2^62; a reader must stop at the
    segment's end instead of looping 2^62 times."""
    data = bytearray(classic)
    offset = command(data, LC_DYLD_INFO_ONLY)
    bind_off, bind_size = struct.unpack_from("<II", data, offset + 16)
    count = bytes([0x80] * 8 + [0x40])  # ULEB128 of 2^62 (9 bytes)
    stream = (bytes([0x11]) + bytes([0x40]) + b"_stat\0" + bytes([0x51]) + bytes([0x72, 0x00])
              + bytes([0xC0]) + count + bytes([0x00]) + bytes([0x00]))
    if len(stream) > bind_size:
        raise SystemExit("bind stream too small for the runaway case")
    data[bind_off:bind_off + len(stream)] = stream
    return "bind-runaway-count.dylib", data


@case
def garbage_with_magic(good, fat, archive, classic):
    """garbage-with-macho-magic.dylib: MH_MAGIC_64 followed by 4 KiB of pseudo-random bytes."""
    state = 0x12345678
    noise = bytearray()
    for _ in range(4096):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        noise.append(state >> 16 & 0xFF)
    return "garbage-with-macho-magic.dylib", struct.pack("<I", 0xFEEDFACF) + bytes(noise)


@case
def empty_file(good, fat, archive, classic):
    """empty.dylib: zero bytes."""
    return "empty.dylib", b""


@case
def fake_dylib(good, fat, archive, classic):
    """libfake.dylib: a short text file named like a library."""
    return "libfake.dylib", b"This is not a dynamic library, only text with a .dylib name.\n"


@case
def java_class(good, fat, archive, classic):
    """Hello.class: a real, minimal Java class file (class Hello extends java.lang.Object,
    no members; Java 8, major version 52). Its magic is 0xcafebabe like FAT_MAGIC: read as a
    fat header it claims 52 architectures. It must be recognised as not Mach-O."""
    def utf8(text):
        encoded = text.encode("ascii")
        return bytes([1]) + struct.pack(">H", len(encoded)) + encoded

    pool = [bytes([7]) + struct.pack(">H", 2), utf8("Hello"),
            bytes([7]) + struct.pack(">H", 4), utf8("java/lang/Object")]
    body = struct.pack(">IHHH", 0xCAFEBABE, 0, 52, len(pool) + 1) + b"".join(pool)
    body += struct.pack(">HHHHHHH", 0x0021, 1, 3, 0, 0, 0, 0)
    return "Hello.class", body


# --- universal cases (from universal.dylib) -----------------------------------------------

@case
def huge_nfat_arch(good, fat, archive, classic):
    """huge-nfat-arch.dylib: FAT_MAGIC with nfat_arch = 0xffffffff and one real entry."""
    data = bytearray(fat[:4096])
    struct.pack_into(">I", data, 4, 0xFFFFFFFF)
    return "huge-nfat-arch.dylib", data


@case
def fat_slice_past_end(good, fat, archive, classic):
    """fat-slice-past-end.dylib: the second slice's offset is beyond the end of the file."""
    data = bytearray(fat)
    struct.pack_into(">I", data, 8 + 20 + 8, len(data) + 0x4000)
    return "fat-slice-past-end.dylib", data


@case
def fat_overlapping_slices(good, fat, archive, classic):
    """fat-overlapping-slices.dylib: both fat_arch entries point at the first slice's bytes
    (overlapping slices; the second one's CPU type does not match the image it points at)."""
    data = bytearray(fat)
    first_offset, first_size = struct.unpack_from(">II", data, 8 + 8)
    struct.pack_into(">II", data, 8 + 20 + 8, first_offset, first_size)
    return "fat-overlapping-slices.dylib", data


@case
def fat_truncated(good, fat, archive, classic):
    """fat-truncated.dylib: the universal file cut in the middle of its first slice."""
    first_offset, first_size = struct.unpack_from(">II", fat, 8 + 8)
    return "fat-truncated.dylib", fat[:first_offset + first_size // 2]


# --- archive cases (from libmembers.a) ----------------------------------------------------

def archive_members(data):
    """Yield (header offset, name field, size) for each member of a BSD archive."""
    offset = 8
    while offset + 60 <= len(data):
        name = data[offset:offset + 16].decode("ascii").rstrip()
        size = int(data[offset + 48:offset + 58].decode("ascii").strip())
        yield offset, name, size
        offset += 60 + size + (size & 1)


@case
def archive_truncated(good, fat, archive, classic):
    """archive-truncated.a: the archive cut in the middle of its third member."""
    members = list(archive_members(archive))
    offset, _, size = members[2]
    return "archive-truncated.a", archive[:offset + 60 + size // 2]


@case
def archive_huge_member(good, fat, archive, classic):
    """archive-huge-member-size.a: the second member's size field is 9999999999."""
    data = bytearray(archive)
    offset = list(archive_members(archive))[1][0]
    data[offset + 48:offset + 58] = b"9999999999"
    return "archive-huge-member-size.a", data


@case
def archive_long_name_past_member(good, fat, archive, classic):
    """archive-long-name-too-long.a: a "#1/NN" member whose name length NN exceeds the
    member's size."""
    data = bytearray(archive)
    for offset, name, size in archive_members(archive):
        if name.startswith("#1/"):
            data[offset:offset + 16] = f"#1/{size + 100}".ljust(16).encode("ascii")
            return "archive-long-name-too-long.a", data
    raise SystemExit("no long-name member")


@case
def archive_garbage_member(good, fat, archive, classic):
    """archive-garbage-member.a: one member's bytes overwritten with text; the other members
    must still be read."""
    data = bytearray(archive)
    offset, name, size = list(archive_members(archive))[2]
    start = offset + 60 + (int(name[3:]) if name.startswith("#1/") else 0)
    filler = b"not an object file. " * (size // 20 + 1)
    data[start:offset + 60 + size] = filler[:offset + 60 + size - start]
    return "archive-garbage-member.a", data


# --- code signature cases (from Fixture.framework/Fixture's ad-hoc LC_CODE_SIGNATURE) ---------

LC_CODE_SIGNATURE = 0x1D
SIGNED = b""  # Fixture.framework/Fixture, set by main()


def signature(data):
    """File offset of the superblob."""
    return struct.unpack_from("<I", data, command(data, LC_CODE_SIGNATURE) + 8)[0]


def first_directory(data):
    """File offset of the code directory the superblob's first index entry names."""
    blob = signature(data)
    return blob + struct.unpack_from(">I", data, blob + 16)[0]


def patched_signature(name, field, value):
    """(name, SIGNED with the big-endian 32-bit field at offset field(data) set to value)."""
    data = bytearray(SIGNED)
    struct.pack_into(">I", data, field(data), value)
    return name, data


@case
def signature_huge_count(good, fat, archive, classic):
    """signature-huge-count.dylib: the superblob's count is 0x20000000 (an index of 4 GiB); the
    signature is one problem, the rest of the image is read."""
    return patched_signature("signature-huge-count.dylib", lambda data: signature(data) + 8, 0x20000000)


@case
def signature_offset_past_end(good, fat, archive, classic):
    """signature-offset-past-end.dylib: the code directory's index offset is 0xfffffff0."""
    return patched_signature("signature-offset-past-end.dylib", lambda data: signature(data) + 16, 0xFFFFFFF0)


@case
def signature_directory_too_long(good, fat, archive, classic):
    """signature-directory-too-long.dylib: the code directory claims 0x7ffffff0 bytes, more than
    the superblob holds."""
    return patched_signature("signature-directory-too-long.dylib", lambda data: first_directory(data) + 4,
                             0x7FFFFFF0)


@case
def signature_identifier_outside(good, fat, archive, classic):
    """signature-identifier-outside.dylib: the code directory's identOffset points past its end
    (its length + 100)."""
    directory = first_directory(SIGNED)
    length = struct.unpack_from(">I", SIGNED, directory + 4)[0]
    return patched_signature("signature-identifier-outside.dylib", lambda data: directory + 20, length + 100)


def main(bin_dir, broken_dir):
    def read(name):
        with open(os.path.join(bin_dir, name), "rb") as handle:
            return handle.read()

    global SIGNED
    SIGNED = read("Fixture.framework/Fixture")
    inputs = (read("libbinds-chained.dylib"), read("universal.dylib"), read("libmembers.a"),
              read("libbinds-classic.dylib"))
    for function in CASES:
        name, data = function(*inputs)
        with open(os.path.join(broken_dir, name), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
