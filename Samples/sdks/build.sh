#!/usr/bin/env bash
# Builds the sample SDKs and app in Samples/sdks (one per audit rule of issues 4 and 5; see
# README.md for what each must and must not trigger) from src/. Deterministic and
# re-runnable: every output listed in OUTPUTS is deleted and rebuilt.
#
# Mach-O: the Swift toolchain's clang (no Apple SDK; src/include/sdk_decls.h declares what
# the samples use) and Debian's ld64.lld-16, linked against the .tbd stubs in
# ../macho/stubs (libSystem, libobjc, Foundation, UIKit) and ./stubs (AVFoundation,
# CoreLocation, AdSupport, AppTrackingTransparency), so every import binds to the install
# name of the framework it comes from. Device slices are arm64 iOS 15 with chained fixups
# and an ad-hoc signature; simulator slices are arm64 + x86_64 iOS-simulator joined by
# ../macho/make-universal.py. Privacy manifests are the hand-written XML files in
# src/manifests (StaticKit's is re-encoded as a binary plist).
# ELF: gcc builds linux/libfilestat.so and linux/libfilestat.a; clang linux/libhosts-*.so.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# CLANG, AR, LD (ld64.lld-16), LDFLAGS_COMMON, SYS (../macho/stubs), SYSTEM_STUBS, WORK, compile.
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
MANIFESTS="$SRC/manifests"
STUBS="$HERE/stubs"
UNIVERSAL="$HERE/../macho/make-universal.py"
PLISTS="$HERE/plists.py"

OUTPUTS=(GoodKit.xcframework StaticKit.xcframework WrongReasonKit.framework
         UnusedDeclKit.framework SwiftSelectorsKit.framework NoManifestKit.framework
         BadManifestKit.framework TrackerKit.framework ConsentKit.framework
         Disguised.framework MacKit.framework ResourceBundleKit.framework LoadablePlugin.bundle
         SampleApp.app ConsentApp.app links linux FMDB.framework VendorAdsKit.framework
         BundledTrackerKit.framework HostsKit.framework FlatMacKit.framework ExtendingKit.framework
         MergedDBKit.framework GamingKit.framework StickerKit.framework Renamed.xcframework
         HostRolesKit.framework)
for output in "${OUTPUTS[@]}"; do rm -rf "${HERE:?}/$output"; done

# Target triples and the matching ld64.lld -arch / -platform_version arguments.
DEVICE=arm64-apple-ios15.0
SIM_ARM64=arm64-apple-ios15.0-simulator
SIM_X86_64=x86_64-apple-ios15.0-simulator

# link_simulator OUTPUT ARCH INSTALL_NAME OBJECT_AND_STUB_ARGS... (a simulator dylib)
link_simulator() {
  local out="$1" arch="$2" install="$3"
  shift 3
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version ios-simulator 15.0 17.0 -dylib -install_name "$install" \
    -no_adhoc_codesign "$@" "${SYSTEM_STUBS[@]}" -o "$out"
}

# framework DIR NAME PLATFORM MANIFEST: Info.plist (and PrivacyInfo.xcprivacy if MANIFEST
# is not "none") for a flat iOS framework bundle whose binary is already in DIR/NAME.
framework_bundle() {
  local dir="$1" name="$2" platform="$3" manifest="$4"
  python3 "$PLISTS" framework "$dir/Info.plist" "$name" "$platform"
  [ "$manifest" = none ] || cp "$manifest" "$dir/PrivacyInfo.xcprivacy"
}

# simple_framework NAME SOURCE MANIFEST STUBS...: a device-only dynamic framework.
simple_framework() {
  local name="$1" source="$2" manifest="$3"
  shift 3
  local dir="$HERE/$name.framework"
  mkdir -p "$dir"
  compile "$DEVICE" "$SRC/$source" "$WORK/$name.o"
  link_device "$dir/$name" -dylib "@rpath/$name.framework/$name" "$WORK/$name.o" "$@"
  framework_bundle "$dir" "$name" iPhoneOS "$manifest"
}

# --- GoodKit.xcframework: dynamic, device slice + universal simulator slice ----------------
GK="$HERE/GoodKit.xcframework"
mkdir -p "$GK/ios-arm64/GoodKit.framework" "$GK/ios-arm64_x86_64-simulator/GoodKit.framework"
compile "$DEVICE" "$SRC/GoodKit.m" "$WORK/GoodKit-device.o"
compile "$SIM_ARM64" "$SRC/GoodKit.m" "$WORK/GoodKit-sim-arm64.o"
compile "$SIM_X86_64" "$SRC/GoodKit.m" "$WORK/GoodKit-sim-x86_64.o"
link_device "$GK/ios-arm64/GoodKit.framework/GoodKit" -dylib @rpath/GoodKit.framework/GoodKit \
  "$WORK/GoodKit-device.o"
link_simulator "$WORK/GoodKit-sim-arm64" arm64 @rpath/GoodKit.framework/GoodKit \
  "$WORK/GoodKit-sim-arm64.o"
link_simulator "$WORK/GoodKit-sim-x86_64" x86_64 @rpath/GoodKit.framework/GoodKit \
  "$WORK/GoodKit-sim-x86_64.o"
python3 "$UNIVERSAL" "$GK/ios-arm64_x86_64-simulator/GoodKit.framework/GoodKit" \
  "$WORK/GoodKit-sim-arm64" "$WORK/GoodKit-sim-x86_64"
framework_bundle "$GK/ios-arm64/GoodKit.framework" GoodKit iPhoneOS "$MANIFESTS/GoodKit.xcprivacy"
framework_bundle "$GK/ios-arm64_x86_64-simulator/GoodKit.framework" GoodKit iPhoneSimulator \
  "$MANIFESTS/GoodKit.xcprivacy"
python3 "$PLISTS" xcframework "$GK/Info.plist" \
  ios-arm64:GoodKit.framework:arm64:ios \
  ios-arm64_x86_64-simulator:GoodKit.framework:arm64+x86_64:ios:simulator

# --- StaticKit.xcframework: static archives, binary-plist manifest per library folder ----
SK="$HERE/StaticKit.xcframework"
for slice in ios-arm64 ios-arm64_x86_64-simulator; do
  mkdir -p "$SK/$slice/Headers"
  cp "$SRC/StaticKit/StaticKit.h" "$SK/$slice/Headers/StaticKit.h"
  python3 "$PLISTS" binary "$MANIFESTS/StaticKit.xcprivacy" "$SK/$slice/PrivacyInfo.xcprivacy"
done
# static_archive TRIPLE OUTPUT: StaticKit.o + StaticKitFileMetadata.o (a "#1/NN" long name).
static_archive() {
  local dir="$WORK/static-$1"
  mkdir -p "$dir"
  compile "$1" "$SRC/StaticKit.c" "$dir/StaticKit.o"
  compile "$1" "$SRC/StaticKitFiles.c" "$dir/StaticKitFileMetadata.o"
  rm -f "$2"
  (cd "$dir" && "$AR" --format=darwin rcsD "$2" StaticKit.o StaticKitFileMetadata.o)
}
static_archive "$DEVICE" "$SK/ios-arm64/libStaticKit.a"
static_archive "$SIM_ARM64" "$WORK/libStaticKit-sim-arm64.a"
static_archive "$SIM_X86_64" "$WORK/libStaticKit-sim-x86_64.a"
python3 "$UNIVERSAL" "$SK/ios-arm64_x86_64-simulator/libStaticKit.a" \
  "$WORK/libStaticKit-sim-arm64.a" "$WORK/libStaticKit-sim-x86_64.a"
python3 "$PLISTS" xcframework "$SK/Info.plist" \
  ios-arm64:libStaticKit.a:arm64:ios \
  ios-arm64_x86_64-simulator:libStaticKit.a:arm64+x86_64:ios:simulator

# --- Device-only frameworks, one per rule ---------------------------------------------------
simple_framework WrongReasonKit WrongReasonKit.m "$MANIFESTS/WrongReasonKit.xcprivacy" \
  "$SYS/UIKit.tbd"
simple_framework UnusedDeclKit UnusedDeclKit.m "$MANIFESTS/UnusedDeclKit.xcprivacy"
simple_framework SwiftSelectorsKit SwiftSelectorsKit.m "$MANIFESTS/SwiftSelectorsKit.xcprivacy" \
  "$SYS/UIKit.tbd"
simple_framework NoManifestKit NoManifestKit.m none
simple_framework BadManifestKit BadManifestKit.m "$MANIFESTS/BadManifestKit.xcprivacy"
simple_framework TrackerKit TrackerKit.m "$MANIFESTS/TrackerKit.xcprivacy" "$STUBS/AdSupport.tbd"
simple_framework ConsentKit ConsentKit.m "$MANIFESTS/ConsentKit.xcprivacy" \
  "$STUBS/AdSupport.tbd" "$STUBS/AppTrackingTransparency.tbd"

# ResourceBundleKit.framework: the manifest only in a resource bundle inside the framework.
simple_framework ResourceBundleKit ResourceBundleKit.m none
RBK="$HERE/ResourceBundleKit.framework/ResourceBundleKit.bundle"
mkdir -p "$RBK"
python3 "$PLISTS" resource-bundle "$RBK/Info.plist" ResourceBundleKit
cp "$MANIFESTS/ResourceBundleKit.xcprivacy" "$RBK/PrivacyInfo.xcprivacy"

# Commonly used SDKs (ITMS-91061): FMDB.framework is named like one; VendorAdsKit.framework
# defines FBSDK classes under its own name. Neither has a manifest.
simple_framework FMDB FMDB.m none
simple_framework VendorAdsKit VendorAdsKit.m none
# ExtendingKit.framework: extends FBSDKShareKit's types and conforms to its protocol; includes none of it.
simple_framework ExtendingKit ExtendingKit.c none
# MergedDBKit.framework: merged FMDB in, every class its headers declare: identified, an error.
simple_framework MergedDBKit MergedDBKit.m none

# GamingKit.framework: its own FBSDK-prefixed classes, FBSDKCoreKit linked as a framework: no listed SDK.
simple_framework GamingKit GamingKit.m none "$STUBS/FBSDKCoreKit.tbd"
# StickerKit.framework: every documented class of OneSignalOutcomes compiled in: includes it, an error.
simple_framework StickerKit StickerKit.m none
# Renamed.xcframework: FBAEMKit.xcframework under another folder name; its framework keeps
# FBAEMKit's name, install name and bundle identifier. Unsigned, no manifest.
RN="$HERE/Renamed.xcframework"
mkdir -p "$RN/ios-arm64/FBAEMKit.framework"
compile "$DEVICE" "$SRC/AEMStandIn.c" "$WORK/AEMStandIn.o"
link_device "$RN/ios-arm64/FBAEMKit.framework/FBAEMKit" -dylib @rpath/FBAEMKit.framework/FBAEMKit \
  "$WORK/AEMStandIn.o"
python3 "$PLISTS" framework "$RN/ios-arm64/FBAEMKit.framework/Info.plist" FBAEMKit iPhoneOS FMWK \
  com.facebook.sdk.FBAEMKit
python3 "$PLISTS" xcframework "$RN/Info.plist" ios-arm64:FBAEMKit.framework:arm64:ios
# HostRolesKit.framework: URL literals with other roles than a contacted host; one real host.
simple_framework HostRolesKit HostRolesKit.m none

# BundledTrackerKit.framework: its only manifest, in a resource bundle, has NSPrivacyTracking
# false with a tracking domain (ITMS-91107, the resource-bundle form of ITMS-91064).
simple_framework BundledTrackerKit BundledTrackerKit.m none
BTK="$HERE/BundledTrackerKit.framework/BundledTrackerKit.bundle"
mkdir -p "$BTK"
python3 "$PLISTS" resource-bundle "$BTK/Info.plist" BundledTrackerKit
cp "$MANIFESTS/BundledTrackerKit.xcprivacy" "$BTK/PrivacyInfo.xcprivacy"

# HostsKit.framework: tracking hosts as a C string and an NSString literal (__cfstring); its
# manifest tracks and lists only branch.io (tracking-domain-undeclared).
simple_framework HostsKit HostsKit.m "$MANIFESTS/HostsKit.xcprivacy" "$STUBS/CoreFoundation.tbd"

# LoadablePlugin.bundle: an MH_BUNDLE in a flat iOS .bundle with its manifest at the root.
LP="$HERE/LoadablePlugin.bundle"
mkdir -p "$LP"
compile "$DEVICE" "$SRC/LoadablePlugin.c" "$WORK/LoadablePlugin.o"
"$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -bundle -fixup_chains \
  -adhoc_codesign "$WORK/LoadablePlugin.o" "$SYS/libSystem.tbd" -o "$LP/LoadablePlugin"
python3 "$PLISTS" framework "$LP/Info.plist" LoadablePlugin iPhoneOS BNDL
cp "$MANIFESTS/LoadablePlugin.xcprivacy" "$LP/PrivacyInfo.xcprivacy"

# Disguised.framework: its CFBundleExecutable is not a binary at all (deterministic garbage).
mkdir -p "$HERE/Disguised.framework"
python3 -c '
import sys
state, out = 7, bytearray()
for _ in range(2048):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    out.append(state >> 16 & 0xFF)
open(sys.argv[1], "wb").write(bytes(out))' "$HERE/Disguised.framework/Disguised"
framework_bundle "$HERE/Disguised.framework" Disguised iPhoneOS none

# --- MacKit.framework: macOS versioned layout, universal arm64 + x86_64 --------------------
MK="$HERE/MacKit.framework"
mkdir -p "$MK/Versions/A/Resources"
for arch in arm64 x86_64; do
  compile "$arch-apple-macos12.0" "$SRC/MacKit.c" "$WORK/MacKit-$arch.o"
  "$LD" "${LDFLAGS_COMMON[@]}" -arch "$arch" -platform_version macos 12.0 14.0 -dylib \
    -install_name @rpath/MacKit.framework/Versions/A/MacKit -no_adhoc_codesign \
    "$WORK/MacKit-$arch.o" "$SYS/libSystem.tbd" -o "$WORK/MacKit-$arch"
done
python3 "$UNIVERSAL" "$MK/Versions/A/MacKit" "$WORK/MacKit-arm64" "$WORK/MacKit-x86_64"
python3 "$PLISTS" framework "$MK/Versions/A/Resources/Info.plist" MacKit MacOSX
cp "$MANIFESTS/MacKit.xcprivacy" "$MK/Versions/A/Resources/PrivacyInfo.xcprivacy"
ln -s A "$MK/Versions/Current"
ln -s Versions/Current/MacKit "$MK/MacKit"
ln -s Versions/Current/Resources "$MK/Resources"

# --- FlatMacKit.framework: MacKit as packagers that keep no links lay it out ---------------
# (Python wheels, some zips and CI caches): Resources/ a folder at the root, the binary only in
# Versions/A/, no Versions/Current and no root binary.
FK="$HERE/FlatMacKit.framework"
mkdir -p "$FK/Resources" "$FK/Versions/A"
cp "$MK/Versions/A/MacKit" "$FK/Versions/A/MacKit"
cp "$MK/Versions/A/Resources/Info.plist" "$MK/Versions/A/Resources/PrivacyInfo.xcprivacy" "$FK/Resources/"

# --- links: symbolic links a scanner must not follow twice, out of the root, or in a loop ---
mkdir -p "$HERE/links"
ln -s . "$HERE/links/self-loop"
ln -s .. "$HERE/links/parent-loop"
ln -s ../GoodKit.xcframework "$HERE/links/GoodKit-alias.xcframework"
ln -s ../../macho/bin "$HERE/links/outside-root"

# --- SampleApp.app ---------------------------------------------------------------------------
APP="$HERE/SampleApp.app"
mkdir -p "$APP/Frameworks/MicKit.framework" "$APP/PlugIns/Widget.appex" "$APP/en.lproj" \
  "$APP/fr.lproj" "$APP/de.lproj"
# Embedded SDK asking for the microphone.
compile "$DEVICE" "$SRC/MicKit.m" "$WORK/MicKit.o"
link_device "$APP/Frameworks/MicKit.framework/MicKit" -dylib @rpath/MicKit.framework/MicKit \
  "$WORK/MicKit.o" "$STUBS/AVFoundation.tbd"
framework_bundle "$APP/Frameworks/MicKit.framework" MicKit iPhoneOS "$MANIFESTS/MicKit.xcprivacy"
# A loose dylib next to the frameworks (its own target, nothing privacy-relevant).
compile "$DEVICE" "$SRC/Helpers.c" "$WORK/Helpers.o"
link_device "$APP/Frameworks/libHelpers.dylib" -dylib @rpath/libHelpers.dylib "$WORK/Helpers.o"
# A copy of GoodKit's device framework.
cp -R "$GK/ios-arm64/GoodKit.framework" "$APP/Frameworks/GoodKit.framework"
# The app executable: MH_EXECUTE, LC_MAIN, rpath to Frameworks, links MicKit.
compile "$DEVICE" "$SRC/SampleApp.m" "$WORK/SampleApp.o"
link_device "$APP/SampleApp" -execute - "$WORK/SampleApp.o" -rpath @executable_path/Frameworks \
  "$APP/Frameworks/MicKit.framework/MicKit" "$SYS/UIKit.tbd" "$STUBS/AVFoundation.tbd" \
  "$STUBS/CoreLocation.tbd" "$STUBS/AdSupport.tbd"
cp "$SRC/SampleApp/Info.plist" "$APP/Info.plist"
cp "$MANIFESTS/SampleApp.xcprivacy" "$APP/PrivacyInfo.xcprivacy"
cp "$SRC/SampleApp/en.InfoPlist.strings" "$APP/en.lproj/InfoPlist.strings"
python3 "$PLISTS" binary "$SRC/SampleApp/fr.InfoPlist.strings.xml" "$APP/fr.lproj/InfoPlist.strings"
python3 "$PLISTS" utf16 "$SRC/SampleApp/de.InfoPlist.strings" "$APP/de.lproj/InfoPlist.strings"
# App extension.
compile "$DEVICE" "$SRC/Widget.c" "$WORK/Widget.o"
link_device "$APP/PlugIns/Widget.appex/Widget" -execute - "$WORK/Widget.o"
cp "$SRC/SampleApp/Widget-Info.plist" "$APP/PlugIns/Widget.appex/Info.plist"

# --- ConsentApp.app: ATT requested (by embedded ConsentKit) without its purpose string ------
CAPP="$HERE/ConsentApp.app"
mkdir -p "$CAPP/Frameworks"
cp -R "$HERE/ConsentKit.framework" "$CAPP/Frameworks/ConsentKit.framework"
compile "$DEVICE" "$SRC/ConsentApp.m" "$WORK/ConsentApp.o"
link_device "$CAPP/ConsentApp" -execute - "$WORK/ConsentApp.o" -rpath @executable_path/Frameworks \
  "$CAPP/Frameworks/ConsentKit.framework/ConsentKit" "$SYS/UIKit.tbd"
cp "$SRC/ConsentApp/Info.plist" "$CAPP/Info.plist"
cp "$MANIFESTS/ConsentApp.xcprivacy" "$CAPP/PrivacyInfo.xcprivacy"

# --- ELF -------------------------------------------------------------------------------------
mkdir -p "$HERE/linux"
gcc -O1 -fPIC -c "$SRC/linux/filestat.c" -o "$WORK/filestat.o"
gcc -shared -Wl,-soname,libfilestat.so -o "$HERE/linux/libfilestat.so" "$WORK/filestat.o"
rm -f "$HERE/linux/libfilestat.a"
ar rcsD "$HERE/linux/libfilestat.a" "$WORK/filestat.o"
# libhosts-{x86_64,aarch64}.so: hosts in .rodata (the toolchain's clang and ld.lld, as the
# call-site ELF fixtures are linked).
for triple in x86_64-linux-gnu aarch64-linux-gnu; do
  "$CLANG" -target "$triple" -O1 -fPIC -c "$SRC/linux/hosts.c" -o "$WORK/hosts-$triple.o"
  "$TOOLS/ld.lld" -shared --hash-style=gnu --build-id=none -soname "libhosts-${triple%%-*}.so" \
    "$WORK/hosts-$triple.o" -o "$HERE/linux/libhosts-${triple%%-*}.so"
done
# Pre-glibc-2.33 spellings: __xstat / __lxstat bound by symbol version (x86_64 only: the
# GLIBC_2.2.5 version node is the x86_64 one).
if [ "$(uname -m)" = x86_64 ]; then
  gcc -O1 -fPIC -c "$SRC/linux/filestat_legacy.c" -o "$WORK/filestat_legacy.o"
  gcc -shared -Wl,-soname,libfilestat-legacy.so -o "$HERE/linux/libfilestat-legacy.so" \
    "$WORK/filestat_legacy.o"
fi

echo "build.sh: built ${#OUTPUTS[@]} samples in $HERE"
