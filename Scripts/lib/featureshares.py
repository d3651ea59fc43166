"""Where a scan's CPU time goes, by feature: `perf record -g` of one scan, each sample given to
the feature of the innermost frame of its call chain that belongs to one (a sample under
discovery's walk is discovery's whatever it calls). Shared by Scripts/bench-scan.

Features are told apart by the Swift type names in the (mangled) frames. A bundle's seal check
(walking the bundle, parsing `CodeResources`) is matched on the whole chain before discovery, which
runs it; property lists parsed elsewhere (manifests, by the audit's input) are a feature of their
own. Samples under none are
one row, so the shares add up to 100%: mostly system calls (opens, path look-ups) and
allocations whose callers perf cannot unwind through the C library without frame pointers, and
the process's start.
"""

import collections
import os
import shutil
import subprocess
import tempfile

# (feature, substrings of a frame's symbol), innermost match first; discovery is matched on the
# whole chain before anything else.
FEATURES = [
    ("signatures", ["11CodeSigning", "CodeSignatureInfo", "SigningCertificate", "BundleSignature", "EVP_Digest",
                    "sha256_block", "sha1_block"]),
    ("hosts", ["HostStrings", "HostCollector", "8HostName"]),
    ("lookup strings", ["LookupStrings", "CFStrings"]),
    ("selectors", ["ObjCSelectorReferences"]),
    ("defined classes and modules", ["DefinedIdentities"]),
    ("symbol tables", ["SymbolTable", "ChainedFixups", "DyldInfoBinds", "ImportMerger", "ThinImageReader",
                       "MachOReader", "RecordTable", "ELFReader", "ELFImageReader", "ArArchive", "FatHeader"]),
    ("reading files", ["9FileBytes", "ArchiveMountingFileSystem", "ArchiveIndex"]),
    ("property lists", ["XMLPropertyList", "PropertyListDocument", "BinaryPropertyListParser", "XMLInputGuard",
                        "XMLParser", "xmlParse", "xmlSAX"]),
    ("catalog matching", ["14PrivacyCatalog"]),
    ("audit rules", ["12PrivacyAudit", "10AuditModel", "17PackageProvenance"]),
    ("report writing", ["12AuditReports"]),
]
DISCOVERY = "15TargetDiscovery"
SEAL_CHECK = "9SealCheck"


def available():
    return shutil.which("perf") is not None


def shares(command):
    """{feature: fraction of samples} of one run of `command` (a list), or None without perf."""
    if not available():
        return None
    with tempfile.TemporaryDirectory() as scratch:
        data = os.path.join(scratch, "perf.data")
        record = subprocess.run(["perf", "record", "-q", "-g", "-o", data, "--"] + command,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if record.returncode not in (0, 1):
            return None
        script = subprocess.run(["perf", "script", "-i", data, "-F", "ip,sym"], capture_output=True, text=True,
                                errors="replace")
    counts = collections.Counter()
    for block in script.stdout.split("\n\n"):
        frames = [line.strip().split(" ", 1)[-1] for line in block.strip().splitlines()]
        if frames:
            counts[feature(frames)] += 1
    total = sum(counts.values())
    return {name: count / total for name, count in counts.most_common()} if total else None


def feature(frames):
    """The feature of one sample, its frames innermost first."""
    if any(SEAL_CHECK in frame for frame in frames):
        return "seal check"
    if any(DISCOVERY in frame and "discover" in frame for frame in frames):
        return "discovery"
    for frame in frames:
        for name, markers in FEATURES:
            if any(marker in frame for marker in markers):
                return name
    return "unattributed (syscalls, malloc)"
