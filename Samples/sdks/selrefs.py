#!/usr/bin/env python3
"""Print the selector names an image references through __objc_selrefs.

usage: selrefs.py FILE

A verification aid for the README (llvm-objdump cannot resolve selrefs in images with
chained fixups, whose slots hold DYLD_CHAINED_PTR_64 rebases instead of addresses). Handles
thin and universal 64-bit little-endian linked images; each slot's target is its low 36 bits
(an address, or an offset from the image base). Prints "ARCH SELECTOR" lines.
"""
import struct
import sys

ARCHS = {0x0100000C: "arm64", 0x01000007: "x86_64"}


def sections(data, base):
    ncmds = struct.unpack_from("<I", data, base + 16)[0]
    offset = base + 32
    found = {}
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, offset)
        if cmd == 0x19:
            nsects = struct.unpack_from("<I", data, offset + 64)[0]
            for index in range(nsects):
                entry = offset + 72 + 80 * index
                name = data[entry:entry + 16].rstrip(b"\0").decode()
                addr, size, fileoff = struct.unpack_from("<QQI", data, entry + 32)
                found[name] = (addr, size, fileoff)
        offset += cmdsize
    return found


def image_selectors(data, base):
    found = sections(data, base)
    if "__objc_selrefs" not in found:
        return []
    methname_addr, methname_size, methname_off = found["__objc_methname"]
    text_base = found["__text"][0] & ~0xFFFFFFF
    addr, size, fileoff = found["__objc_selrefs"]
    names = []
    for slot in range(size // 8):
        target = struct.unpack_from("<Q", data, base + fileoff + 8 * slot)[0] & 0xFFFFFFFFF
        if target < methname_addr:
            target += text_base
        start = base + methname_off + (target - methname_addr)
        names.append(data[start:data.index(b"\0", start)].decode())
    return sorted(set(names))


def main(path):
    with open(path, "rb") as handle:
        data = handle.read()
    magic = struct.unpack_from(">I", data, 0)[0]
    if magic == 0xCAFEBABE:
        count = struct.unpack_from(">I", data, 4)[0]
        slices = [struct.unpack_from(">iiI", data, 8 + 20 * i) for i in range(count)]
        images = [(ARCHS.get(cpu, hex(cpu)), offset) for cpu, _, offset in slices]
    else:
        images = [(ARCHS.get(struct.unpack_from("<i", data, 4)[0], "?"), 0)]
    for arch, base in images:
        for name in image_selectors(data, base):
            print(arch, name)


if __name__ == "__main__":
    main(sys.argv[1])
