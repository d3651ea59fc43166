#!/usr/bin/env bash
# Builds Samples/privacy/PrivacyApp.app, the sample of `sdkvet privacy-report` (README.md), from
# src/: an app that keeps a setting in NSUserDefaults and embeds two SDKs, AnalyticsKit (ATT and
# the advertising identifier, declaring the device ID it collects) and LocationKit (location and
# the advertising identifier, declaring nothing). AnalyticsKit's binary links a third SDK, the
# static library PartnerKit (UserDefaults and the advertising identifier), whose manifest ships
# as AnalyticsKit.framework/PartnerKit.bundle (a resource bundle). Same toolchain and linking as
# ../sdks/build.sh (arm64 iOS 15, chained fixups, ad-hoc signature); deterministic and re-runnable.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# CLANG, AR, LD (ld64.lld-16), LDFLAGS_COMMON, SYS, SYSTEM_STUBS, WORK, compile, link_device.
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
STUBS="$HERE/../sdks/stubs"
PLISTS="$HERE/../sdks/plists.py"
DEVICE=arm64-apple-ios15.0
APP="$HERE/PrivacyApp.app"
rm -rf "$APP"

# sdk NAME STUBS...: an embedded dynamic framework with its manifest.
sdk() {
  local name="$1"
  shift
  local dir="$APP/Frameworks/$name.framework"
  mkdir -p "$dir"
  compile "$DEVICE" "$SRC/$name.m" "$WORK/$name.o"
  link_device "$dir/$name" -dylib "@rpath/$name.framework/$name" "$WORK/$name.o" "$@"
  python3 "$PLISTS" framework "$dir/Info.plist" "$name" iPhoneOS
  cp "$SRC/manifests/$name.xcprivacy" "$dir/PrivacyInfo.xcprivacy"
}

# PartnerKit: a static library (libPartnerKit.a, darwin format, no timestamps) linked into
# AnalyticsKit's binary, and its manifest as a resource bundle inside AnalyticsKit.framework.
compile "$DEVICE" "$SRC/PartnerKit.m" "$WORK/PartnerKit.o"
(cd "$WORK" && "$AR" --format=darwin rcsD libPartnerKit.a PartnerKit.o)
sdk AnalyticsKit "$WORK/libPartnerKit.a" "$STUBS/AdSupport.tbd" "$STUBS/AppTrackingTransparency.tbd"
PARTNER="$APP/Frameworks/AnalyticsKit.framework/PartnerKit.bundle"
mkdir -p "$PARTNER"
python3 "$PLISTS" resource-bundle "$PARTNER/Info.plist" PartnerKit
cp "$SRC/manifests/PartnerKit.xcprivacy" "$PARTNER/PrivacyInfo.xcprivacy"
sdk LocationKit "$STUBS/CoreLocation.tbd" "$STUBS/AdSupport.tbd"
compile "$DEVICE" "$SRC/PrivacyApp.m" "$WORK/PrivacyApp.o"
link_device "$APP/PrivacyApp" -execute - "$WORK/PrivacyApp.o" -rpath @executable_path/Frameworks \
  "$APP/Frameworks/AnalyticsKit.framework/AnalyticsKit" "$APP/Frameworks/LocationKit.framework/LocationKit" \
  "$SYS/UIKit.tbd"
cp "$SRC/PrivacyApp-Info.plist" "$APP/Info.plist"
cp "$SRC/manifests/PrivacyApp.xcprivacy" "$APP/PrivacyInfo.xcprivacy"
