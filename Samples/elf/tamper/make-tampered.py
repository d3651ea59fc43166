#!/usr/bin/env python3
"""Write tampered copies of an ELF shared library whose section headers hide its imports.

usage: make-tampered.py [--source LIBRARY] OUTPUT_DIR

Each copy differs from LIBRARY (default: Samples/sdks/linux/libfilestat.so) only in what the
dynamic loader never reads -- section headers, or bytes appended after everything it maps --
so it still loads and binds exactly the same imports. A reader that takes imports from the
section headers sees none, or other ones; sdkvet must read them from the dynamic segment
(PT_DYNAMIC) and report `binary-headers-inconsistent`. Every variant is listed in VARIANTS
with what it changes; README.md in this folder says what sdkvet reports for each.
Python 3 standard library only; works on ELF32 and ELF64 of either byte order.
"""

import argparse
import os
import struct
import sys

SHT_SYMTAB_SHNDX = 18
SHT_DYNSYM = 11

# Undefined dynamic symbols renamed in the section view of `other-imports.so`, to names of the
# same length that are in no privacy category.
DECOY_NAMES = {b"stat": b"getpid", b"statfs": b"getuid"}


class ELF:
    """The fields of an ELF file this script edits, class and byte order taken from e_ident."""

    def __init__(self, data):
        if data[:4] != b"\x7fELF":
            raise ValueError("not an ELF file")
        self.data = bytearray(data)
        self.wide = data[4] == 2
        self.order = "<" if data[5] == 1 else ">"
        if self.wide:
            self.shoff_field, self.shoff_format, self.count_field = 40, "Q", 60
            self.shdr_format, self.sym_format = "IIQQQQIIQQ", "IBBHQQ"
        else:
            self.shoff_field, self.shoff_format, self.count_field = 32, "I", 48
            self.shdr_format, self.sym_format = "IIIIIIIIII", "IIIBBH"
        self.shentsize = struct.calcsize(self.order + self.shdr_format)
        self.symsize = struct.calcsize(self.order + self.sym_format)

    def get(self, fmt, offset):
        return struct.unpack_from(self.order + fmt, self.data, offset)

    def put(self, fmt, offset, *values):
        struct.pack_into(self.order + fmt, self.data, offset, *values)

    @property
    def shoff(self):
        return self.get(self.shoff_format, self.shoff_field)[0]

    def section_count(self):
        count = self.get("H", self.count_field)[0]
        return count or self.section(0)["size"]

    def header_offset(self, index):
        return self.shoff + index * self.shentsize

    def section(self, index):
        names = ("name", "type", "flags", "addr", "offset", "size", "link", "info", "addralign", "entsize")
        return dict(zip(names, self.get(self.shdr_format, self.header_offset(index))))

    def set_section(self, index, **fields):
        section = self.section(index)
        section.update(fields)
        self.put(self.shdr_format, self.header_offset(index), *section.values())

    def section_name(self, index):
        strings = self.section(self.get("H", self.count_field + 2)[0])
        start = strings["offset"] + self.section(index)["name"]
        return bytes(self.data[start:self.data.index(0, start)])

    def find(self, type_=None, name=None):
        for index in range(self.section_count()):
            if (type_ is None or self.section(index)["type"] == type_) and (
                    name is None or self.section_name(index) == name):
                return index
        raise ValueError(f"no section with type {type_} and name {name}")

    def append(self, blob, alignment=8):
        """Appends `blob` at an aligned offset after every byte of the file; returns its offset."""
        self.data += b"\0" * (-len(self.data) % alignment)
        offset = len(self.data)
        self.data += blob
        return offset


def no_section_headers(elf):
    """e_shoff 0: by the ELF specification the file has no section header table."""
    elf.put(elf.shoff_format, elf.shoff_field, 0)


def dynsym_links_itself(elf):
    """.dynsym's sh_link names .dynsym instead of .dynstr: no symbol name resolves."""
    dynsym = elf.find(SHT_DYNSYM)
    elf.set_section(dynsym, link=dynsym)


def huge_count_in_section0(elf):
    """e_shnum 0 with 0xffffffff in section 0's sh_size (the extended count): the table cannot fit."""
    elf.put("H", elf.count_field, 0)
    elf.set_section(0, size=0xFFFFFFFF)


def four_byte_shndx(elf):
    """.comment turned into a 4-byte SHT_SYMTAB_SHNDX for .dynsym: one entry for a table of many."""
    elf.set_section(elf.find(name=b".comment"), type=SHT_SYMTAB_SHNDX, link=elf.find(SHT_DYNSYM), size=4,
                    entsize=4, flags=0)


def other_imports(elf):
    """.dynsym and .dynstr re-pointed at appended copies in which `stat`/`statfs` are named
    `getpid`/`getuid`: the section view lists other imports than the loader binds."""
    dynsym_index = elf.find(SHT_DYNSYM)
    dynsym = elf.section(dynsym_index)
    strtab_index = dynsym["link"]
    strtab = elf.section(strtab_index)
    strings = bytearray(elf.data[strtab["offset"]:strtab["offset"] + strtab["size"]])
    symbols = bytearray(elf.data[dynsym["offset"]:dynsym["offset"] + dynsym["size"]])
    renamed = 0
    for offset in range(0, len(symbols), elf.symsize):
        fields = list(struct.unpack_from(elf.order + elf.sym_format, symbols, offset))
        name_offset, section_index = fields[0], fields[-1]
        name = bytes(strings[name_offset:strings.index(0, name_offset)])
        if section_index == 0 and name in DECOY_NAMES:
            fields[0] = len(strings)
            strings += DECOY_NAMES[name] + b"\0"
            struct.pack_into(elf.order + elf.sym_format, symbols, offset, *fields)
            renamed += 1
    if renamed != len(DECOY_NAMES):
        raise ValueError(f"expected undefined {sorted(DECOY_NAMES)} in .dynsym, renamed {renamed}")
    elf.set_section(dynsym_index, offset=elf.append(bytes(symbols)))
    elf.set_section(strtab_index, offset=elf.append(bytes(strings), alignment=1), size=len(strings))


VARIANTS = {
    "no-section-headers.so": no_section_headers,
    "dynsym-links-itself.so": dynsym_links_itself,
    "huge-section-count.so": huge_count_in_section0,
    "four-byte-shndx.so": four_byte_shndx,
    "other-imports.so": other_imports,
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "sdks", "linux", "libfilestat.so")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", help="folder to write the variants into (created when missing)")
    parser.add_argument("--source", default=os.path.normpath(default), help="the library to tamper with")
    args = parser.parse_args()
    with open(args.source, "rb") as f:
        original = f.read()
    os.makedirs(args.output, exist_ok=True)
    for name, tamper in VARIANTS.items():
        elf = ELF(original)
        tamper(elf)
        with open(os.path.join(args.output, name), "wb") as f:
            f.write(elf.data)
    print(f"make-tampered: wrote {len(VARIANTS)} variants of {args.source} to {args.output}")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, struct.error) as error:
        sys.exit(f"make-tampered: {error}")
