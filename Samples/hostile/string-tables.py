#!/usr/bin/env python3
"""Write object files whose symbol names overlap, repeat or run off the string table.

    Samples/hostile/string-tables.py OUTDIR

Each file is a valid 64-bit little-endian object (Mach-O MH_OBJECT for arm64, ELF ET_REL for
x86-64) with nothing but a symbol table of undefined global symbols and its string table. Both
formats let several symbols point into one string, so a few hundred KB of file can name
gigabytes of symbols:

- `suffixes.o`, `suffixes-elf.o`: 6,000 symbols point at 6,000 different suffixes of one
  200,000-byte string (about 600 MB of names from a 300 KB file);
- `repeated.o`, `repeated-elf.o`: 20,000 symbols all point at that whole string (4 GB);
- `repeated-stat.o`: the same, but the name starts as `_stat` does, so that the scan's catalog
  filter cannot turn it away by its first bytes and must measure it (Mach-O only: the ELF
  reader does not filter);
- `unterminated.o`, `unterminated-elf.o`: the string table ends in 8 MB that no NUL ends; of
  80,000 symbols, half name `_ok` (before that tail) and half point into the tail;
- `colliding.o`: 200,000 distinct 16-byte names that differ only in the top two bytes of each
  8-byte word, which a word-wise FNV hash without a final avalanche sends to one probe run
  (Mach-O only: the ELF reader keeps no set of names).

sdkvet must answer each with one error for that file, in bounded time and memory
(`Docs/SECURITY.md`). Python 3 standard library only.
"""

import os
import struct
import sys

LONG = 200_000
SUFFIX_COUNT = 6_000
REPEAT_COUNT = 20_000
COLLIDING_COUNT = 200_000
UNTERMINATED_COUNT = 80_000
UNTERMINATED_TAIL = 8 << 20


def long_string(start=b"_"):
    """A NUL, then LONG bytes of a name beginning with `start`, then its NUL: offset 1 is the whole name."""
    return b"\0" + start + b"A" * (LONG - len(start)) + b"\0"


def layouts():
    """(file stem, string table, name offsets) for each hostile shape."""
    step = LONG // SUFFIX_COUNT
    yield "suffixes", long_string(), [1 + step * index for index in range(SUFFIX_COUNT)]
    yield "repeated", long_string(), [1] * REPEAT_COUNT
    unterminated = b"\0_ok\0" + b"B" * UNTERMINATED_TAIL
    yield "unterminated", unterminated, [1 if index % 2 else 5 + index * 7 for index in range(UNTERMINATED_COUNT)]


def colliding():
    """Names `_hash_XYcolideZW`: X, Y, Z, W letters, so the names differ in bytes 6, 7, 14, 15 only."""
    letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    strings = bytearray(b"\0")
    offsets = []
    for index in range(COLLIDING_COUNT):
        digits = []
        for _ in range(4):
            index, digit = divmod(index, len(letters))
            digits.append(letters[digit])
        offsets.append(len(strings))
        strings += b"_hash_" + bytes(digits[:2]) + b"colide" + bytes(digits[2:]) + b"\0"
    return bytes(strings), offsets


def macho(strings, offsets):
    """MH_OBJECT, arm64: mach_header_64, LC_SYMTAB, nlist_64 entries, strings."""
    symbol_offset = 32 + 24
    string_offset = symbol_offset + 16 * len(offsets)
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 1, 1, 24, 0, 0)
    symtab = struct.pack("<IIIIII", 2, 24, symbol_offset, len(offsets), string_offset, len(strings))
    # N_UNDF | N_EXT, no section, no value: an import
    symbols = b"".join(struct.pack("<IBBHQ", offset, 0x01, 0, 0, 0) for offset in offsets)
    return header + symtab + symbols + strings


def elf(strings, offsets):
    """ET_REL, x86-64: header, .strtab, .symtab, .shstrtab, then the section headers."""
    section_names = b"\0.strtab\0.symtab\0.shstrtab\0"
    symbols = b"\0" * 24 + b"".join(struct.pack("<IBBHQQ", offset, 0x10, 0, 0, 0, 0) for offset in offsets)
    strings_at = 64
    symbols_at = strings_at + len(strings)
    symbols_at += -symbols_at % 8
    names_at = symbols_at + len(symbols)
    headers_at = names_at + len(section_names)
    headers_at += -headers_at % 8
    ident = b"\x7fELF" + bytes([2, 1, 1]) + b"\0" * 9
    header = ident + struct.pack("<HHIQQQIHHHHHH", 1, 62, 1, 0, 0, headers_at, 0, 64, 0, 0, 64, 4, 3)

    def section(name, kind, offset, size, link=0, info=0, align=1, entry=0):
        return struct.pack("<IIQQQQIIQQ", name, kind, 0, 0, offset, size, link, info, align, entry)

    headers = (
        b"\0" * 64
        + section(1, 3, strings_at, len(strings))
        + section(9, 2, symbols_at, len(symbols), link=1, info=1, align=8, entry=24)
        + section(17, 3, names_at, len(section_names))
    )
    image = bytearray(header)
    for offset, part in ((strings_at, strings), (symbols_at, symbols), (names_at, section_names), (headers_at, headers)):
        image.extend(b"\0" * (offset - len(image)))
        image.extend(part)
    return bytes(image)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for stem, strings, offsets in layouts():
        with open(os.path.join(out, stem + ".o"), "wb") as handle:
            handle.write(macho(strings, offsets))
        with open(os.path.join(out, stem + "-elf.o"), "wb") as handle:
            handle.write(elf(strings, offsets))
    with open(os.path.join(out, "colliding.o"), "wb") as handle:
        handle.write(macho(*colliding()))
    with open(os.path.join(out, "repeated-stat.o"), "wb") as handle:
        handle.write(macho(long_string(b"_stat"), [1] * REPEAT_COUNT))


if __name__ == "__main__":
    main()
