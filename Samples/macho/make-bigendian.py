#!/usr/bin/env python3
"""Write two hand-assembled big-endian Mach-O files (no toolchain emits PowerPC any more).

usage: make-bigendian.py OUTPUT_DIR

bigendian-ppc.dylib   MH_MAGIC 0xfeedface stored big-endian, CPU_TYPE_POWERPC, MH_DYLIB,
                      MH_TWOLEVEL: LC_SEGMENT __TEXT (one __text section), LC_ID_DYLIB,
                      LC_LOAD_DYLIB /usr/lib/libSystem.B.dylib, LC_SYMTAB with nlist
                      entries: _ppc_fixture (defined, section 1) and _stat (undefined,
                      library ordinal 1 = libSystem).
bigendian-ppc64.o     MH_MAGIC_64 0xfeedfacf stored big-endian, CPU_TYPE_POWERPC64,
                      MH_OBJECT: LC_SEGMENT_64 (one __text section), LC_SYMTAB with
                      nlist_64 entries _ppc64_fixture (defined) and _statfs (undefined).
Every field is written with struct ">" formats; the layout is header, load commands,
__text (4 bytes: blr), symbol table, string table.
"""
import os
import struct
import sys

CPU_TYPE_POWERPC = 18
CPU_TYPE_POWERPC64 = 18 | 0x01000000
BLR = struct.pack(">I", 0x4E800020)
N_UNDF_EXT = 0x01
N_SECT_EXT = 0x0F


def string_table(names):
    table = b"\0"
    offsets = []
    for name in names:
        offsets.append(len(table))
        table += name.encode("ascii") + b"\0"
    table += b"\0" * (-len(table) % 8)
    return table, offsets


def dylib_command(cmd, name):
    body = name.encode("ascii") + b"\0"
    size = 24 + len(body)
    size += -size % 4
    return struct.pack(">IIIIII", cmd, size, 24, 2, 0x10000, 0x10000) + body.ljust(size - 24, b"\0")


def ppc_dylib():
    names = ["_ppc_fixture", "_stat"]
    strings, offsets = string_table(names)
    id_dylib = dylib_command(0xD, "/usr/lib/libbigendian.dylib")
    load_dylib = dylib_command(0xC, "/usr/lib/libSystem.B.dylib")
    sizeofcmds = (56 + 68) + len(id_dylib) + len(load_dylib) + 24
    text_off = 28 + sizeofcmds
    sym_off = text_off + len(BLR)
    str_off = sym_off + 12 * len(names)
    segment = struct.pack(">II16sIIIIiiII", 0x1, 56 + 68, b"__TEXT", 0, 0x1000, 0, str_off + len(strings),
                          5, 5, 1, 0)
    section = struct.pack(">16s16sIIIIIIIII", b"__text", b"__TEXT", text_off, len(BLR), text_off, 2,
                          0, 0, 0x80000400, 0, 0)
    symtab = struct.pack(">IIIIII", 0x2, 24, sym_off, len(names), str_off, len(strings))
    header = struct.pack(">IiiIIII", 0xFEEDFACE, CPU_TYPE_POWERPC, 0, 0x6, 4, sizeofcmds, 0x80)
    symbols = struct.pack(">IBBhI", offsets[0], N_SECT_EXT, 1, 0, text_off)
    symbols += struct.pack(">IBBhI", offsets[1], N_UNDF_EXT, 0, 1 << 8, 0)
    return header + segment + section + id_dylib + load_dylib + symtab + BLR + symbols + strings


def ppc64_object():
    names = ["_ppc64_fixture", "_statfs"]
    strings, offsets = string_table(names)
    sizeofcmds = (72 + 80) + 24
    text_off = 32 + sizeofcmds
    sym_off = text_off + 8
    str_off = sym_off + 16 * len(names)
    segment = struct.pack(">II16sQQQQiiII", 0x19, 72 + 80, b"", 0, len(BLR), text_off, len(BLR),
                          7, 7, 1, 0)
    section = struct.pack(">16s16sQQIIIIIIII", b"__text", b"__TEXT", 0, len(BLR), text_off, 2,
                          0, 0, 0x80000400, 0, 0, 0)
    symtab = struct.pack(">IIIIII", 0x2, 24, sym_off, len(names), str_off, len(strings))
    header = struct.pack(">IiiIIIII", 0xFEEDFACF, CPU_TYPE_POWERPC64, 0, 0x1, 2, sizeofcmds, 0, 0)
    symbols = struct.pack(">IBBHQ", offsets[0], N_SECT_EXT, 1, 0, 0)
    symbols += struct.pack(">IBBHQ", offsets[1], N_UNDF_EXT, 0, 0, 0)
    return header + segment + section + symtab + BLR + b"\0" * 4 + symbols + strings


def main(output_dir):
    for name, data in (("bigendian-ppc.dylib", ppc_dylib()), ("bigendian-ppc64.o", ppc64_object())):
        with open(os.path.join(output_dir, name), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
