#!/usr/bin/env python3
"""Write an ELF shared object whose version needs cost needs x libraries and needs x auxiliaries.

    Samples/hostile/version-needs.py OUTDIR

`version-needs.so` (x86-64) needs 10,000 libraries (`DT_NEEDED`), and its `.gnu.version_r` holds
10,000 `Verneed` records, one per library, that all point at one shared chain of 10,000
`Vernaux` records. A reader that walks each record's chain reads 100 million auxiliary records,
and one that finds each record's library by a linear search compares 100 million names; sdkvet
reads each auxiliary record once and looks libraries up by name (`Docs/SECURITY.md`). Its one
undefined symbol `stat` has version index 2. Python 3 standard library only.
"""

import os
import struct
import sys

COUNT = 10_000


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    dynstr = bytearray(b"\0stat\0GLIBC_2.2.5\0")
    version_name = 6
    library_names = []
    for index in range(COUNT):
        library_names.append(len(dynstr))
        dynstr += f"libneed{index}.so\0".encode()
    dynsym = bytes(24) + struct.pack("<IBBHQQ", 1, 0x12, 0, 0, 0, 0)  # stat: GLOBAL FUNC, undefined
    versym = struct.pack("<HH", 0, 2)
    needs = bytearray()
    for index in range(COUNT):
        aux = 16 * (COUNT - index)  # from this record to the shared chain after the last record
        needs += struct.pack("<HHIII", 1, COUNT, library_names[index], aux, 16 if index < COUNT - 1 else 0)
    for index in range(COUNT):
        needs += struct.pack("<IHHII", 0, 0, 2 + index, version_name, 16 if index < COUNT - 1 else 0)
    dynamic = b"".join(struct.pack("<qQ", 1, offset) for offset in library_names) + struct.pack("<qQ", 0, 0)
    shstrtab = b"\0.dynstr\0.dynsym\0.gnu.version\0.gnu.version_r\0.dynamic\0.shstrtab\0"
    names = {name: shstrtab.index(name.encode() + b"\0") for name in
             [".dynstr", ".dynsym", ".gnu.version", ".gnu.version_r", ".dynamic", ".shstrtab"]}
    blobs = [bytes(dynstr), dynsym, versym, bytes(needs), dynamic, shstrtab]
    offsets, position = [], 64
    for blob in blobs:
        position = (position + 7) & ~7
        offsets.append(position)
        position += len(blob)
    sections_at = (position + 7) & ~7

    def section(name, kind, at, blob, link=0, info=0, align=8, entsize=0, flags=2):
        return struct.pack("<IIQQQQIIQQ", names[name], kind, flags, 0, offsets[at], len(blobs[at]), link, info,
                           align, entsize)
    table = (bytes(64) + section(".dynstr", 3, 0, blobs[0], align=1)
             + section(".dynsym", 11, 1, blobs[1], link=1, info=1, entsize=24)
             + section(".gnu.version", 0x6FFFFFFF, 2, blobs[2], link=2, align=2, entsize=2)
             + section(".gnu.version_r", 0x6FFFFFFE, 3, blobs[3], link=1, info=COUNT)
             + section(".dynamic", 6, 4, blobs[4], link=1, entsize=16, flags=3)
             + section(".shstrtab", 3, 5, blobs[5], align=1, flags=0))
    header = struct.pack("<4sBBBBB7sHHIQQQIHHHHHH", b"\x7fELF", 2, 1, 1, 0, 0, bytes(7), 3, 62, 1, 0, 0,
                         sections_at, 0, 64, 0, 0, 64, 7, 6)
    out = bytearray(header)
    for at, blob in zip(offsets, blobs):
        out += bytes(at - len(out)) + blob
    out += bytes(sections_at - len(out)) + table
    os.makedirs(sys.argv[1], exist_ok=True)
    with open(os.path.join(sys.argv[1], "version-needs.so"), "wb") as output:
        output.write(bytes(out))


if __name__ == "__main__":
    main()
