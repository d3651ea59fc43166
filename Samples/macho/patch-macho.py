#!/usr/bin/env python3
"""Copy a thin 64-bit little-endian Mach-O image with one documented change.

usage: patch-macho.py empty-symtab INPUT OUTPUT
       patch-macho.py encrypt INPUT OUTPUT

empty-symtab: LC_SYMTAB and LC_DYSYMTAB stay in place with every count and offset set to
  zero, and the bytes of the nlist array, string table and indirect symbol table are
  overwritten with zeros. The image's imports are then only in its dyld information
  (LC_DYLD_CHAINED_FIXUPS or the LC_DYLD_INFO_ONLY bind opcodes), as in a fully stripped
  binary.
encrypt: sets cryptid = 1 in LC_ENCRYPTION_INFO_64 (what an App Store FairPlay-encrypted
  binary says); the bytes are not really encrypted, only the flag is what readers report.
"""
import struct
import sys

LC_SYMTAB = 0x2
LC_DYSYMTAB = 0xB
LC_ENCRYPTION_INFO_64 = 0x2C


def load_commands(data):
    """Yield (offset, cmd, cmdsize) for each load command of a thin 64-bit image."""
    magic, _, _, _, ncmds, _, _ = struct.unpack_from("<IiiIIII", data, 0)
    if magic != 0xFEEDFACF:
        raise SystemExit("expected a thin 64-bit little-endian Mach-O image")
    offset = 32
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, offset)
        yield offset, cmd, cmdsize
        offset += cmdsize


def empty_symtab(data):
    for offset, cmd, _ in load_commands(data):
        if cmd == LC_SYMTAB:
            symoff, nsyms, stroff, strsize = struct.unpack_from("<IIII", data, offset + 8)
            data[symoff:symoff + nsyms * 16] = bytes(nsyms * 16)
            data[stroff:stroff + strsize] = bytes(strsize)
            struct.pack_into("<IIII", data, offset + 8, 0, 0, 0, 0)
        elif cmd == LC_DYSYMTAB:
            fields = struct.unpack_from("<18I", data, offset + 8)
            indirectsymoff, nindirectsyms = fields[12], fields[13]
            data[indirectsymoff:indirectsymoff + nindirectsyms * 4] = bytes(nindirectsyms * 4)
            struct.pack_into("<18I", data, offset + 8, *([0] * 18))


def encrypt(data):
    for offset, cmd, _ in load_commands(data):
        if cmd == LC_ENCRYPTION_INFO_64:
            struct.pack_into("<I", data, offset + 16, 1)
            return
    raise SystemExit("no LC_ENCRYPTION_INFO_64")


def main(argv):
    if len(argv) != 3 or argv[0] not in ("empty-symtab", "encrypt"):
        raise SystemExit(__doc__)
    with open(argv[1], "rb") as handle:
        data = bytearray(handle.read())
    {"empty-symtab": empty_symtab, "encrypt": encrypt}[argv[0]](data)
    with open(argv[2], "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main(sys.argv[1:])
