"""The ELF corpus the ELF scripts (elf-differential, bench-elf) run over: every ELF shared
object and ar archive of ELF objects in the system's multiarch library folder and the Swift
toolchain's usr/lib, or the ELF files and such archives under paths given on the command line.
Archives of Mach-O or WebAssembly objects (the toolchain's embedded libraries) and archives
without members are not ELF and are left out."""

import hashlib
import os
import subprocess

ELF_MAGIC = b"\x7fELF"
AR_MAGIC = b"!<arch>\n"
ET_REL = 1


def default_roots():
    """/usr/lib/$(gcc -print-multiarch) and /opt/swift/usr/lib, those that exist."""
    roots = []
    try:
        multiarch = subprocess.run(["gcc", "-print-multiarch"], capture_output=True, text=True, check=True).stdout.strip()
        if multiarch:
            roots.append(f"/usr/lib/{multiarch}")
    except (OSError, subprocess.CalledProcessError):
        pass
    roots.append("/opt/swift/usr/lib")
    return [r for r in roots if os.path.isdir(r)]


INDEX_MEMBERS = ("/", "//", "/SYM64/")


def first_object_is_elf(f):
    """Whether the first object member of the ar archive open in `f` starts with the ELF magic
    (index members `/`, `//`, `/SYM64/`, `__.SYMDEF*` are passed over; BSD `#1/N` names read)."""
    offset = len(AR_MAGIC)
    for _ in range(4):
        f.seek(offset)
        header = f.read(60)
        if len(header) < 60:
            return False
        name = header[:16].decode("ascii", "replace").rstrip(" ")
        try:
            size = int(header[48:58].decode("ascii", "replace").strip())
        except ValueError:
            return False
        name_length = 0
        if name.startswith("#1/") and name[3:].isdigit():
            name_length = int(name[3:])
            name = f.read(name_length).split(b"\0", 1)[0].decode("ascii", "replace")
        if name not in INDEX_MEMBERS and not name.startswith("__.SYMDEF"):
            f.seek(offset + 60 + name_length)
            return f.read(4) == ELF_MAGIC
        offset += 60 + size + (size & 1)
    return False


def classify(path):
    """'archive', 'linked' or 'relocatable' for ELF files and ar archives of ELF objects, else None."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
            if head.startswith(AR_MAGIC):
                return "archive" if first_object_is_elf(f) else None
    except OSError:
        return None
    if head.startswith(ELF_MAGIC) and len(head) >= 18:
        little = head[5] == 1
        e_type = int.from_bytes(head[16:18], "little" if little else "big")
        return "relocatable" if e_type == ET_REL else "linked"
    return None


def corpus(paths, shared_only):
    """(path, kind) for regular files under `paths`, each real file once, sorted by path.

    With `shared_only` (the default corpus) relocatable objects are left out: the corpus is
    shared objects and archives."""
    seen, found = set(), []
    for root in paths:
        candidates = [root] if os.path.isfile(root) else (
            os.path.join(d, name) for d, _, names in os.walk(root) for name in names)
        for path in candidates:
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            real = os.path.realpath(path)
            if real in seen:
                continue
            seen.add(real)
            kind = classify(path)
            if kind is None or (shared_only and kind == "relocatable"):
                continue
            found.append((path, kind))
    return sorted(found)


def select(paths, sample_size=None):
    """The corpus for `paths` (default roots when empty), optionally a deterministic sample:
    the `sample_size` files whose path hashes lowest."""
    files = corpus(paths or default_roots(), shared_only=not paths)
    if sample_size is not None:
        ranked = sorted(files, key=lambda item: hashlib.sha256(item[0].encode()).hexdigest())
        files = sorted(ranked[:sample_size])
    return files
