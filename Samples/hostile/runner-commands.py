#!/usr/bin/env python3
"""Write SDKs whose vendor-controlled strings are CI runner commands and Markdown links.

    Samples/hostile/runner-commands.py OUTDIR

Writes OUTDIR/runner-commands/, a folder to scan from inside (relative paths start lines):

- `::add-mask::Folder/##vso[task.complete result=Failed]/EvilKit.framework`: folder names that
  are a GitHub workflow command and an Azure Pipelines logging command; the framework's binary
  is TrackerKit's (it reads the advertising identifier), its Info.plist's version is
  `::error::1.0` and its purpose strings and bundle name carry `  ::add-mask::secret`,
  `::stop-commands::token`, `##[error]`, an `@org/team` mention, `https://` and `www.`
  autolinks, a `[link](https://evil.example)`, and a long word (`::error::` and 120 more
  characters) that text wrapping gives a line of its own;
- its PrivacyInfo.xcprivacy declares reason codes `::error::REASON` and
  `##vso[task.setvariable variable=evil]1`, an unknown category `::warning::CATEGORY`, and
  tracking domains `::add-mask::tracker.example`, `www.evil.example` and `@org/team`;
- `::stop-commands::tok.dylib`: a loose library named as a command.

`RunnerCommandTests` runs every command and format over it in a child process and asserts that
no output line starts, after white space, with `::`, and that none holds `##[` or `##vso[`
(`Docs/SECURITY.md`, "Text"). Python 3 standard library only.
"""

import os
import plistlib
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, "..", "sdks", "TrackerKit.framework", "TrackerKit")

LONG_WORD = "::error::" + "x" * 120
MARKDOWN = "@org/team see https://evil.example/x and www.evil.example or [click](https://evil.example)"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = os.path.join(sys.argv[1], "runner-commands")
    shutil.rmtree(root, ignore_errors=True)
    folder = os.path.join(root, "::add-mask::Folder", "##vso[task.complete result=Failed]")
    framework = os.path.join(folder, "EvilKit.framework")
    os.makedirs(framework)
    shutil.copyfile(BINARY, os.path.join(framework, "EvilKit"))
    info = {
        "CFBundleExecutable": "EvilKit",
        "CFBundleIdentifier": "dev.sdkvet.samples.EvilKit",
        "CFBundleName": "::error::EvilKit " + MARKDOWN,
        "CFBundlePackageType": "FMWK",
        "CFBundleShortVersionString": "::error::1.0",
        "CFBundleVersion": "##vso[build.addbuildtag]evil",
        "CFBundleSupportedPlatforms": ["iPhoneOS"],
        "MinimumOSVersion": "15.0",
        "NSLocationWhenInUseUsageDescription": "  ::add-mask::secret " + LONG_WORD,
        "NSCameraUsageDescription": "::stop-commands::token ##[error]camera " + MARKDOWN,
        "NSUserTrackingUsageDescription": "TODO " + LONG_WORD,
    }
    with open(os.path.join(framework, "Info.plist"), "wb") as f:
        plistlib.dump(info, f)
    manifest = {
        "NSPrivacyTracking": True,
        "NSPrivacyTrackingDomains": ["::add-mask::tracker.example", "www.evil.example", "@org/team", LONG_WORD],
        "NSPrivacyCollectedDataTypes": [
            {
                "NSPrivacyCollectedDataType": "::warning::DATA " + MARKDOWN,
                "NSPrivacyCollectedDataTypeLinked": True,
                "NSPrivacyCollectedDataTypeTracking": True,
                "NSPrivacyCollectedDataTypePurposes": ["##vso[task.setvariable variable=evil]1"],
            }
        ],
        "NSPrivacyAccessedAPITypes": [
            {
                "NSPrivacyAccessedAPIType": "::warning::CATEGORY",
                "NSPrivacyAccessedAPITypeReasons": ["::error::REASON"],
            },
            {
                "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                "NSPrivacyAccessedAPITypeReasons": ["##vso[task.setvariable variable=evil]1", LONG_WORD, MARKDOWN],
            },
        ],
    }
    with open(os.path.join(framework, "PrivacyInfo.xcprivacy"), "wb") as f:
        plistlib.dump(manifest, f)
    shutil.copyfile(BINARY, os.path.join(root, "::stop-commands::tok.dylib"))


if __name__ == "__main__":
    main()
