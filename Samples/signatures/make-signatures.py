#!/usr/bin/env python3
"""Builds the code-signature samples in Samples/signatures from ../sdks/GoodKit.xcframework.

Usage: make-signatures.py            (rewrites every *.xcframework here; deterministic)

No signing tool is used: the code directories, requirement blobs, CMS wrapper and
CodeResources are assembled here, byte by byte, after <kern/cs_blobs.h> and what codesign
writes. Page hashes and seals are real (SHA-1/SHA-256 of the bytes written); the CMS signature
holds a hand-made certificate and a SignerInfo whose signature value is filler: nothing here would
pass `codesign --verify`'s signature and certificate checks, which sdkvet does not make either.

Every xcframework has one slice, ios-arm64, holding GoodKit.framework (the device slice of
../sdks/GoodKit.xcframework, linked by ld64.lld-16, which signs arm64 outputs ad hoc and
linker-signed):

  TeamSignedKit     outer: primary SHA-1 CodeDirectory + SHA-256 alternate (CodeRequirements-1),
                    team SDKVET1234, CMS with a certificate (OU=SDKVET1234); inner binary
                    re-signed with the same team.                  -> AppleDeveloperProgram:SDKVET1234
  SelfSignedKit     the same without a team identifier anywhere   -> SelfSigned:<certificate SHA-256>
  AdHocKit          outer: one SHA-256 CodeDirectory, flags CS_ADHOC, no CodeSignature file;
                    inner binary as linked                         -> ad-hoc (unsigned-binary-sdk)
  UnsignedKit       no _CodeSignature at all                       -> unsigned (unsigned-binary-sdk)
  InnerUnsignedKit  outer as TeamSignedKit, inner binary left linker-signed ad hoc
                                                                   -> signature-inner-unsigned
  StaticInnerKit    outer as TeamSignedKit, the inner framework's binary a static archive
                    (../sdks/StaticKit.xcframework's device libStaticKit.a), which carries no
                    signature                                      -> no signature-inner-unsigned
  SealBrokenKit     as TeamSignedKit, then the sealed Headers/GoodKit.h removed and an unsealed
                    Extra.txt added                                -> signature-seal-mismatch
  ForgedTeamKit     code directories claiming team SDKVET1234, a CodeSignature of garbage bytes
                                                                   -> unverified (signature-unverified)
  CopiedSignatureKit  TeamSignedKit's CodeSignature (made over TeamSignedKit's code directory)
                    beside its own code directories                -> unverified (signature-unverified)
  TeamMismatchKit   code directories claiming SDKVET1234, signed by a certificate of OTHER56789
                                                                   -> AppleDeveloperProgram:OTHER56789
                                                                      (signature-unverified: two teams)

Each CMS is a ContentInfo(SignedData) with the certificate and one SignerInfo that names it by
issuer and serial number and whose signed messageDigest attribute is the SHA-256 of the primary
code directory, as codesign writes it. A bundle's CodeSignature file is the bare BER CMS
(it starts 30 80 06 09 2a 86 48 86 f7 0d 01 07 02), as Xcode writes it; a Mach-O's is wrapped in
a 0xfade0b01 blob inside the superblob.

expected.json records, per signed file, the fields an independent reader must find
(identifier, team, flags, hash types, cdhashes, certificate SHA-256).
"""
import base64
import hashlib
import json
import os
import plistlib
import shutil
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "sdks", "GoodKit.xcframework", "ios-arm64", "GoodKit.framework")
STATIC_ARCHIVE = os.path.join(HERE, "..", "sdks", "StaticKit.xcframework", "ios-arm64", "libStaticKit.a")
TEAM = "SDKVET1234"
LC_CODE_SIGNATURE = 0x1D
LC_SEGMENT_64 = 0x19
CS_ADHOC = 0x2
PAGE = 4096

# --- DER -------------------------------------------------------------------------------


def der(tag, content):
    """A definite-length DER element."""
    length = len(content)
    if length < 0x80:
        head = bytes([length])
    else:
        raw = length.to_bytes((length.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + head + content


def ber_indefinite(tag, content):
    """A constructed element with an indefinite length, as codesign writes CMS."""
    return bytes([tag, 0x80]) + content + b"\0\0"


def oid(dotted):
    parts = [int(p) for p in dotted.split(".")]
    body = bytes([parts[0] * 40 + parts[1]])
    for value in parts[2:]:
        chunk = [value & 0x7F]
        value >>= 7
        while value:
            chunk.insert(0, 0x80 | (value & 0x7F))
            value >>= 7
        body += bytes(chunk)
    return der(0x06, body)


def name(*pairs):
    rdns = b""
    for attribute, value in pairs:
        rdns += der(0x31, der(0x30, oid(attribute) + der(0x0C, value.encode())))
    return der(0x30, rdns)


def certificate(common_name, unit):
    """A self-issued X.509 v3 certificate; the key and signature are fixed filler bytes."""
    algorithm = der(0x30, oid("1.2.840.113549.1.1.11") + der(0x05, b""))
    attributes = [("2.5.4.3", common_name)] + ([("2.5.4.11", unit)] if unit else [])
    subject = name(*attributes)
    modulus = b"\x00\xc5" + hashlib.sha256(common_name.encode()).digest() * 8
    key = der(0x30, der(0x02, modulus) + der(0x02, b"\x01\x00\x01"))
    public_key = der(0x30, der(0x30, oid("1.2.840.113549.1.1.1") + der(0x05, b"")) + der(0x03, b"\0" + key))
    validity = der(0x30, der(0x17, b"260101000000Z") + der(0x17, b"360101000000Z"))
    tbs = der(0x30, der(0xA0, der(0x02, b"\x02")) + der(0x02, b"\x01\x23\x45\x67") + algorithm + subject
              + validity + subject + public_key)
    return der(0x30, tbs + algorithm + der(0x03, b"\0" + hashlib.sha256(tbs).digest() * 8))


def cms(cert, signed_directory):
    """ContentInfo(signedData) holding `cert` and one SignerInfo that names it (issuer and
    serial) with a messageDigest attribute of SHA-256(`signed_directory`), as codesign signs
    the primary code directory; outer levels indefinite-length. The signature value is filler."""
    tbs_fields = der_children(der_children(cert)[0])
    serial, issuer = tbs_fields[1], tbs_fields[3]
    sha256 = der(0x30, oid("2.16.840.1.101.3.4.2.1"))
    content_type = der(0x30, oid("1.2.840.113549.1.9.3") + der(0x31, oid("1.2.840.113549.1.7.1")))
    digest = der(0x30, oid("1.2.840.113549.1.9.4")
                 + der(0x31, der(0x04, hashlib.sha256(signed_directory).digest())))
    signer = der(0x30, der(0x02, b"\x01") + der(0x30, issuer + serial) + sha256
                 + der(0xA0, content_type + digest)
                 + der(0x30, oid("1.2.840.113549.1.1.1") + der(0x05, b"")) + der(0x04, bytes(256)))
    signed = (der(0x02, b"\x01") + der(0x31, sha256)
              + ber_indefinite(0x30, oid("1.2.840.113549.1.7.1")) + der(0xA0, cert) + der(0x31, signer))
    return ber_indefinite(0x30, oid("1.2.840.113549.1.7.2") + ber_indefinite(0xA0, ber_indefinite(0x30, signed)))


def der_children(element):
    """The encoded children of a definite-length DER element."""
    length, at = element[1], 2
    if length & 0x80:
        count = length & 0x7F
        length, at = int.from_bytes(element[2:2 + count], "big"), 2 + count
    content, children = element[at:at + length], []
    while content:
        size, head = content[1], 2
        if size & 0x80:
            count = size & 0x7F
            size, head = int.from_bytes(content[2:2 + count], "big"), 2 + count
        children.append(content[:head + size])
        content = content[head + size:]
    return children


# --- Code signing blobs ----------------------------------------------------------------


def blob(magic, payload):
    return struct.pack(">II", magic, 8 + len(payload)) + payload


def requirements():
    return struct.pack(">III", 0xFADE0C01, 12, 0)  # CSMAGIC_REQUIREMENTS, no requirement


def code_directory(identifier, team, flags, hash_type, code, special):
    """CS_CodeDirectory version 0x20400 over `code` (4 KiB pages); `special` maps slot -> bytes hashed."""
    digest = {1: hashlib.sha1, 2: hashlib.sha256}[hash_type]
    size = digest().digest_size
    strings = identifier.encode() + b"\0"
    team_offset = 0
    if team:
        team_offset = 88 + len(strings)
        strings += team.encode() + b"\0"
    special_count = max(special) if special else 0
    special_hashes = b"".join(
        digest(special[slot]).digest() if slot in special else bytes(size)
        for slot in range(special_count, 0, -1))
    code_hashes = b"".join(digest(code[i:i + PAGE]).digest() for i in range(0, len(code), PAGE))
    hash_offset = 88 + len(strings) + len(special_hashes)
    length = hash_offset + len(code_hashes)
    header = struct.pack(">IIIIIIIIIBBBBIIIIQQQQ", 0xFADE0C02, length, 0x20400, flags, hash_offset, 88,
                         special_count, len(code_hashes) // size, len(code), size, hash_type, 0, 12, 0, 0,
                         team_offset, 0, 0, 0, 0, 0)
    assert len(header) == 88
    return header + strings + special_hashes + code_hashes


def cdhash(directory):
    hash_type = directory[37]
    return {1: hashlib.sha1, 2: hashlib.sha256}[hash_type](directory).hexdigest()[:40]


def super_blob(entries):
    """CS_SuperBlob over [(slot, blob)]."""
    offset = 12 + 8 * len(entries)
    index, body = b"", b""
    for slot, data in entries:
        index += struct.pack(">II", slot, offset + len(body))
        body += data
    return struct.pack(">III", 0xFADE0CC0, offset + len(body), len(entries)) + index + body


# --- Mach-O ------------------------------------------------------------------------------


def resign_macho(path, identifier, team, cert):
    """Replaces the embedded signature of a thin 64-bit Mach-O (LC_CODE_SIGNATURE at the end of
    __LINKEDIT) by one whose SHA-256 code directory has real page hashes."""
    data = bytearray(open(path, "rb").read())
    magic, _, _, _, ncmds, _, _ = struct.unpack_from("<IiiIIII", data, 0)
    assert magic == 0xFEEDFACF
    offset, signature, linkedit = 32, None, None
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, offset)
        if cmd == LC_CODE_SIGNATURE:
            signature = offset
        if cmd == LC_SEGMENT_64 and data[offset + 8:offset + 24].rstrip(b"\0") == b"__LINKEDIT":
            linkedit = offset
        offset += cmdsize
    dataoff, _ = struct.unpack_from("<II", data, signature + 8)
    del data[dataoff:]
    # The sizes must be final before the pages are hashed: build once to learn the size.
    def build():
        directory = code_directory(identifier, team, 0, 2, bytes(data), {2: requirements()})
        wrapper = blob(0xFADE0B01, cms(cert, directory))
        return super_blob([(0, directory), (2, requirements()), (0x10000, wrapper)]), directory
    size = len(build()[0])
    struct.pack_into("<I", data, signature + 12, size)
    fileoff, = struct.unpack_from("<Q", data, linkedit + 40)
    struct.pack_into("<Q", data, linkedit + 48, dataoff + size - fileoff)   # filesize
    vmsize = (dataoff + size - fileoff + 0x3FFF) & ~0x3FFF
    struct.pack_into("<Q", data, linkedit + 32, vmsize)
    signed, directory = build()
    assert len(signed) == size
    open(path, "wb").write(bytes(data) + signed)
    return directory


# --- Bundles -----------------------------------------------------------------------------

RULES2 = {
    ".*\\.dSYM($|/)": {"weight": 11.0},
    "^(.*/)?\\.DS_Store$": {"omit": True, "weight": 2000.0},
    "^.*": True,
    "^.*\\.lproj/": {"optional": True, "weight": 1000.0},
    "^.*\\.lproj/locversion.plist$": {"omit": True, "weight": 1100.0},
    "^Base\\.lproj/": {"weight": 1010.0},
    "^Info\\.plist$": {"omit": True, "weight": 20.0},
    "^PkgInfo$": {"omit": True, "weight": 20.0},
    "^embedded\\.provisionprofile$": {"weight": 20.0},
    "^version\\.plist$": {"weight": 20.0},
}


def code_resources(bundle):
    files, files2 = {}, {}
    for root, dirs, names in os.walk(bundle):
        dirs.sort()
        for file_name in sorted(names):
            full = os.path.join(root, file_name)
            relative = os.path.relpath(full, bundle)
            if relative == "Info.plist" or relative.startswith("_CodeSignature/"):
                continue
            content = open(full, "rb").read()
            files[relative] = hashlib.sha1(content).digest()
            files2[relative] = {"hash2": hashlib.sha256(content).digest()}
    rules = {"^.*": True, "^.*\\.lproj/": {"optional": True, "weight": 1000.0}, "^version.plist$": True}
    return plistlib.dumps({"files": files, "files2": files2, "rules": rules, "rules2": RULES2},
                          fmt=plistlib.FMT_XML, sort_keys=True)


def sign_bundle(bundle, identifier, team, flags, cert, alternate=True, cms_bytes=None):
    """Writes _CodeSignature/ for an xcframework: its Info.plist is the main executable."""
    folder = os.path.join(bundle, "_CodeSignature")
    os.makedirs(folder)
    resources = code_resources(bundle)
    open(os.path.join(folder, "CodeResources"), "wb").write(resources)
    info = open(os.path.join(bundle, "Info.plist"), "rb").read()
    special = {2: requirements(), 3: resources}
    record = {"directories": []}
    primary_type = 1 if alternate else 2
    primary = code_directory(identifier, team, flags, primary_type, info, special)
    open(os.path.join(folder, "CodeDirectory"), "wb").write(primary)
    open(os.path.join(folder, "CodeRequirements"), "wb").write(requirements())
    record["directories"].append(directory_record(primary))
    if alternate:
        second = code_directory(identifier, team, flags, 2, info, special)
        open(os.path.join(folder, "CodeRequirements-1"), "wb").write(second)
        record["directories"].append(directory_record(second))
    if cms_bytes is None and cert is not None:
        cms_bytes = cms(cert, primary)  # bare BER, as Xcode writes it (no 0xfade0b01 wrapper)
    if cms_bytes is not None:
        open(os.path.join(folder, "CodeSignature"), "wb").write(cms_bytes)
    return record


def directory_record(directory):
    flags, = struct.unpack_from(">I", directory, 12)
    ident_offset, = struct.unpack_from(">I", directory, 20)
    team_offset, = struct.unpack_from(">I", directory, 48)
    text = lambda at: directory[at:directory.index(b"\0", at)].decode() if at else None
    return {"identifier": text(ident_offset), "team": text(team_offset), "flags": flags,
            "hashType": directory[37], "cdhash": cdhash(directory)}


def xcframework(name):
    bundle = os.path.join(HERE, name + ".xcframework")
    shutil.rmtree(bundle, ignore_errors=True)
    shutil.copytree(SOURCE, os.path.join(bundle, "ios-arm64", "GoodKit.framework"))
    info = {
        "AvailableLibraries": [{"LibraryIdentifier": "ios-arm64", "LibraryPath": "GoodKit.framework",
                                "SupportedArchitectures": ["arm64"], "SupportedPlatform": "ios"}],
        "CFBundlePackageType": "XFWK", "XCFrameworkFormatVersion": "1.0"}
    open(os.path.join(bundle, "Info.plist"), "wb").write(plistlib.dumps(info, fmt=plistlib.FMT_XML))
    return bundle


def main():
    if len(sys.argv) != 1:
        raise SystemExit(__doc__)
    team_cert = certificate("Apple Distribution: sdkvet samples (SDKVET1234)", TEAM)
    self_cert = certificate("sdkvet self-signed sample", None)
    other_cert = certificate("Apple Distribution: another team (OTHER56789)", "OTHER56789")
    expected = {}

    def record(relative, fields, cert):
        fields["cmsPresent"] = cert is not None
        fields["certificateSHA256"] = hashlib.sha256(cert).hexdigest().upper() if cert else None
        expected[relative] = fields

    def inner(bundle, name, team, cert):
        binary = os.path.join(bundle, "ios-arm64", "GoodKit.framework", "GoodKit")
        directory = resign_macho(binary, "dev.sdkvet.samples.GoodKit", team, cert)
        record(name + ".xcframework/ios-arm64/GoodKit.framework/GoodKit", {"directories": [directory_record(directory)]}, cert)

    for name, team, cert in [("TeamSignedKit", TEAM, team_cert), ("SelfSignedKit", None, self_cert)]:
        bundle = xcframework(name)
        inner(bundle, name, team, cert)
        record(name + ".xcframework", sign_bundle(bundle, "dev.sdkvet.samples." + name, team, 0, cert), cert)

    bundle = xcframework("AdHocKit")
    record("AdHocKit.xcframework", sign_bundle(bundle, "AdHocKit", None, CS_ADHOC, None, alternate=False), None)

    xcframework("UnsignedKit")

    bundle = xcframework("InnerUnsignedKit")
    record("InnerUnsignedKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.InnerUnsignedKit", TEAM, 0, team_cert), team_cert)

    # A static framework: an ar archive cannot be signed, so only the outer bundle is.
    bundle = xcframework("StaticInnerKit")
    shutil.copyfile(STATIC_ARCHIVE, os.path.join(bundle, "ios-arm64", "GoodKit.framework", "GoodKit"))
    record("StaticInnerKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.StaticInnerKit", TEAM, 0, team_cert), team_cert)

    bundle = xcframework("SealBrokenKit")
    headers = os.path.join(bundle, "ios-arm64", "GoodKit.framework", "Headers")
    os.makedirs(headers)
    open(os.path.join(headers, "GoodKit.h"), "w").write("// sealed, then removed\n")
    inner(bundle, "SealBrokenKit", TEAM, team_cert)
    record("SealBrokenKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.SealBrokenKit", TEAM, 0, team_cert), team_cert)
    shutil.rmtree(headers)
    open(os.path.join(bundle, "ios-arm64", "GoodKit.framework", "Extra.txt"), "w").write("added after signing\n")

    # A forged team: the code directory claims SDKVET1234, the CMS is a few garbage bytes.
    bundle = xcframework("ForgedTeamKit")
    record("ForgedTeamKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.ForgedTeamKit", TEAM, 0, None, cms_bytes=b"\x30\x80garbage"),
           None)
    expected["ForgedTeamKit.xcframework"]["cmsPresent"] = True
    # A copied signature: TeamSignedKit's CMS, made over another code directory.
    bundle = xcframework("CopiedSignatureKit")
    copied = open(os.path.join(HERE, "TeamSignedKit.xcframework", "_CodeSignature", "CodeSignature"), "rb").read()
    record("CopiedSignatureKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.CopiedSignatureKit", TEAM, 0, team_cert, cms_bytes=copied),
           team_cert)
    # Two teams: the code directory claims SDKVET1234, the certificate that signs it is OTHER56789.
    bundle = xcframework("TeamMismatchKit")
    inner(bundle, "TeamMismatchKit", TEAM, team_cert)
    record("TeamMismatchKit.xcframework",
           sign_bundle(bundle, "dev.sdkvet.samples.TeamMismatchKit", TEAM, 0, other_cert), other_cert)

    with open(os.path.join(HERE, "expected.json"), "w") as out:
        json.dump(expected, out, indent=2, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
