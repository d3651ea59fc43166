"""What an independent reader finds in the code signatures of Mach-O files, slice by slice:
lief locates each slice's LC_CODE_SIGNATURE, this module parses the superblob, and openssl
verifies the CMS over the primary code directory (`openssl cms -verify -noverify`: the signed
digest and the signature value, not the chain) and names the signer's certificate.

Used by Scripts/registry-differential, which compares it with `sdkvet info --format json`.
"""

import hashlib
import os
import struct
import subprocess
import tempfile

HASHES = {1: hashlib.sha1, 2: hashlib.sha256, 3: hashlib.sha256}
STRENGTH = {1: 1, 3: 2, 2: 3}


def blob_at(data, offset):
    _, length = struct.unpack_from(">II", data, offset)
    return data[offset:offset + length]


def directory(data):
    _, length, version, flags = struct.unpack_from(">IIII", data, 0)
    ident, = struct.unpack_from(">I", data, 20)
    hash_type = data[37]
    team = None
    if version >= 0x20200:
        offset, = struct.unpack_from(">I", data, 48)
        if offset:
            team = data[offset:data.index(b"\0", offset)].decode("utf-8", "replace")
    digest = HASHES.get(hash_type)
    return {"identifier": data[ident:data.index(b"\0", ident)].decode("utf-8", "replace"), "team": team,
            "flags": flags, "hashType": hash_type,
            "cdhash": digest(data[:length]).hexdigest()[:40] if digest else None}


def _signer(cms, primary):
    """(verified, SHA-256 of the signer's certificate, uppercase) per openssl; (False, None) on failure."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {name: os.path.join(folder, name) for name in ("cms", "content", "signer")}
        open(paths["cms"], "wb").write(cms)
        open(paths["content"], "wb").write(primary)
        run = subprocess.run(
            ["openssl", "cms", "-verify", "-inform", "DER", "-in", paths["cms"], "-content", paths["content"],
             "-binary", "-noverify", "-purpose", "any", "-signer", paths["signer"], "-out", os.devnull],
            capture_output=True)
        if run.returncode != 0 or not os.path.exists(paths["signer"]):
            return False, None
        der = subprocess.run(["openssl", "x509", "-outform", "DER", "-in", paths["signer"]], capture_output=True)
        return True, hashlib.sha256(der.stdout).hexdigest().upper() if der.returncode == 0 else None


def superblob(data):
    """The fields of one slice's signature superblob, or None when it is not one."""
    if len(data) < 12 or struct.unpack_from(">I", data, 0)[0] != 0xFADE0CC0:
        return None
    count, = struct.unpack_from(">I", data, 8)
    primary, alternates, cms = None, [], b""
    for index in range(count):
        slot, offset = struct.unpack_from(">II", data, 12 + 8 * index)
        blob = blob_at(data, offset)
        if slot == 0 and primary is None:
            primary = blob
        elif 0x1000 <= slot <= 0x1004:
            alternates.append(blob)
        elif slot == 0x10000:
            cms = blob[8:]
    if primary is None:
        return None
    directories = [directory(primary)] + [directory(blob) for blob in alternates]
    strongest = max((d for d in directories if d["cdhash"]), key=lambda d: STRENGTH.get(d["hashType"], 0),
                    default=None)
    verified, certificate = _signer(cms, primary) if cms else (False, None)
    return {"identifier": directories[0]["identifier"], "team": next((d["team"] for d in directories if d["team"]), None),
            "cdhash": strongest["cdhash"] if strongest else None, "cmsPresent": bool(cms),
            "cmsVerifies": verified, "signerSHA256": certificate}


def slices(path, lief):
    """[(architecture, fields or None)] for each slice of the Mach-O file at `path`."""
    parsed = lief.MachO.parse(path)
    if parsed is None:
        return []
    result = []
    for binary in parsed:
        architecture = str(binary.header.cpu_type).split(".")[-1].lower()
        if not binary.has_code_signature:
            result.append((architecture, None))
            continue
        result.append((architecture, superblob(bytes(binary.code_signature.content))))
    return result
