#!/usr/bin/env python3
"""Rewrite a BSD archive's symbol-index member in the other forms Apple tools write.

usage: rewrite-symdef.py sorted INPUT OUTPUT
       rewrite-symdef.py symdef64 INPUT OUTPUT

llvm-ar --format=darwin writes its index as "__.SYMDEF" (32-bit little-endian ranlib
entries). Apple's ranlib writes "__.SYMDEF SORTED" (same layout, entries sorted by name),
and large archives carry "__.SYMDEF_64" (64-bit sizes and offsets). A reader must skip all
three. This rewrites the first member under the chosen name and layout, keeps every other
member byte for byte, and moves the member offsets inside the index by the size change.
"""
import struct
import sys


def members(data):
    """Yield (header, name bytes length, payload) for each member."""
    offset = 8
    while offset + 60 <= len(data):
        header = data[offset:offset + 60]
        size = int(header[48:58].decode("ascii").strip())
        name_field = header[0:16].decode("ascii").rstrip()
        name_length = int(name_field[3:]) if name_field.startswith("#1/") else 0
        yield header, name_length, data[offset + 60:offset + 60 + size]
        offset += 60 + size + (size & 1)


def read_symdef(payload, name_length):
    """(entries [(strx, member offset)], strings) of a 32-bit little-endian __.SYMDEF."""
    body = payload[name_length:]
    table_size = struct.unpack_from("<I", body, 0)[0]
    entries = [struct.unpack_from("<II", body, 4 + 8 * i) for i in range(table_size // 8)]
    string_size = struct.unpack_from("<I", body, 4 + table_size)[0]
    strings = body[8 + table_size:8 + table_size + string_size]
    return entries, strings


def symbol_name(strings, strx):
    return strings[strx:strings.index(b"\0", strx)]


def build(kind, entries, strings, delta):
    if kind == "sorted":
        name = b"__.SYMDEF SORTED"
        entries = sorted(entries, key=lambda entry: symbol_name(strings, entry[0]))
        table = b"".join(struct.pack("<II", strx, offset + delta) for strx, offset in entries)
        body = struct.pack("<I", len(table)) + table + struct.pack("<I", len(strings)) + strings
    else:
        name = b"__.SYMDEF_64"
        table = b"".join(struct.pack("<QQ", strx, offset + delta) for strx, offset in entries)
        body = struct.pack("<Q", len(table)) + table + struct.pack("<Q", len(strings)) + strings
    name_bytes = name + b"\0" * (4 - len(name) % 4)
    payload = name_bytes + body
    payload += b"\0" * (-(60 + len(payload)) % 8)
    return len(name_bytes), payload


def header_for(template, name_length, size):
    fields = f"#1/{name_length}".ljust(16).encode("ascii") + template[16:48]
    return fields + str(size).ljust(10).encode("ascii") + b"`\n"


def main(kind, source, destination):
    with open(source, "rb") as handle:
        data = handle.read()
    all_members = list(members(data))
    header, name_length, payload = all_members[0]
    if payload[:name_length].rstrip(b"\0") != b"__.SYMDEF":
        raise SystemExit("first member is not __.SYMDEF")
    entries, strings = read_symdef(payload, name_length)
    old_total = 60 + len(payload) + (len(payload) & 1)
    new_name_length, new_payload = build(kind, entries, strings, 0)
    delta = 60 + len(new_payload) - old_total
    new_name_length, new_payload = build(kind, entries, strings, delta)
    out = bytearray(b"!<arch>\n")
    out += header_for(header, new_name_length, len(new_payload)) + new_payload
    out += data[8 + old_total:]
    with open(destination, "wb") as handle:
        handle.write(out)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("sorted", "symdef64"):
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
