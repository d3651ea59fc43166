#!/usr/bin/env python3
"""Write Mach-O dylibs whose many references all lead to one long string or one bind.

    Samples/hostile/shared-strings.py OUTDIR

Each reference is a few bytes; what it leads to is megabytes, so a reader that measures or
looks up the string once per reference does entries x length work (Docs/SECURITY.md):

- shared-cfstring.dylib  160,000 `__cfstring` entries (and as many `__objc_selrefs` slots)
                         pointing at one 6 MiB string: `scan` measured it 160,000 times
- suffix-cfstring.dylib  the same entries pointing at 160,000 different suffixes of that string:
                         each is a string of its own, so the bytes measured count against the
                         image's limit and the reading ends in one error
- classrefs-chained.dylib 300,000 `__objc_classrefs` slots, each a chained-fixup bind to import 0,
                         whose name is 4 MiB; import 1 is `_stat`, so `scan --call-sites` searches
                         the image: it measured the name once per slot
- rebind-classic.dylib   `LC_DYLD_INFO_ONLY` bind opcodes that bind the 100,000 `__objc_classrefs`
                         slots to one class 20,000 times over (7 bytes each time), and `_stat` to
                         one `__got` slot: each opcode was bounded by the section, not the stream

arm64, `MH_DYLIB`, written field by field (`<mach-o/loader.h>`, `<mach-o/fixup-chains.h>`).
Python 3 standard library only.
"""

import os
import struct
import sys

PAGE = 0x4000
DATA_ADDRESS = 0x10_0000
RET = struct.pack("<I", 0xD65F03C0)
LONG_STRING = 6 << 20
CFSTRINGS = 160_000
CHAINED_SLOTS = 300_000
LONG_NAME = 4 << 20
CLASSIC_SLOTS = 100_000
REBINDS = 20_000


def align(value, to):
    return value + (-value % to)


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


def section(name, segment_name, address, size, offset, flags=0):
    return struct.pack("<16s16sQQIIIIIIII", name, segment_name, address, size, offset, 3, 0, 0, flags, 0, 0, 0)


def segment(name, address, size, offset, file_size, sections):
    return struct.pack(
        "<II16sQQQQiiII", 0x19, 72 + 80 * len(sections), name, address, size, offset, file_size, 5, 5,
        len(sections), 0) + b"".join(sections)


def dylib_command(command, name):
    path = name + b"\0"
    path += b"\0" * (-len(path) % 8)
    return struct.pack("<IIIIII", command, 24 + len(path), 24, 0, 0x10000, 0x10000) + path


def image(name, data, linkedit, linkedit_command):
    """A dylib: `__TEXT` (headers and one `ret`), `__DATA` holding `data` (a list of
    (section name, bytes, flags)), `__LINKEDIT` holding `linkedit`, and the command that
    names it, made by `linkedit_command(linkedit offset)`."""
    commands_estimate = 4096
    text_offset = align(32 + commands_estimate, 16)
    data_offset = align(text_offset + len(RET), PAGE)
    sections = []
    position = data_offset
    contents = b""
    for section_name, payload, flags in data:
        sections.append(
            section(section_name, b"__DATA", DATA_ADDRESS + position - data_offset, len(payload), position, flags))
        contents += payload
        position += len(payload)
        padding = -position % 16
        contents += b"\0" * padding
        position += padding
    data_size = align(position - data_offset, PAGE)
    linkedit_offset = data_offset + data_size
    commands = b"".join([
        segment(b"__TEXT", 0, data_offset, 0, data_offset,
                [section(b"__text", b"__TEXT", text_offset, len(RET), text_offset, 0x80000400)]),
        segment(b"__DATA", DATA_ADDRESS, data_size, data_offset, data_size, sections),
        segment(b"__LINKEDIT", DATA_ADDRESS + data_size, align(len(linkedit), PAGE), linkedit_offset, len(linkedit),
                []),
        dylib_command(0xD, b"@rpath/" + name),
        dylib_command(0xC, b"/usr/lib/libSystem.B.dylib"),
        linkedit_command(linkedit_offset) if linkedit_command else b"",
    ])
    assert len(commands) <= commands_estimate
    count = 5 + (1 if linkedit_command else 0)
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 6, count, len(commands), 0x00100085, 0)
    out = bytearray(header + commands)
    out += b"\0" * (text_offset - len(out)) + RET
    out += b"\0" * (data_offset - len(out)) + contents
    out += b"\0" * (linkedit_offset - len(out)) + linkedit
    return bytes(out)


def cfstrings(suffixes):
    """`__cfstring` and `__objc_selrefs` entries pointing at one long string, or at its suffixes."""
    string = b"hostile" * (LONG_STRING // 7) + b"\0"
    entries_size = 32 * CFSTRINGS
    selrefs_size = 8 * CFSTRINGS
    string_address = DATA_ADDRESS + entries_size + selrefs_size
    entries = bytearray()
    selrefs = bytearray()
    for index in range(CFSTRINGS):
        start = index if suffixes else 0
        entries += struct.pack("<QQQQ", 0, 0x7C8, string_address + start, len(string) - 1 - start)
        selrefs += struct.pack("<Q", string_address + start)
    return [(b"__cfstring", bytes(entries), 0), (b"__objc_selrefs", bytes(selrefs), 0x10000005),
            (b"__cstring", string, 2)]


def chained_classrefs():
    """300,000 chained-fixup binds to import 0 (a 4 MiB name); import 1 is `_stat`."""
    slots = bytearray()
    per_page = PAGE // 8
    for index in range(CHAINED_SLOTS):
        last_in_page = (index + 1) % per_page == 0 or index + 1 == CHAINED_SLOTS
        next_stride = 0 if last_in_page else 2  # in 4-byte units
        slots += struct.pack("<Q", (1 << 63) | (next_stride << 51) | 0)  # DYLD_CHAINED_PTR_64 bind, ordinal 0
    pages = (len(slots) + PAGE - 1) // PAGE
    symbols = b"\0_stat\0_OBJC_CLASS_$_" + b"L" * LONG_NAME + b"\0"
    imports = struct.pack("<II", 1 | (7 << 9), 1 | (1 << 9))  # DYLD_CHAINED_IMPORT: lib 1, name_offset
    # starts in image: __TEXT none, __DATA at 16, __LINKEDIT none
    segment_starts = struct.pack("<IHHQIH", 22 + 2 * pages, PAGE, 2, DATA_ADDRESS, 0, pages) + b"\0\0" * pages
    starts = struct.pack("<IIII", 3, 0, 16, 0) + segment_starts
    header_size = 28
    starts_offset = header_size
    imports_offset = align(starts_offset + len(starts), 4)
    symbols_offset = imports_offset + len(imports)
    payload = struct.pack("<IIIIIII", 0, starts_offset, imports_offset, symbols_offset, 2, 1, 0)
    payload += starts + b"\0" * (imports_offset - starts_offset - len(starts)) + imports + symbols
    payload += b"\0" * (-len(payload) % 8)

    def command(offset):
        return struct.pack("<IIII", 0x80000034, 16, offset, len(payload))  # LC_DYLD_CHAINED_FIXUPS

    return [(b"__objc_classrefs", bytes(slots), 0x10000000)], payload, command


def classic_rebinds():
    """Bind opcodes re-binding 100,000 class-reference slots 20,000 times; `_stat` to `__got`."""
    got = b"\0" * 8
    classrefs = b"\0" * (8 * CLASSIC_SLOTS)
    opcodes = bytearray()
    opcodes += bytes([0x11])  # BIND_OPCODE_SET_DYLIB_ORDINAL_IMM 1
    opcodes += bytes([0x40]) + b"_stat\0"  # SET_SYMBOL_TRAILING_FLAGS_IMM
    opcodes += bytes([0x51])  # SET_TYPE_IMM pointer
    opcodes += bytes([0x71]) + uleb(0)  # SET_SEGMENT_AND_OFFSET_ULEB segment 1 (__DATA), offset 0: __got
    opcodes += bytes([0x90])  # DO_BIND
    opcodes += bytes([0x40]) + b"_OBJC_CLASS_$_HostileRebound\0"
    for _ in range(REBINDS):
        opcodes += bytes([0x71]) + uleb(16)  # the class references follow __got (padded to 16)
        opcodes += bytes([0xC0]) + uleb(CLASSIC_SLOTS) + uleb(0)  # DO_BIND_ULEB_TIMES_SKIPPING_ULEB
    opcodes += bytes([0x00])
    payload = bytes(opcodes) + b"\0" * (-len(opcodes) % 8)

    def command(offset):
        # LC_DYLD_INFO_ONLY: rebase, bind, weak bind, lazy bind, export (offset, size each)
        return struct.pack("<II10I", 0x80000022, 48, 0, 0, offset, len(payload), 0, 0, 0, 0, 0, 0)

    return [(b"__got", got, 6), (b"__objc_classrefs", classrefs, 0x10000000)], payload, command


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    written = {
        "shared-cfstring.dylib": image(b"shared-cfstring.dylib", cfstrings(False), b"", None),
        "suffix-cfstring.dylib": image(b"suffix-cfstring.dylib", cfstrings(True), b"", None),
    }
    for name, (data, payload, command) in [
        ("classrefs-chained.dylib", chained_classrefs()), ("rebind-classic.dylib", classic_rebinds())
    ]:
        written[name] = image(name.encode(), data, payload, command)
    for name, data in written.items():
        with open(os.path.join(out, name), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
