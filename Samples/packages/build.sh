#!/usr/bin/env bash
# Lays out copies of the sample SDKs in ../sdks the way SwiftPM, Xcode, CocoaPods and Carthage
# leave them in a project, beside the hand-written lock and state files committed in this
# folder (see README.md). Re-runnable: every copied bundle is deleted and copied again; the
# lock files are not touched.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
SDKS="$HERE/../sdks"

place() { # place SAMPLE DESTINATION: copy ../sdks/SAMPLE to DESTINATION (links kept as links)
  rm -rf "${HERE:?}/$2"
  mkdir -p "$(dirname "$HERE/$2")"
  cp -R -P "$SDKS/$1" "$HERE/$2"
}

# SwiftPM on the command line: Package.resolved v2 at the root, .build/workspace-state.json.
place GoodKit.xcframework SwiftPMApp/.build/artifacts/goodkit/GoodKit/GoodKit.xcframework
# Xcode: Package.resolved v3 inside the project, packages cloned to SourcePackages/.
place StaticKit.xcframework XcodeApp/SourcePackages/artifacts/statickit/StaticKit/StaticKit.xcframework
# CocoaPods: Podfile.lock and its copy Pods/Manifest.lock.
place TrackerKit.framework PodsApp/Pods/TrackerKit/TrackerKit.framework
place ConsentKit.framework PodsApp/Pods/ConsentKit/Frameworks/ConsentKit.framework
place NoManifestKit.framework PodsApp/Pods/NoManifestKit/NoManifestKit.framework
# Carthage: Cartfile.resolved and a .version file per project.
place GoodKit.xcframework CarthageApp/Carthage/Build/GoodKit.xcframework
place UnusedDeclKit.framework CarthageApp/Carthage/Build/iOS/UnusedDeclKit.framework
# A Podfile.lock with malformed lines.
place TrackerKit.framework BrokenLockApp/Pods/TrackerKit/TrackerKit.framework
