#!/usr/bin/env python3
"""Writes the hand-made hostile documents of Fuzz/corpus/documents/ (hostile-*).

Each file is what the document fuzzer (Fuzz/DocumentFuzz) takes: one byte saying what the rest
is (0 privacy manifest, 1 Info.plist, 2 InfoPlist.strings, 3 catalog overlay, 4 Podfile.lock,
5 Package.resolved, 6 workspace-state.json, 7 Cartfile.resolved, 8 Carthage .version file), then
the document. They start the fuzzer off in places a mutator reaches slowly, and
DocumentFuzzRegressionTests replays them on every test run: nesting deeper than the property list
readers accept (XML and binary), a binary plist whose array contains itself, a binary plist whose
offsets point past its end, binary plists whose objects share references so that a few hundred
bytes expand to 2^41 values (a manifest, an Info.plist and a strings file), keys repeated in one
dictionary (XML and binary), XML in the plain form tools write (PlainXMLPropertyList's) with
mismatched tags, `]]>` and white-space-only text, and 400 keys, UTF-16 strings files with a broken surrogate and no terminator,
overlays with wrong types, unknown categories and 2,000 spellings of one API, and lock files: a
Podfile.lock nested 100 levels deep, one of anchors and aliases that a full YAML reader would
expand to 10^9 values, one of 1,000 pods, a Package.resolved nested 600 levels deep, a
workspace-state.json and a Carthage version file of wrong types, and a Cartfile.resolved of
unterminated quotes.

    Fuzz/DocumentFuzz/make-hostile-inputs.py            # writes Fuzz/corpus/documents/hostile-*
    Fuzz/DocumentFuzz/make-hostile-inputs.py --bomb F   # writes the bare 235-byte manifest bomb to F
"""

import json
import os
import struct
import sys

MANIFEST, INFO_PLIST, STRINGS, OVERLAY = 0, 1, 2, 3
PODFILE_LOCK, PACKAGE_RESOLVED, WORKSPACE_STATE, CARTFILE_RESOLVED, CARTHAGE_VERSION = 4, 5, 6, 7, 8
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "corpus", "documents")


def binary_plist(objects, top=0, ref_size=4, offset_size=4, offsets=None):
    """A bplist00 file holding the encoded `objects` (bytes each), refs and offsets `ref_size` wide."""
    body = b"bplist00"
    table = []
    for encoded in objects:
        table.append(len(body))
        body += encoded
    if offsets is not None:
        table = offsets
    start = len(body)
    body += b"".join(offset.to_bytes(offset_size, "big") for offset in table)
    return body + b"\0" * 6 + bytes([offset_size, ref_size]) + struct.pack(">QQQ", len(objects), top, start)


def ref(index):
    return struct.pack(">I", index)


def manifest_with_api_types(value_objects):
    """A bplist dict {NSPrivacyAccessedAPITypes: object 2} followed by `value_objects` from index 2."""
    key = b"NSPrivacyAccessedAPITypes"
    return [bytes([0xD1]) + ref(1) + ref(2), bytes([0x5F, 0x10, len(key)]) + key, *value_objects]


def deep_xml(depth):
    return (b'<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
            b"<key>NSPrivacyAccessedAPITypes</key>" + b"<array>" * depth + b"</array>" * depth + b"</dict></plist>")


def deep_binary(depth):
    chain = [bytes([0xA1]) + ref(3 + level) for level in range(depth)] + [bytes([0xA0])]
    return binary_plist(manifest_with_api_types(chain))


def self_containing_binary():
    return binary_plist(manifest_with_api_types([bytes([0xA1]) + ref(2)]))


def offsets_past_end():
    return binary_plist(manifest_with_api_types([bytes([0xA0])]), offsets=[8, 0x7FFFFFF0, 0xFFFFFFFF])


def shared_reference_bomb(key, depth=40):
    """A dict {key: A0} where each A(i) is [A(i+1), A(i+1)] and A(depth) is []: 2^(depth+1) values
    once expanded, in 75 + 4 * depth bytes (235 for depth 40) with one-byte refs and offsets."""
    arrays = [bytes([0xA2, 3 + level, 3 + level]) for level in range(depth)] + [bytes([0xA0])]
    objects = [bytes([0xD1, 1, 2]), bytes([0x5F, 0x10, len(key)]) + key, *arrays]
    return binary_plist(objects, ref_size=1, offset_size=1)


def duplicate_keys_xml():
    return (b'<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
            b"<key>NSPrivacyTracking</key><false/><key>NSPrivacyTracking</key><true/>"
            b"<key>NSPrivacyTrackingDomains</key><array><string>ads.example.com</string></array></dict></plist>")


PLAIN_PROLOG = (b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n')


def plain_xml(body):
    """A document in the form tools write, which PlainXMLPropertyList reads without libxml2."""
    return PLAIN_PROLOG + body + b"\n</plist>\n"


def duplicate_keys_binary():
    """{NSCameraUsageDescription: "Scans receipts.", NSCameraUsageDescription: "camera"} as a binary plist."""
    key = b"NSCameraUsageDescription"
    return binary_plist([bytes([0xD2, 1, 1, 2, 3]), bytes([0x5F, 0x10, len(key)]) + key,
                         bytes([0x5F, 0x10, 15]) + b"Scans receipts.", bytes([0x56]) + b"camera"],
                        ref_size=1, offset_size=1)


def utf16_strings():
    text = '"NSCameraUsageDescription" = "Scans \ud800 receipts'
    return b"\xff\xfe" + text.encode("utf-16-le", "surrogatepass")


def overlay_wrong_types():
    return json.dumps({"schemaVersion": 1, "apis": [{"id": 7, "name": None, "categories": "NSPrivacy",
                                                     "spellings": [{"name": ["_stat"], "kind": "c-function"}]}]})


def overlay_unknown_category():
    return json.dumps({"schemaVersion": 1, "apis": [{"id": "futimes", "name": "futimes",
                                                     "categories": ["NSPrivacyAccessedAPICategoryFile"],
                                                     "spellings": [{"name": "_futimes", "kind": "c-function"}]}]})


def overlay_many_spellings():
    spellings = [{"name": f"_futimes{index}", "kind": "c-function"} for index in range(2000)]
    return json.dumps({"schemaVersion": 1, "apis": [{"id": "futimes", "name": "futimes",
                                                     "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"],
                                                     "spellings": spellings}]})


def deep_yaml(depth):
    return "".join(" " * (2 * level) + f"k{level}:\n" for level in range(depth)).encode()


def yaml_laughs(levels=9):
    """PODS: anchors whose aliases would expand tenfold per level (10^levels values) in a full YAML reader."""
    lines = ["a0: &a0 [x]"] + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels + 1)]
    return ("\n".join(lines) + f"\nPODS:\n  - *a{levels}\n").encode()


def many_pods(count):
    return ("PODS:\n" + "".join(f"  - Pod{index} (1.0.{index})\n" for index in range(count))).encode()


def deep_json(depth):
    return b'{"pins": ' + b"[" * depth + b"]" * depth + b', "version": 2}'


INPUTS = {
    "hostile-manifest-xml-nested-600": (MANIFEST, deep_xml(600)),
    "hostile-manifest-bplist-nested-10000": (MANIFEST, deep_binary(10000)),
    "hostile-manifest-bplist-self-containing": (MANIFEST, self_containing_binary()),
    "hostile-manifest-bplist-offsets-past-end": (MANIFEST, offsets_past_end()),
    "hostile-manifest-bplist-shared-references": (MANIFEST, shared_reference_bomb(b"NSPrivacyAccessedAPITypes")),
    "hostile-infoplist-bplist-shared-references": (INFO_PLIST, shared_reference_bomb(b"NSCameraUsageDescription")),
    "hostile-strings-bplist-shared-references": (STRINGS, shared_reference_bomb(b"NSCameraUsageDescription")),
    "hostile-manifest-xml-duplicate-keys": (MANIFEST, duplicate_keys_xml()),
    "hostile-infoplist-bplist-duplicate-keys": (INFO_PLIST, duplicate_keys_binary()),
    "hostile-manifest-xml-plain-mismatched-tags": (MANIFEST, plain_xml(
        b"<dict><key>NSPrivacyTracking</key><true></false><key>NSPrivacyTrackingDomains</key>"
        b"<array><string>a</strin></array></dict>")),
    "hostile-manifest-xml-plain-text-edges": (MANIFEST, plain_xml(
        b"<dict>\n\t<key>NSPrivacyTrackingDomains</key>\n\t<array><string>a ]]> b</string><string> </string>"
        b"<string/></array><key>NSPrivacyTracking</key><true> </true></dict>")),
    "hostile-infoplist-xml-plain-400-keys": (INFO_PLIST, plain_xml(
        b"<dict>" + b"".join(b"<key>k%d</key><data>\n\tAAEC/w==\n\t</data>" % index for index in range(400))
        + b"<key>CFBundleExecutable</key><string>App</string></dict>")),
    "hostile-infoplist-bplist-nested-10000": (INFO_PLIST, deep_binary(10000)),
    "hostile-strings-utf16-lone-surrogate": (STRINGS, utf16_strings()),
    "hostile-overlay-wrong-types": (OVERLAY, overlay_wrong_types().encode()),
    "hostile-overlay-unknown-category": (OVERLAY, overlay_unknown_category().encode()),
    "hostile-overlay-2000-spellings": (OVERLAY, overlay_many_spellings().encode()),
    "hostile-podfilelock-nested-100": (PODFILE_LOCK, deep_yaml(100)),
    "hostile-podfilelock-anchors-aliases": (PODFILE_LOCK, yaml_laughs()),
    "hostile-podfilelock-1000-pods": (PODFILE_LOCK, many_pods(1000)),
    "hostile-packageresolved-nested-600": (PACKAGE_RESOLVED, deep_json(600)),
    "hostile-workspacestate-wrong-types": (WORKSPACE_STATE, json.dumps(
        {"object": {"dependencies": {"packageRef": 1}, "artifacts": [{"packageRef": [], "targetName": 7}, None]},
         "version": "7"}).encode()),
    "hostile-cartfileresolved-unterminated-quotes": (CARTFILE_RESOLVED, b'github "a/b "1.0"\nbinary "x\n' * 100),
    "hostile-carthageversion-wrong-types": (CARTHAGE_VERSION, json.dumps(
        {"commitish": ["v1"], "iOS": [{"name": 3}, "GoodKit", {"name": "GoodKit", "hash": None}],
         "Mac": {"name": "GoodKit"}}).encode()),
}


def main():
    if sys.argv[1:2] == ["--bomb"]:
        with open(sys.argv[2], "wb") as out:
            out.write(shared_reference_bomb(b"NSPrivacyAccessedAPITypes"))
        return
    os.makedirs(OUT, exist_ok=True)
    for name, (kind, document) in INPUTS.items():
        with open(os.path.join(OUT, name), "wb") as out:
            out.write(bytes([kind]) + document)


if __name__ == "__main__":
    main()
