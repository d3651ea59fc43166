#!/usr/bin/env python3
"""Write hostile archives, each next to one good one, to check that each costs bounded time and
memory and gets one clear line while the rest of the scan goes on (Docs/SECURITY.md).

    Samples/hostile/archives.py OUTDIR

Built from the project's own samples (Samples/sdks, Samples/archives); not committed, since the
bombs are large to write though small on disk. Python 3 standard library only.

- slip.zip            entries named ../../evil.dylib and /tmp/evil.dylib (zip-slip), and GoodKit
- bomb.zip            Bomb.framework/Bomb: 300 MiB of zeros deflated to a few hundred KiB
- claims-gigabytes.zip Huge.framework/Huge whose headers declare 3 GiB for 1 KiB of data
- many-entries.zip    120,000 empty entries, past the 100,000 sdkvet indexes
- truncated.zip       GoodKit.xcframework.zip cut to 60% (no central directory)
- corrupt.zip         a zip signature followed by random bytes
- encrypted.zip       Locked.framework/Locked marked encrypted (traditional PKWARE flag)
- corrupt-entry.zip   Broken.framework/Broken whose deflated data is overwritten with 0xff bytes
- not-a-zip.zip       a text file named .zip
- links-out.zip       LinkKit.framework with links leaving the archive (relative and absolute)
- bomb.tar.gz         a tar whose 300 MiB of zeros gzip to a few hundred KiB
- nested.zip          outer.zip ⊃ middle.zip ⊃ inner.zip ⊃ GoodKit.xcframework: one level opened
- many-objects.zip    1,000 copies of a 1.7 KB object (fileinfo.o), each read once; a reader that
                      walks the archive from its start for each entry does 500,000 entry steps
- zeros-first.tar.gz  256 KiB of noise and 30 MiB of zeros (below the bomb ratio together), then
                      400 copies of that object: each entry read again from the start
                      decompresses the zeros 400 times
- many-large.zip      2,000 entries of 2 MiB (a Mach-O magic, then zeros), 4 MB compressed: 4 GiB
                      to decompress if each is read whole, though the header declares no table
- spanning-large.zip  the same, each a header whose one segment spans its 2 MiB: every entry
                      must be decompressed whole, so the archive's bound on reads refuses most
- large-manifests.zip 60 copies of GoodKit.framework, each manifest padded with 4 MiB of spaces
                      (kept out of the index, read again): the archive's bound on reads refuses
                      all but the first few, the same ones on every run
- through-link.tar    CleanKit.framework (GoodKit's binary, Info.plist and manifest), then a link
                      Staging -> CleanKit.framework, then Staging/CleanKit (TrackerKit's binary):
                      GNU tar and Python's tarfile (filter='data' too) install the second binary
                      as CleanKit.framework/CleanKit, so that is the binary to audit
- through-link.zip    the same entries in a zip (unzip creates links last; others write through)
- bang-entry.zip      GoodKit beside Inner.zip!/Evil.framework/Evil: a name that reads as the
                      inside of an archive Inner.zip, which sdkvet refuses and reports
- ebcdic-manifest.aar an AndroidManifest.xml in EBCDIC (libxml2 decodes it from its first bytes,
                      4C 6F A7 94) declaring an entity expanded into a permission name and a tag
                      of 250,000 attributes, beside a good shared library
"""

import io
import os
import random
import stat
import struct
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..")
STAMP = (2024, 1, 1, 0, 0, 0)
GOOD_BINARY = os.path.join(SAMPLES, "sdks", "GoodKit.xcframework", "ios-arm64", "GoodKit.framework", "GoodKit")
SMALL_OBJECT = os.path.join(SAMPLES, "macho", "bin", "fileinfo.o")
GOOD_ZIP = os.path.join(SAMPLES, "archives", "GoodKit.xcframework.zip")
ZEROS = 300 << 20


def entry(archive, name, data=b"", link=None, compress=zipfile.ZIP_DEFLATED):
    info = zipfile.ZipInfo(name, STAMP)
    info.create_system = 3
    mode = stat.S_IFLNK | 0o777 if link is not None else stat.S_IFREG | 0o644
    info.external_attr = mode << 16
    info.compress_type = zipfile.ZIP_STORED if link is not None else compress
    archive.writestr(info, link if link is not None else data)


def write_zip(path, entries):
    with zipfile.ZipFile(path, "w") as archive:
        for item in entries:
            entry(archive, *item[:2], **(item[2] if len(item) > 2 else {}))


def good_copy(archive):
    """GoodKit.xcframework's files, so each hostile archive also holds one good target."""
    with zipfile.ZipFile(GOOD_ZIP) as good:
        for info in good.infolist():
            archive.writestr(info, good.read(info))


def zeros_zip(path, name):
    with zipfile.ZipFile(path, "w") as archive:
        info = zipfile.ZipInfo(name, STAMP)
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w", force_zip64=False) as sink:
            block = bytes(1 << 20)
            for _ in range(ZEROS >> 20):
                sink.write(block)
        good_copy(archive)


def patch_sizes(path, name, size):
    """Rewrites `name`'s declared uncompressed size, in its local and central headers."""
    data = bytearray(open(path, "rb").read())
    encoded = name.encode()
    for signature, size_at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        start = 0
        while (at := data.find(signature, start)) >= 0:
            name_at = at + (30 if signature == b"PK\x03\x04" else 46)
            if data[name_at:name_at + len(encoded)] == encoded:
                struct.pack_into("<I", data, at + size_at, size)
            start = at + 4
    open(path, "wb").write(data)


def mark_encrypted(path, name):
    data = bytearray(open(path, "rb").read())
    encoded = name.encode()
    for signature, flags_at, name_offset in ((b"PK\x03\x04", 6, 30), (b"PK\x01\x02", 8, 46)):
        start = 0
        while (at := data.find(signature, start)) >= 0:
            if data[at + name_offset:at + name_offset + len(encoded)] == encoded:
                data[at + flags_at] |= 1
            start = at + 4
    open(path, "wb").write(data)


def spoil_data(path, name):
    """Overwrites the first 64 bytes of `name`'s compressed data, after its local header."""
    data = bytearray(open(path, "rb").read())
    at = data.find(b"PK\x03\x04")
    encoded = name.encode()
    while at >= 0 and data[at + 30:at + 30 + len(encoded)] != encoded:
        at = data.find(b"PK\x03\x04", at + 4)
    start = at + 30 + len(encoded) + struct.unpack_from("<H", data, at + 28)[0]
    data[start:start + 64] = b"\xff" * 64
    open(path, "wb").write(data)


def zip_bytes(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            entry(archive, name, data)
    return buffer.getvalue()


def main(out):
    os.makedirs(out, exist_ok=True)
    good = open(GOOD_BINARY, "rb").read()
    target = lambda name: os.path.join(out, name)

    with zipfile.ZipFile(target("slip.zip"), "w") as archive:
        entry(archive, "../../evil.dylib", good)
        entry(archive, "/tmp/evil.dylib", good)
        good_copy(archive)
    zeros_zip(target("bomb.zip"), "Bomb.framework/Bomb")
    with zipfile.ZipFile(target("claims-gigabytes.zip"), "w") as archive:
        entry(archive, "Huge.framework/Huge", good[:1024], compress=zipfile.ZIP_STORED)
        good_copy(archive)
    patch_sizes(target("claims-gigabytes.zip"), "Huge.framework/Huge", 3 << 30)
    with zipfile.ZipFile(target("many-entries.zip"), "w") as archive:
        for index in range(120_000):
            entry(archive, "many/%06d" % index, compress=zipfile.ZIP_STORED)
    whole = open(GOOD_ZIP, "rb").read()
    open(target("truncated.zip"), "wb").write(whole[: len(whole) * 6 // 10])
    random.seed(7)
    open(target("corrupt.zip"), "wb").write(b"PK\x03\x04" + bytes(random.randrange(256) for _ in range(4096)))
    with zipfile.ZipFile(target("encrypted.zip"), "w") as archive:
        entry(archive, "Locked.framework/Locked", good)
        good_copy(archive)
    mark_encrypted(target("encrypted.zip"), "Locked.framework/Locked")
    with zipfile.ZipFile(target("corrupt-entry.zip"), "w") as archive:
        entry(archive, "Broken.framework/Broken", good)
        good_copy(archive)
    spoil_data(target("corrupt-entry.zip"), "Broken.framework/Broken")
    open(target("not-a-zip.zip"), "w").write("This is a text file with a .zip name.\n")
    write_zip(target("links-out.zip"), [
        ("LinkKit.framework/LinkKit", None, {"link": "../../../../etc/passwd"}),
        ("LinkKit.framework/Resources", None, {"link": "/etc"}),
    ])
    with tarfile.open(target("bomb.tar.gz"), "w:gz") as archive:
        info = tarfile.TarInfo("Bomb.framework/Bomb")
        info.size = ZEROS
        archive.addfile(info, io.BufferedReader(io.BytesIO(bytes(ZEROS))))
    inner = zip_bytes([("inner.zip", open(GOOD_ZIP, "rb").read())])
    middle = zip_bytes([("middle.zip", inner)])
    open(target("nested.zip"), "wb").write(middle)
    small = open(SMALL_OBJECT, "rb").read()
    with zipfile.ZipFile(target("many-objects.zip"), "w") as archive:
        for index in range(1000):
            entry(archive, "objects/%04d.o" % index, small)
        good_copy(archive)
    with tarfile.open(target("zeros-first.tar.gz"), "w:gz") as archive:
        random.seed(11)
        noise = bytes(random.randrange(256) for _ in range(256 << 10))
        info = tarfile.TarInfo("padding/noise.bin")  # keeps the whole below the bomb ratio
        info.size = len(noise)
        archive.addfile(info, io.BytesIO(noise))
        info = tarfile.TarInfo("padding/zeros.bin")
        info.size = 30 << 20
        archive.addfile(info, io.BytesIO(bytes(info.size)))
        for index in range(400):
            info = tarfile.TarInfo("objects/%04d.o" % index)
            info.size = len(small)
            archive.addfile(info, io.BytesIO(small))
    large = b"\xcf\xfa\xed\xfe" + bytes((2 << 20) - 4)
    with zipfile.ZipFile(target("many-large.zip"), "w") as archive:
        for index in range(2000):
            entry(archive, "large/%04d.dylib" % index, large)
        good_copy(archive)
    # mach_header_64 (arm64 dylib, one command) and an LC_SEGMENT_64 __TEXT over the whole file.
    header = struct.pack("<7I4x", 0xFEEDFACF, 0x0100000C, 0, 6, 1, 72, 0)
    segment = struct.pack("<2I16s4Q4I", 0x19, 72, b"__TEXT", 0, 2 << 20, 0, 2 << 20, 5, 5, 0, 0)
    spanning = header + segment + bytes((2 << 20) - len(header) - len(segment))
    with zipfile.ZipFile(target("spanning-large.zip"), "w") as archive:
        for index in range(2000):
            entry(archive, "large/%04d.dylib" % index, spanning)
        good_copy(archive)
    write_large_manifests(target("large-manifests.zip"))
    write_through_link(target)
    write_ebcdic_manifest(target("ebcdic-manifest.aar"))


def write_large_manifests(path):
    """Frameworks whose manifests are each too large to be kept from the index pass."""
    clean = os.path.join(SAMPLES, "sdks", "GoodKit.xcframework", "ios-arm64", "GoodKit.framework")
    binary = open(os.path.join(clean, "GoodKit"), "rb").read()
    plist = open(os.path.join(clean, "Info.plist"), "rb").read()
    manifest = open(os.path.join(clean, "PrivacyInfo.xcprivacy"), "rb").read()
    start = manifest.index(b"<dict>") + len(b"<dict>")
    padded = manifest[:start] + b" " * (4 << 20) + manifest[start:]
    with zipfile.ZipFile(path, "w") as archive:
        for index in range(60):
            name = "Kit%02d" % index
            entry(archive, "%s.framework/%s" % (name, name), binary)
            entry(archive, "%s.framework/Info.plist" % name, plist.replace(b"GoodKit", name.encode()))
            entry(archive, "%s.framework/PrivacyInfo.xcprivacy" % name, padded)


def write_through_link(target):
    """The same entries, a link a later entry is written through, as a tar and as a zip."""
    clean = os.path.join(SAMPLES, "sdks", "GoodKit.xcframework", "ios-arm64", "GoodKit.framework")
    tracker = open(os.path.join(SAMPLES, "sdks", "TrackerKit.framework", "TrackerKit"), "rb").read()
    plist = open(os.path.join(clean, "Info.plist"), "rb").read().replace(b"GoodKit", b"CleanKit")
    files = [
        ("CleanKit.framework/CleanKit", open(os.path.join(clean, "GoodKit"), "rb").read()),
        ("CleanKit.framework/Info.plist", plist),
        ("CleanKit.framework/PrivacyInfo.xcprivacy", open(os.path.join(clean, "PrivacyInfo.xcprivacy"), "rb").read()),
    ]
    with tarfile.open(target("through-link.tar"), "w", format=tarfile.GNU_FORMAT) as archive:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(data), 1704067200
            archive.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("Staging")
        link.type, link.linkname, link.mtime = tarfile.SYMTYPE, "CleanKit.framework", 1704067200
        archive.addfile(link)
        info = tarfile.TarInfo("Staging/CleanKit")
        info.size, info.mtime = len(tracker), 1704067200
        archive.addfile(info, io.BytesIO(tracker))
    write_zip(target("through-link.zip"), [(name, data, {}) for name, data in files]
              + [("Staging", None, {"link": "CleanKit.framework"}), ("Staging/CleanKit", tracker, {})])
    with zipfile.ZipFile(target("bang-entry.zip"), "w") as archive:
        entry(archive, "Inner.zip!/Evil.framework/Evil", tracker)
        good_copy(archive)


def write_ebcdic_manifest(path):
    """An .aar whose manifest libxml2 reads as EBCDIC (IBM037), with what the ASCII guard missed."""
    attributes = "".join(' a%d=""' % index for index in range(250_000))
    manifest = (
        '<?xml version="1.0" encoding="IBM037"?>\n'
        '<!DOCTYPE manifest [<!ENTITY p "android.permission.CAMERA">]>\n'
        '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.ebcdic">\n'
        '<uses-permission android:name="&p;"/>\n'
        "<application" + attributes + "/>\n</manifest>\n").encode("cp037")
    assert manifest.startswith(bytes([0x4C, 0x6F, 0xA7, 0x94]))
    library = open(os.path.join(SAMPLES, "elf", "libstorageprobe.so"), "rb").read()
    with zipfile.ZipFile(path, "w") as archive:
        entry(archive, "AndroidManifest.xml", manifest)
        entry(archive, "jni/arm64-v8a/libstorageprobe.so", library)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
