#!/usr/bin/env python3
"""Property-list helpers for Samples/sdks/build.sh (deterministic output, sorted keys).

usage: plists.py framework OUTPUT NAME PLATFORM [PACKAGE-TYPE [IDENTIFIER]]
         XML Info.plist of a framework bundle (PLATFORM: iPhoneOS, iPhoneSimulator or
         MacOSX; macOS gets LSMinimumSystemVersion instead of MinimumOSVersion); the
         CFBundleIdentifier is IDENTIFIER, by default dev.sdkvet.samples.NAME
       plists.py resource-bundle OUTPUT NAME
         XML Info.plist of a resource bundle (BNDL, no CFBundleExecutable)
       plists.py xcframework OUTPUT LIBRARY...
         XML Info.plist of an .xcframework; each LIBRARY is
         IDENTIFIER:PATH:ARCH[+ARCH...]:PLATFORM[:VARIANT] (PATH is the LibraryPath)
       plists.py binary INPUT OUTPUT
         re-encode an XML property list as a binary one (bplist00)
       plists.py utf16 INPUT OUTPUT
         re-encode a UTF-8 text file (an old-style .strings file) as UTF-16LE with a BOM,
         the encoding Xcode historically gave InfoPlist.strings
"""
import plistlib
import sys


def write_xml(path, value):
    with open(path, "wb") as handle:
        plistlib.dump(value, handle, fmt=plistlib.FMT_XML, sort_keys=True)


def bundle_keys(name, platform, package_type):
    """The Info.plist keys every sample bundle has."""
    minimum = ("LSMinimumSystemVersion", "12.0") if platform == "MacOSX" else ("MinimumOSVersion", "15.0")
    return {
        "CFBundleDevelopmentRegion": "en",
        "CFBundleIdentifier": f"dev.sdkvet.samples.{name}",
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleName": name,
        "CFBundlePackageType": package_type,
        "CFBundleShortVersionString": "1.0",
        "CFBundleVersion": "1",
        "CFBundleSupportedPlatforms": [platform],
        minimum[0]: minimum[1],
    }


def framework(output, name, platform, package_type="FMWK", identifier=None):
    keys = dict(bundle_keys(name, platform, package_type), CFBundleExecutable=name)
    if identifier:
        keys["CFBundleIdentifier"] = identifier
    write_xml(output, keys)


def resource_bundle(output, name):
    write_xml(output, bundle_keys(name, "iPhoneOS", "BNDL"))


def xcframework(output, libraries):
    available = []
    for spec in libraries:
        parts = spec.split(":")
        identifier, path, archs, platform = parts[:4]
        library = {
            "LibraryIdentifier": identifier,
            "LibraryPath": path,
            "SupportedArchitectures": archs.split("+"),
            "SupportedPlatform": platform,
        }
        if len(parts) > 4:
            library["SupportedPlatformVariant"] = parts[4]
        if not path.endswith(".framework"):
            library["HeadersPath"] = "Headers"
        available.append(library)
    write_xml(output, {
        "AvailableLibraries": available,
        "CFBundlePackageType": "XFWK",
        "XCFrameworkFormatVersion": "1.0",
    })


def binary(source, output):
    with open(source, "rb") as handle:
        value = plistlib.load(handle)
    with open(output, "wb") as handle:
        plistlib.dump(value, handle, fmt=plistlib.FMT_BINARY, sort_keys=True)


def utf16(source, output):
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    with open(output, "wb") as handle:
        handle.write(b"\xff\xfe" + text.encode("utf-16-le"))


def main(argv):
    if len(argv) in (4, 5, 6) and argv[0] == "framework":
        framework(*argv[1:])
    elif len(argv) == 3 and argv[0] == "resource-bundle":
        resource_bundle(argv[1], argv[2])
    elif len(argv) >= 3 and argv[0] == "xcframework":
        xcframework(argv[1], argv[2:])
    elif len(argv) == 3 and argv[0] == "binary":
        binary(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "utf16":
        utf16(argv[1], argv[2])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
