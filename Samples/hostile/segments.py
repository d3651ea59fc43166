#!/usr/bin/env python3
"""Write a Mach-O dylib with 60,000 segments and 400,000 selector references.

    Samples/hostile/segments.py OUTDIR

`many-segments.dylib` (7.5 MB, arm64) is well formed: an install name, 59,999 one-page segments, then a
`__DATA` segment whose `__objc_selrefs` section has 400,000 slots, each holding the address of
one of eight selector names in its `__objc_methname` section. Every slot's address must be
mapped to a file offset through the segments, so a reader that scans the segment list per slot
does 24 billion comparisons; sdkvet must list the eight selectors in bounded time
(`Docs/SECURITY.md`). Python 3 standard library only.
"""

import os
import struct
import sys

SEGMENTS = 60_000
SLOTS = 400_000
SELECTORS = [f"hostileSelector{index}:".encode() for index in range(8)]
DATA_ADDRESS = 0x1_0000_0000
FILLER_ADDRESS = 0x2_0000_0000


def segment(name, address, size, file_offset, file_size, sections=()):
    """LC_SEGMENT_64 with its section_64 entries."""
    command = struct.pack(
        "<II16sQQQQiiII", 0x19, 72 + 80 * len(sections), name, address, size, file_offset, file_size, 3, 3,
        len(sections), 0)
    return command + b"".join(sections)


def section(name, segment_name, address, size, file_offset, flags):
    return struct.pack(
        "<16s16sQQIIIIIIII", name, segment_name, address, size, file_offset, 3, 0, 0, flags, 0, 0, 0)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    methnames = b"".join(name + b"\0" for name in SELECTORS)
    starts = [sum(len(name) + 1 for name in SELECTORS[:index]) for index in range(len(SELECTORS))]
    install_name = b"@rpath/many-segments.dylib\0"
    install_name += b"\0" * (-len(install_name) % 8)
    identity = struct.pack("<IIIIII", 0xD, 24 + len(install_name), 24, 0, 0x10000, 0x10000) + install_name
    commands_size = len(identity) + 72 * (SEGMENTS - 1) + 72 + 2 * 80
    data_offset = 32 + commands_size
    data_offset += -data_offset % 16
    selrefs_size = 8 * SLOTS
    methname_address = DATA_ADDRESS + selrefs_size
    data_size = selrefs_size + len(methnames)
    fillers = [
        segment(b"__F%05d" % index, FILLER_ADDRESS + 0x1000 * index, 0x1000, 0, 0x20) for index in range(SEGMENTS - 1)
    ]
    data = segment(
        b"__DATA", DATA_ADDRESS, data_size, data_offset, data_size,
        [
            section(b"__objc_selrefs", b"__DATA", DATA_ADDRESS, selrefs_size, data_offset, 0x10000005),
            section(b"__objc_methname", b"__DATA", methname_address, len(methnames), data_offset + selrefs_size, 2),
        ])
    commands = identity + b"".join(fillers) + data
    assert len(commands) == commands_size
    # MH_DYLIB, MH_TWOLEVEL: a linked image, so each slot holds its target's address
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 6, SEGMENTS + 1, commands_size, 0x80, 0)
    slots = b"".join(
        struct.pack("<Q", methname_address + starts[index % len(SELECTORS)]) for index in range(SLOTS))
    image = header + commands
    image += b"\0" * (data_offset - len(image)) + slots + methnames
    os.makedirs(sys.argv[1], exist_ok=True)
    with open(os.path.join(sys.argv[1], "many-segments.dylib"), "wb") as handle:
        handle.write(image)


if __name__ == "__main__":
    main()
