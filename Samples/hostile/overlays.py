#!/usr/bin/env python3
"""Write large, valid `--catalog` overlays.

    Samples/hostile/overlays.py OUTDIR

- `many-apis.json`: 40,000 new APIs, each with one spelling; the last one spells `_statfs`, so
  a scan of a binary that imports it finds that API;
- `many-spellings.json`: one new API with 10,000 spellings, the last one `_statfs`;
- `many-reasons.json`: 2,000 new categories with 10 reason codes each;
- `many-resources.json`: 20,000 new resources with two evidence spellings each.

Each is accepted by sdkvet; validating and merging it must take time linear in its size
(`Docs/SECURITY.md`). Python 3 standard library only.
"""

import json
import os
import sys

DISK_SPACE = "NSPrivacyAccessedAPICategoryDiskSpace"


def api(identifier, spellings):
    return {
        "id": identifier,
        "name": identifier,
        "categories": [DISK_SPACE],
        "spellings": [{"name": name, "kind": "c-function"} for name in spellings],
    }


def overlays():
    apis = [api(f"hostile_api_{index}", [f"_hostile_api_{index}"]) for index in range(39_999)]
    apis.append(api("hostile_statfs", ["_statfs"]))
    yield "many-apis.json", {"schemaVersion": 1, "apis": apis}
    spellings = [f"_hostile_spelling_{index}" for index in range(9_999)] + ["_statfs"]
    yield "many-spellings.json", {"schemaVersion": 1, "apis": [api("hostile_spellings", spellings)]}
    categories = [
        {
            "id": f"NSPrivacyAccessedAPICategoryHostile{index}",
            "title": f"Hostile {index}",
            "reasons": [
                {"code": f"H{index:03X}.{reason}", "summary": "Generated.", "usableBy": "app-or-sdk"}
                for reason in range(1, 11)
            ],
        }
        for index in range(2_000)
    ]
    yield "many-reasons.json", {"schemaVersion": 1, "categories": categories}
    resources = [
        {
            "id": f"hostile_resource_{index}",
            "name": f"Hostile {index}",
            "kind": "tracking",
            "infoPlistKeys": [],
            "evidence": [
                {"name": f"_hostile_request_{index}", "kind": "c-function", "strength": "request"},
                {"name": f"_hostile_reference_{index}", "kind": "c-function", "strength": "reference"},
            ],
        }
        for index in range(20_000)
    ]
    yield "many-resources.json", {"schemaVersion": 1, "resources": resources}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, document in overlays():
        with open(os.path.join(sys.argv[1], name), "w") as handle:
            json.dump(document, handle)


if __name__ == "__main__":
    main()
