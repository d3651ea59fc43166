#!/usr/bin/env python3
"""Copy a thin 64-bit little-endian Mach-O image with one documented change.

usage: patch-macho.py empty-symtab INPUT OUTPUT
       patch-macho.py encrypt INPUT OUTPUT
       patch-macho.py dylib-kinds INPUT OUTPUT
       patch-macho.py team-signature INPUT OUTPUT

empty-symtab: LC_SYMTAB and LC_DYSYMTAB stay in place with every count and offset set to
  zero, and the bytes of the nlist array, string table and indirect symbol table are
  overwritten with zeros. The image's imports are then only in its dyld information
  (LC_DYLD_CHAINED_FIXUPS or the LC_DYLD_INFO_ONLY bind opcodes), as in a fully stripped
  binary.
encrypt: sets cryptid = 1 in LC_ENCRYPTION_INFO_64 (what an App Store FairPlay-encrypted
  binary says); the bytes are not really encrypted, only the flag is what readers report.
dylib-kinds: turns the last LC_LOAD_DYLIB into LC_LOAD_UPWARD_DYLIB and the one before it
  into LC_LAZY_LOAD_DYLIB (same dylib_command layout, same ordinals); ld64.lld-16 has no
  flags that write these.
team-signature: replaces an ad-hoc signature by one that names a team: a new CodeDirectory
  (version 0x20400, flags 0, identifier "dev.sdkvet.fixtures.Fixture", team ID
  "SDKVET1234", the old page hashes) plus an empty CMS wrapper blob, and updates
  LC_CODE_SIGNATURE and __LINKEDIT sizes. The hashes no longer match the bytes: readers
  report the identifier and team, they do not verify.
"""
import struct
import sys

LC_SYMTAB = 0x2
LC_DYSYMTAB = 0xB
LC_ENCRYPTION_INFO_64 = 0x2C
LC_LOAD_DYLIB = 0xC
LC_LAZY_LOAD_DYLIB = 0x20
LC_LOAD_UPWARD_DYLIB = 0x80000023
LC_SEGMENT_64 = 0x19
LC_CODE_SIGNATURE = 0x1D


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


def dylib_kinds(data):
    loads = [offset for offset, cmd, _ in load_commands(data) if cmd == LC_LOAD_DYLIB]
    if len(loads) < 2:
        raise SystemExit("need two LC_LOAD_DYLIB commands")
    struct.pack_into("<I", data, loads[-1], LC_LOAD_UPWARD_DYLIB)
    struct.pack_into("<I", data, loads[-2], LC_LAZY_LOAD_DYLIB)


def team_signature(data):
    commands = list(load_commands(data))
    signature = next(offset for offset, cmd, _ in commands if cmd == LC_CODE_SIGNATURE)
    dataoff, datasize = struct.unpack_from("<II", data, signature + 8)
    _, _, count = struct.unpack_from(">III", data, dataoff)
    old = None
    for index in range(count):
        slot_type, blob_offset = struct.unpack_from(">II", data, dataoff + 12 + 8 * index)
        if slot_type == 0:
            old = dataoff + blob_offset
    if old is None:
        raise SystemExit("no code directory")
    header = bytearray(data[old:old + 88])
    hash_offset, _, special_slots, code_slots = struct.unpack_from(">IIII", header, 16)
    hash_size = header[36]
    hashes = data[old + hash_offset - special_slots * hash_size:
                  old + hash_offset + code_slots * hash_size]
    identifier = b"dev.sdkvet.fixtures.Fixture\0"
    team = b"SDKVET1234\0"
    strings = identifier + team
    strings += b"\0" * (-len(strings) % 4)
    new_hash_offset = 88 + len(strings) + special_slots * hash_size
    directory_length = 88 + len(strings) + len(hashes)
    struct.pack_into(">II", header, 4, directory_length, 0x20400)
    struct.pack_into(">III", header, 12, 0, new_hash_offset, 88)
    struct.pack_into(">I", header, 48, 88 + len(identifier))
    directory = bytes(header) + strings + hashes
    cms = struct.pack(">II", 0xFADE0B01, 8)
    index_size = 12 + 8 * 2
    superblob = struct.pack(">III", 0xFADE0CC0, index_size + len(directory) + len(cms), 2)
    superblob += struct.pack(">II", 0, index_size)
    superblob += struct.pack(">II", 0x10000, index_size + len(directory))
    superblob += directory + cms
    superblob += b"\0" * (-len(superblob) % 16)
    del data[dataoff:]
    data += superblob
    struct.pack_into("<II", data, signature + 8, dataoff, len(superblob))
    for offset, cmd, _ in commands:
        if cmd == LC_SEGMENT_64 and data[offset + 8:offset + 24].rstrip(b"\0") == b"__LINKEDIT":
            fileoff = struct.unpack_from("<Q", data, offset + 40)[0]
            size = len(data) - fileoff
            struct.pack_into("<Q", data, offset + 32, size)
            struct.pack_into("<Q", data, offset + 48, size)


def main(argv):
    actions = {"empty-symtab": empty_symtab, "encrypt": encrypt, "dylib-kinds": dylib_kinds,
               "team-signature": team_signature}
    if len(argv) != 3 or argv[0] not in actions:
        raise SystemExit(__doc__)
    with open(argv[1], "rb") as handle:
        data = bytearray(handle.read())
    actions[argv[0]](data)
    with open(argv[2], "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main(sys.argv[1:])
