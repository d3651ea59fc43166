#!/usr/bin/env python3
"""Write a universal (fat) Mach-O file from thin Mach-O images or archives.

usage: make-universal.py [--fat64] OUTPUT SLICE...

Each slice's CPU type and subtype are read from its own header (for an archive, from the
first Mach-O member). The header is big-endian: FAT_MAGIC 0xcafebabe with 20-byte fat_arch
entries, or FAT_MAGIC_64 0xcafebabf with 32-byte fat_arch_64 entries. Slices are aligned to
2^14 for arm64 / arm64_32 and 2^12 otherwise, like lipo does.
"""
import struct
import sys

CPU_TYPE_ARM64 = 0x0100000C
CPU_TYPE_ARM64_32 = 0x0200000C


def member_headers(data):
    """Yield (name, payload) for each member of a BSD ar archive."""
    offset = 8
    while offset + 60 <= len(data):
        header = data[offset:offset + 60]
        name = header[0:16].decode("ascii").rstrip()
        size = int(header[48:58].decode("ascii").strip())
        payload = data[offset + 60:offset + 60 + size]
        if name.startswith("#1/"):
            name_length = int(name[3:])
            name = payload[:name_length].rstrip(b"\0").decode("utf-8")
            payload = payload[name_length:]
        yield name, payload
        offset += 60 + size + (size & 1)


def cpu_of(data):
    """Return (cputype, cpusubtype) of a thin Mach-O image or of an archive's first object."""
    if data.startswith(b"!<arch>\n"):
        for name, payload in member_headers(data):
            if not name.startswith("__.SYMDEF"):
                return cpu_of(payload)
        raise SystemExit("archive has no Mach-O member")
    magic = struct.unpack_from("<I", data, 0)[0]
    if magic not in (0xFEEDFACE, 0xFEEDFACF):
        raise SystemExit("not a little-endian thin Mach-O image")
    return struct.unpack_from("<ii", data, 4)


def main(argv):
    fat64 = "--fat64" in argv
    args = [a for a in argv if a != "--fat64"]
    if len(args) < 2:
        raise SystemExit(__doc__)
    output, inputs = args[0], args[1:]
    slices = []
    for path in inputs:
        with open(path, "rb") as handle:
            data = handle.read()
        cputype, cpusubtype = cpu_of(data)
        align = 14 if cputype in (CPU_TYPE_ARM64, CPU_TYPE_ARM64_32) else 12
        slices.append((cputype, cpusubtype, align, data))

    entry_size = 32 if fat64 else 20
    offset = 8 + entry_size * len(slices)
    header = struct.pack(">II", 0xCAFEBABF if fat64 else 0xCAFEBABE, len(slices))
    body = bytearray()
    placed = []
    for cputype, cpusubtype, align, data in slices:
        offset = (offset + (1 << align) - 1) & ~((1 << align) - 1)
        placed.append((cputype, cpusubtype, offset, len(data), align, data))
        offset += len(data)
    for cputype, cpusubtype, slice_offset, size, align, _ in placed:
        if fat64:
            header += struct.pack(">iiQQII", cputype, cpusubtype, slice_offset, size, align, 0)
        else:
            header += struct.pack(">iiIII", cputype, cpusubtype, slice_offset, size, align)
    out = bytearray(header)
    for _, _, slice_offset, _, _, data in placed:
        out += b"\0" * (slice_offset - len(out))
        out += data
    with open(output, "wb") as handle:
        handle.write(out)


if __name__ == "__main__":
    main(sys.argv[1:])
