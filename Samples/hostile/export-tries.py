#!/usr/bin/env python3
"""Write Mach-O dylibs whose dyld export trie is hostile.

    Samples/hostile/export-tries.py OUTDIR

Each file is `Samples/evidence/StrippedVendorKit.framework/StrippedVendorKit` (a stripped
dylib whose definitions are only in its export trie) with a hand-written trie appended and
its LC_DYLD_EXPORTS_TRIE pointed at it:

  export-cycle.dylib        the root's child is the root: a cycle
  export-shared.dylib       two children of the root are one node
  export-deep.dylib         a chain of 100,000 one-child nodes, far deeper than sdkvet walks
  export-uleb.dylib         a terminal size whose ULEB128 overflows 64 bits
  export-child-offset.dylib a child offset past the end of the trie
  export-overlap.dylib      250 leaves at consecutive offsets, each sharing a byte with the next
  export-names.dylib        a chain of 4,000 terminal nodes with 16-byte labels: 128 MB of names

Each must cost sdkvet a moment and little memory and end in one error naming the file
(`Docs/SECURITY.md`). Python 3 standard library only.
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "evidence", "StrippedVendorKit.framework", "StrippedVendorKit")
LC_DYLD_EXPORTS_TRIE = 0x80000033


def uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def node(terminal, children):
    """A node: terminal information (bytes) and (label, offset) children."""
    out = uleb(len(terminal)) + terminal + bytes([len(children)])
    for label, offset in children:
        out += label + b"\x00" + uleb(offset)
    return out


def chain(count, label, terminal):
    """`count` nodes, each the only child of the one before; fixed-width offsets keep it simple."""
    out = bytearray()
    for index in range(count):
        start = len(out)
        body = uleb(len(terminal)) + terminal + b"\x01" + label + b"\x00"
        nxt = start + len(body) + 5
        out += body + bytes([(nxt >> (7 * k) & 0x7F) | 0x80 for k in range(4)]) + bytes([nxt >> 28 & 0x7F])
    out += node(terminal, [])
    return bytes(out)


def overlap():
    """The root's 250 children are at consecutive offsets in a run of zero bytes: each is a
    valid two-byte leaf, and each shares a byte with the next."""
    base = 0
    while True:
        root = node(b"", [(b"_o%d" % index, base + index) for index in range(250)])
        if len(root) == base:
            return root + b"\x00" * 251
        base = len(root)


def tries():
    exported = uleb(0) + uleb(0x4000)  # flags, address
    return {
        "export-cycle.dylib": node(b"", [(b"_loop", 0)]),
        "export-shared.dylib": node(b"", [(b"_a", 14), (b"_b", 14)]) + b"\x00" * 4 + node(exported, []),
        "export-deep.dylib": chain(100_000, b"a", b""),
        "export-uleb.dylib": b"\xff" * 10 + b"\x02",
        "export-child-offset.dylib": node(b"", [(b"_far", 1 << 20)]),
        "export-overlap.dylib": overlap(),
        "export-names.dylib": chain(4_000, b"_0123456789abcde", exported),
    }


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    data = bytearray(open(SOURCE, "rb").read())
    magic, _, _, _, ncmds, _, _ = struct.unpack_from("<IiiIIII", data, 0)
    assert magic == 0xFEEDFACF
    offset = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, offset)
        if cmd == LC_DYLD_EXPORTS_TRIE:
            break
        offset += size
    else:
        sys.exit("export-tries.py: the source has no LC_DYLD_EXPORTS_TRIE")
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, trie in tries().items():
        copy = bytearray(data)
        struct.pack_into("<II", copy, offset + 8, len(copy), len(trie))
        with open(os.path.join(sys.argv[1], name), "wb") as out:
            out.write(bytes(copy) + trie)


if __name__ == "__main__":
    main()
