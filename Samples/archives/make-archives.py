#!/usr/bin/env python3
"""Build the archive samples from the project's own sample SDKs (Samples/sdks).

    Samples/archives/make-archives.py

Writes, next to this script:
- GoodKit.xcframework.zip   the xcframework as SwiftPM's binaryTarget(url:checksum:) fetches it
- MacKit.framework.zip      a versioned macOS framework, its Versions/Current links stored as links
- SampleApp.ipa             Payload/SampleApp.app (with FMDB.framework, a commonly used SDK, added
                            to its Frameworks) and three signature receipts under Signatures/:
                            GoodKit signed (AppleDeveloperProgram), MicKit and FMDB not signed
- NativeFile.aar            AndroidManifest.xml, classes.jar and jni/{arm64-v8a,x86_64}/libnativefile.so;
                            the manifest requests location (dangerous), INTERNET (normal), the
                            advertising ID, storage up to API 28 (maxSdkVersion) and coarse
                            location on API 23+ (uses-permission-sdk-23)
- Kits.tar.gz, Kits.tar.xz  StaticKit.xcframework and TrackerKit.framework
- DuplicateKit.zip          DuplicateKit.framework whose executable is stored three times under
                            names extractors fold into one: DuplicateKit.framework/DuplicateKit
                            (NoManifestKit's binary), ./DuplicateKit.framework//DuplicateKit
                            (UnusedDeclKit's) and DuplicateKit.framework\DuplicateKit (TrackerKit's,
                            last: what unzip installs); every copy is audited
                            (archive-entry-ambiguous, issue 22 case 3)
Every entry has a fixed timestamp and order, so the bytes (and their SHA-256) are reproducible.
The .so files are built with clang (the Swift toolchain's) when missing; commit them.
Python 3 standard library only.
"""

import gzip
import plistlib
import io
import lzma
import os
import stat
import subprocess
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SDKS = os.path.join(HERE, "..", "sdks")
STAMP = (2024, 1, 1, 0, 0, 0)

# What NativeFile.aar's library asks the host app for: Gradle merges these into its manifest.
ANDROID_MANIFEST = b"""<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.nativefile">
    <uses-sdk android:minSdkVersion="21" />
    <uses-permission android:name="android.permission.INTERNET" />
    <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION" />
    <uses-permission android:name="com.google.android.gms.permission.AD_ID" />
    <uses-permission android:name="android.permission.WRITE_EXTERNAL_STORAGE" android:maxSdkVersion="28" />
    <uses-permission-sdk-23 android:name="android.permission.ACCESS_COARSE_LOCATION" />
    <application />
</manifest>
"""


def tree(root, inside):
    """(archive name, path on disk) for `inside` under `root`, sorted, links not followed."""
    found = []
    top = os.path.join(root, inside)
    found.append((inside + "/", top))
    for folder, names, files in os.walk(top):
        for name in sorted(names + files):
            path = os.path.join(folder, name)
            found.append((os.path.relpath(path, root) + ("/" if os.path.isdir(path) and not os.path.islink(path) else ""), path))
        names.sort()
    return sorted(found)


def add_zip(archive, name, path=None, data=None, link=None):
    info = zipfile.ZipInfo(name, STAMP)
    info.create_system = 3
    if link is not None:
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        archive.writestr(info, link)
    elif name.endswith("/"):
        info.external_attr = (stat.S_IFDIR | 0o755) << 16
        archive.writestr(info, b"")
    else:
        info.external_attr = (stat.S_IFREG | 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, data if data is not None else open(path, "rb").read())


def zip_tree(output, root, inside, extra=()):
    with zipfile.ZipFile(output, "w") as archive:
        for name, path in tree(root, inside):
            if os.path.islink(path):
                add_zip(archive, name.rstrip("/"), link=os.readlink(path))
            else:
                add_zip(archive, name, path)
        for name, data in extra:
            add_zip(archive, name, data=data)


def receipt(signed, team=None):
    fields = "<key>signed</key><%s/>" % ("true" if signed else "false")
    if team:
        fields += "<key>signatureType</key><string>AppleDeveloperProgram</string>"
        fields += "<key>signatureIdentifier</key><string>%s</string>" % team
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>%s'
        "<key>metadata</key><dict><key>platform</key><string>ios</string>"
        "<key>library</key><string>%%s</string></dict></dict></plist>\n" % fields
    )


def native_libraries():
    source = os.path.join(HERE, "src", "nativefile.c")
    built = []
    for abi, triple in (("arm64-v8a", "aarch64-linux-android"), ("x86_64", "x86_64-linux-android")):
        output = os.path.join(HERE, "src", "jni", abi, "libnativefile.so")
        if not os.path.exists(output):
            os.makedirs(os.path.dirname(output), exist_ok=True)
            subprocess.run(
                ["clang", "--target=" + triple, "-O1", "-fPIC", "-shared", "-nostdlib", "-fuse-ld=lld",
                 "-Wl,-soname,libnativefile.so", "-o", output, source], check=True)
        built.append(("jni/%s/libnativefile.so" % abi, open(output, "rb").read()))
    return built


def tar_tree(output, compression, members):
    # gzip's header records a time; write it as 0 so the bytes do not change between runs.
    sink = gzip.GzipFile(output, "wb", mtime=0) if compression == "gz" else lzma.open(output, "wb")
    with sink, tarfile.open(fileobj=sink, mode="w", format=tarfile.GNU_FORMAT) as archive:
        for inside in members:
            for name, path in tree(SDKS, inside):
                info = archive.gettarinfo(path, name.rstrip("/"))
                info.mtime, info.uid, info.gid, info.uname, info.gname = 1704067200, 0, 0, "", ""
                archive.addfile(info, open(path, "rb") if info.isfile() else None)


def main():
    zip_tree(os.path.join(HERE, "GoodKit.xcframework.zip"), SDKS, "GoodKit.xcframework")
    zip_tree(os.path.join(HERE, "MacKit.framework.zip"), SDKS, "MacKit.framework")
    payload = os.path.join(HERE, "SampleApp.ipa")
    with zipfile.ZipFile(payload, "w") as archive:
        add_zip(archive, "Payload/")
        for name, path in tree(SDKS, "SampleApp.app"):
            add_zip(archive, "Payload/" + name, path)
        for name, path in tree(SDKS, "FMDB.framework"):
            add_zip(archive, "Payload/SampleApp.app/Frameworks/" + name, path)
        add_zip(archive, "Signatures/")
        add_zip(archive, "Signatures/GoodKit.xcframework-ios.signature",
                data=(receipt(True, "A1B2C3D4E5") % "GoodKit.framework").encode())
        add_zip(archive, "Signatures/MicKit.xcframework-ios.signature",
                data=(receipt(False) % "MicKit.framework").encode())
        add_zip(archive, "Signatures/FMDB.xcframework-ios.signature",
                data=(receipt(False) % "FMDB.framework").encode())
    with zipfile.ZipFile(os.path.join(HERE, "NativeFile.aar"), "w") as archive:
        add_zip(archive, "AndroidManifest.xml", data=ANDROID_MANIFEST)
        classes = io.BytesIO()
        with zipfile.ZipFile(classes, "w") as jar:
            add_zip(jar, "META-INF/MANIFEST.MF", data=b"Manifest-Version: 1.0\n")
        add_zip(archive, "classes.jar", data=classes.getvalue())
        for name, data in native_libraries():
            add_zip(archive, name, data=data)
    with zipfile.ZipFile(os.path.join(HERE, "DuplicateKit.zip"), "w") as archive:
        add_zip(archive, "DuplicateKit.framework/Info.plist", data=plistlib.dumps(
            {"CFBundleExecutable": "DuplicateKit", "CFBundleIdentifier": "com.example.DuplicateKit",
             "CFBundlePackageType": "FMWK"}, sort_keys=True))
        for name, kit in [("DuplicateKit.framework/DuplicateKit", "NoManifestKit"),
                          ("./DuplicateKit.framework//DuplicateKit", "UnusedDeclKit"),
                          ("DuplicateKit.framework\\DuplicateKit", "TrackerKit")]:
            add_zip(archive, name, os.path.join(SDKS, kit + ".framework", kit))
    tar_tree(os.path.join(HERE, "Kits.tar.gz"), "gz", ["StaticKit.xcframework", "TrackerKit.framework"])
    tar_tree(os.path.join(HERE, "Kits.tar.xz"), "xz", ["StaticKit.xcframework", "TrackerKit.framework"])


if __name__ == "__main__":
    sys.exit(main())
