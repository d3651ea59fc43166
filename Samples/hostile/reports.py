#!/usr/bin/env python3
"""Write large saved reports, as `sdkvet diff` and `scan --baseline` read them back.

    Samples/hostile/reports.py OUTDIR [MODEL]

MODEL is a JSON report of `sdkvet scan` (default: the committed golden report of the audit
reports' tests, Tests/AuditReportsTests/Snapshots/report.json, 5 targets).

- `many-targets.json`: MODEL's targets repeated (each path made unique) as many times as fit
  under `ReadLimits.reportBytes` (24 MiB), as a team's report of a large monorepo might be
  (about 4,800 of MODEL's targets; 8,000 of a scan of Samples/sdks);
- `some-targets.json`: the first 800 of those (about 4 MiB), which the tests' debug build reads
  under their time limit on a loaded machine;
- `over-limit.json`: the same with a few hundred targets more, just past the limit: refused
  with one line (a report of 20,000 targets cost 5 s and 772 MB when read whole);
- `deep.json`: a report whose first target holds an array nested 100,000 deep, which a
  recursive parser would overflow its stack on: refused with one line.

Docs/SECURITY.md gives the bounds. Python 3 standard library only.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "..", "Tests", "AuditReportsTests", "Snapshots", "report.json")
LIMIT = 24 << 20


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(sys.argv[2] if len(sys.argv) == 3 else MODEL) as f:
        report = json.load(f)
    model = report["targets"]
    per_target = len(json.dumps(model)) / len(model)
    count = int((LIMIT - (1 << 20)) / per_target)
    targets = []
    for index in range(count + 400):
        target = json.loads(json.dumps(model[index % len(model)]))
        target["path"] = "Monorepo/Module%05d/%s" % (index, target["path"])
        targets.append(target)
    with open(os.path.join(out, "many-targets.json"), "w") as f:
        json.dump(dict(report, targets=targets[:count]), f)
    with open(os.path.join(out, "some-targets.json"), "w") as f:
        json.dump(dict(report, targets=targets[:800]), f)
    with open(os.path.join(out, "over-limit.json"), "w") as f:
        json.dump(dict(report, targets=targets), f)
    nested = "[" * 100_000 + "]" * 100_000
    text = json.dumps(dict(report, targets=[dict(model[0], deep="NESTED")])).replace('"NESTED"', nested)
    with open(os.path.join(out, "deep.json"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
