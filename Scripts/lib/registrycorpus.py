"""The registry corpus (Scripts/registry-corpus, Docs/REGISTRY-CORPUS.md): where it is, and its
Mach-O files. Shared by Scripts/registry-differential and Scripts/bench-scan."""

import os
import subprocess

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MACHO_MAGICS = {b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"}
# Scripts/registry-corpus exits with this status when PyPI cannot be reached.
UNREACHABLE = 3


def root():
    """The unpacked corpus folder, assembled or reused; None when PyPI cannot be reached."""
    run = subprocess.run([os.path.join(SCRIPTS, "registry-corpus")], stdout=subprocess.PIPE)
    if run.returncode == UNREACHABLE:
        return None
    if run.returncode != 0:
        raise SystemExit("Scripts/registry-corpus failed (status %d)" % run.returncode)
    return run.stdout.decode().strip().splitlines()[-1]


def macho_files(folder):
    """Every Mach-O file and ar archive (named `.a`) of Mach-O members under `folder` (links left out), sorted."""
    paths = (os.path.join(parent, name) for parent, _, names in os.walk(folder) for name in names)
    return sorted(macho_files_among(paths, archive_suffix=".a"))


def macho_files_among(paths, archive_suffix=""):
    """The paths of `paths` that are Mach-O files or ar archives whose names end in
    `archive_suffix` (a static framework's binary has no suffix), links left out, in order."""
    found = []
    for path in paths:
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, "rb") as handle:
            head = handle.read(8)
        if head[:4] in MACHO_MAGICS:
            # 0xcafebabe is also a Java class file: its second word is a version (>= 45), not an arch count.
            if head[:4] == b"\xca\xfe\xba\xbe" and int.from_bytes(head[4:8], "big") >= 45:
                continue
            found.append(path)
        elif head == b"!<arch>\n" and path.endswith(archive_suffix):
            found.append(path)
    return found
