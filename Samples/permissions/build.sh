#!/usr/bin/env bash
# Builds the permission and selector samples in Samples/permissions (README.md says what each
# must and must not trigger) from src/, with the toolchain and linking of ../sdks/build.sh
# (arm64 iOS 15, chained fixups, ad-hoc signature; AllKeysMacKit arm64 macOS 12) against the
# .tbd stubs of ../macho/stubs, ../sdks/stubs and ./stubs. Deterministic and re-runnable.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# CLANG, AR, LD (ld64.lld-16), LDFLAGS_COMMON, SYS, SYSTEM_STUBS, WORK, compile, link_device.
source "$HERE/../lib/toolchain.sh"
SRC="$HERE/src"
STUBS="$HERE/stubs"
SDK_STUBS="$HERE/../sdks/stubs"
PLISTS="$HERE/../sdks/plists.py"
DEVICE=arm64-apple-ios15.0

OUTPUTS=(OwnClassKit.framework LookupKit.framework libSplitKit.a LocationRefKit.framework PromptKit.framework
         ConsentOnlyKit.framework AllKeysKit.framework AllKeysMacKit.dylib ReferenceApp.app)
for output in "${OUTPUTS[@]}"; do rm -rf "${HERE:?}/$output"; done

# framework DIR NAME STUBS...: an iOS dynamic framework (no manifest) at DIR/NAME.framework.
framework() {
  local parent="$1" name="$2"
  shift 2
  local dir="$parent/$name.framework"
  mkdir -p "$dir"
  compile "$DEVICE" "$SRC/$name.m" "$WORK/$name.o"
  link_device "$dir/$name" -dylib "@rpath/$name.framework/$name" "$WORK/$name.o" "$@"
  python3 "$PLISTS" framework "$dir/Info.plist" "$name" iPhoneOS
}

framework "$HERE" OwnClassKit
framework "$HERE" LookupKit "$SDK_STUBS/CoreFoundation.tbd"
framework "$HERE" LocationRefKit "$SDK_STUBS/CoreLocation.tbd" "$STUBS/LocalAuthentication.tbd"
framework "$HERE" PromptKit "$SDK_STUBS/CoreLocation.tbd" "$STUBS/LocalAuthentication.tbd"
framework "$HERE" ConsentOnlyKit "$SDK_STUBS/AppTrackingTransparency.tbd"
# AllKeysKit and AllKeysMacKit bind to Swift names of FinanceKit, Messages, PassKit's SwiftUI
# button and CoreAudio: each must
# be what swiftc emits for a Swift caller (src/swift/*Client.swift against modules built from
# Apple's declarations, with library evolution as Apple builds them), so no mangling is written by
# hand. The names are the same on every platform; Mach-O adds the leading underscore.
SWIFT_FLAGS=(-parse-as-library -Xfrontend -enable-objc-interop -Xfrontend -disable-objc-attr-requires-foundation-module
             -I "$SRC/swift" -I "$WORK")
# check_swift_names SOURCE CLIENT MODULE...: every Swift name SOURCE binds to is an import of CLIENT.
check_swift_names() {
  local source="$1" client="$2" module name
  shift 2
  for module in "$@"; do
    "$TOOLS/swiftc" "${SWIFT_FLAGS[@]}" -enable-library-evolution -module-name "$module" -emit-module \
      -emit-module-path "$WORK/$module.swiftmodule" -c "$SRC/swift/$module.swift" -o "$WORK/$module-swift.o"
  done
  "$TOOLS/swiftc" "${SWIFT_FLAGS[@]}" -module-name Client -c "$SRC/swift/$client" -o "$WORK/client.o"
  "$TOOLS/llvm-nm" -u "$WORK/client.o" | awk '{ print "_" $NF }' >"$WORK/swift-imports"
  for name in $(grep -o '"_\$s[^"]*"' "$source" | tr -d '"'); do
    grep -qxF "$name" "$WORK/swift-imports" || { echo "build.sh: a Swift caller imports no $name" >&2; exit 1; }
  done
}
check_swift_names "$SRC/AllKeysKit.m" Client.swift FinanceKit Messages SwiftUI _PassKit_SwiftUI
check_swift_names "$SRC/AllKeysMacKit.m" MacClient.swift CoreAudio
framework "$HERE" AllKeysKit "$STUBS/Intents.tbd" "$STUBS/GameKit.tbd" "$STUBS/VideoSubscriberAccount.tbd" \
  "$STUBS/PassKit.tbd" "$STUBS/AccessorySetupKit.tbd" "$STUBS/HealthKit.tbd" "$STUBS/FinanceKit.tbd" "$STUBS/Messages.tbd" \
  "$STUBS/_PassKit_SwiftUI.tbd"

# libSplitKit.a: the selector in one member, its class in the other (darwin format, no timestamps).
compile "$DEVICE" "$SRC/SplitUptime.m" "$WORK/SplitUptime.o"
compile "$DEVICE" "$SRC/SplitInfo.m" "$WORK/SplitInfo.o"
(cd "$WORK" && "$AR" --format=darwin rcsD "$HERE/libSplitKit.a" SplitUptime.o SplitInfo.o)

# AllKeysMacKit.dylib: arm64 macOS 12.
compile arm64-apple-macos12.0 "$SRC/AllKeysMacKit.m" "$WORK/AllKeysMacKit.o"
"$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version macos 12.0 14.0 -dylib \
  -install_name @rpath/AllKeysMacKit.dylib -adhoc_codesign "$WORK/AllKeysMacKit.o" \
  "$STUBS/CoreServices.tbd" "$STUBS/SystemExtensions.tbd" "$STUBS/CoreAudio.tbd" "$STUBS/OpenDirectory.tbd" \
  "${SYSTEM_STUBS[@]}" -o "$HERE/AllKeysMacKit.dylib"

# ReferenceApp.app: embeds LocationRefKit and AllKeysKit (copies of the above).
APP="$HERE/ReferenceApp.app"
mkdir -p "$APP/Frameworks"
cp -R "$HERE/LocationRefKit.framework" "$HERE/AllKeysKit.framework" "$APP/Frameworks/"
compile "$DEVICE" "$SRC/ReferenceApp.m" "$WORK/ReferenceApp.o"
link_device "$APP/ReferenceApp" -execute - "$WORK/ReferenceApp.o" -rpath @executable_path/Frameworks \
  "$APP/Frameworks/LocationRefKit.framework/LocationRefKit" "$APP/Frameworks/AllKeysKit.framework/AllKeysKit"
cp "$SRC/ReferenceApp-Info.plist" "$APP/Info.plist"
