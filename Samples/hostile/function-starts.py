#!/usr/bin/env python3
"""Write a Mach-O dylib whose LC_FUNCTION_STARTS lists 32 million functions outside its code.

    Samples/hostile/function-starts.py OUTDIR

`function-starts.dylib` is `Samples/callsites/bin/libcallsites-arm64.dylib` with 32 MiB of 0x01
bytes appended and its LC_FUNCTION_STARTS pointed at them: 33,554,432 one-byte deltas, so the
table claims a function at every byte from `__TEXT`'s start on, almost all far past the end of
`__text`. A reader that keeps every start spends seconds and gigabytes on `scan --call-sites`;
sdkvet keeps only starts inside code sections and stops past the last code byte
(`Docs/SECURITY.md`). Python 3 standard library only.
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "callsites", "bin", "libcallsites-arm64.dylib")
LC_FUNCTION_STARTS = 0x26
TABLE = 32 * 1024 * 1024


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    data = bytearray(open(SOURCE, "rb").read())
    magic, _, _, _, ncmds, _, _ = struct.unpack_from("<IiiIIII", data, 0)
    assert magic == 0xFEEDFACF
    offset = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, offset)
        if cmd == LC_FUNCTION_STARTS:
            struct.pack_into("<II", data, offset + 8, len(data), TABLE)
            break
        offset += size
    else:
        sys.exit("function-starts.py: the source has no LC_FUNCTION_STARTS")
    os.makedirs(sys.argv[1], exist_ok=True)
    with open(os.path.join(sys.argv[1], "function-starts.dylib"), "wb") as out:
        out.write(bytes(data) + b"\x01" * TABLE)


if __name__ == "__main__":
    main()
