#!/usr/bin/env python3
"""Write an ELF object defining Swift-mangled names that break an unbounded demangler.

    Samples/hostile/swift-names.py OUTDIR

`swift-names.o` (x86-64 relocatable) defines three functions:
  - `$s` + `Say` x 45,000 + `Si` + `G` x 45,000 + `D`: [[[…Int…]]] nested 45,000 deep, which
    overflows the runtime demangler's stack;
  - a name whose every level is a Dictionary of three references to the level below
    (`SDyA2<x><X>G`), 26 levels: its readable form has about 3^26 characters;
  - `$s4main3fooyyF` (`main.foo() -> ()`), an ordinary name that must still be demangled.
sdkvet shows the first two mangled (`Docs/SECURITY.md`). Python 3 standard library only.
"""

import os
import struct
import sys


def names():
    deep = "$s" + "Say" * 45_000 + "Si" + "G" * 45_000 + "D"
    letters = "CDEFGHIJKLMNOPQRSTUVWXYZ"
    tripling = "$s1a1bV" + "".join(
        f"SDyA2{(letters[i] if i < 24 else letters[23]).lower()}{letters[i] if i < 24 else letters[23]}G"
        for i in range(26)) + "D"
    return [deep, tripling, "$s4main3fooyyF"]


def elf(symbols):
    strtab = b"\0" + b"".join(name.encode() + b"\0" for name in symbols)
    shstrtab = b"\0.text\0.symtab\0.strtab\0.shstrtab\0"
    symtab = bytes(24)
    offset = 1
    for name in symbols:
        symtab += struct.pack("<IBBHQQ", offset, 0x12, 0, 1, 0, 1)  # GLOBAL FUNC in .text
        offset += len(name) + 1
    text = b"\xc3"
    body = text + symtab + strtab + shstrtab
    text_at = 64
    symtab_at = text_at + len(text)
    strtab_at = symtab_at + len(symtab)
    shstrtab_at = strtab_at + len(strtab)
    sections_at = (shstrtab_at + len(shstrtab) + 7) & ~7
    header = struct.pack("<4sBBBBB7sHHIQQQIHHHHHH", b"\x7fELF", 2, 1, 1, 0, 0, bytes(7), 1, 62, 1, 0, 0,
                         sections_at, 0, 64, 0, 0, 64, 5, 4)
    def section(name, kind, flags, at, size, link=0, info=0, align=1, entsize=0):
        return struct.pack("<IIQQQQIIQQ", name, kind, flags, 0, at, size, link, info, align, entsize)
    table = (bytes(64) + section(1, 1, 6, text_at, len(text), align=16)
             + section(7, 2, 0, symtab_at, len(symtab), link=3, info=1, align=8, entsize=24)
             + section(15, 3, 0, strtab_at, len(strtab)) + section(23, 3, 0, shstrtab_at, len(shstrtab)))
    padding = bytes(sections_at - (64 + len(body)))
    return header + body + padding + table


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    with open(os.path.join(sys.argv[1], "swift-names.o"), "wb") as out:
        out.write(elf(names()))


if __name__ == "__main__":
    main()
