import Foundation
import PropertyLists
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

extension TemporaryTree {
  func discover(_ relative: String = "") -> DiscoveryResult {
    TargetDiscovery().discover([relative.isEmpty ? root : root + "/" + relative])
  }

  /// A macOS framework `Mac` at `folder` (`….framework`) whose binary and resources are reached
  /// through `Versions/Current`, a link to `Versions/A`, with an `Info.plist` and a manifest.
  func versionedFramework(_ folder: String) throws {
    try file(folder + "/Versions/A/Mac")
    try plist(folder + "/Versions/A/Resources/Info.plist", ["CFBundleExecutable": "Mac"])
    try file(folder + "/Versions/A/Resources/PrivacyInfo.xcprivacy", [])
    try link(folder + "/Versions/Current", to: "A")
    try link(folder + "/Mac", to: "Versions/Current/Mac")
    try link(folder + "/Resources", to: "Versions/Current/Resources")
  }
}

@Suite("Target discovery")
struct DiscoveryTests {
  @Test func flatFramework() throws {
    let tree = try TemporaryTree()
    try tree.file("Foo.framework/FooBinary")
    try tree.plist("Foo.framework/Info.plist", ["CFBundleExecutable": "FooBinary"])
    try tree.file("Foo.framework/PrivacyInfo.xcprivacy", [])
    try tree.file("Foo.framework/Headers/Foo.h", Array("int x;".utf8))
    let result = tree.discover()
    let target = try #require(result.targets.first)
    #expect(result.targets.count == 1)
    #expect(target.kind == .framework)
    #expect(tree.relative(target.path) == "Foo.framework")
    #expect(target.binaries.map { tree.relative($0.path) } == ["Foo.framework/FooBinary"])
    #expect(target.manifests.map { tree.relative($0.path) } == ["Foo.framework/PrivacyInfo.xcprivacy"])
    #expect(target.infoPlist.map { tree.relative($0.path) } == "Foo.framework/Info.plist")
  }

  /// Each binary the walk claims is announced as it is claimed (the scan starts reading it then):
  /// every binary of the result, bundle executables, loose libraries and slices alike.
  @Test func everyClaimedBinaryIsAnnouncedDuringTheWalk() throws {
    let paths = [SampleLocator.sample("sdks"), SampleLocator.sample("callsites/bin")]
    var announced: [ScanPath] = []
    let result = TargetDiscovery().discover(paths) { announced.append($0) }
    let binaries = result.targets.flatMap { $0.binaries.map(\.path) }
    #expect(binaries.count > 20)
    #expect(Set(announced) == Set(binaries))
  }

  /// An `.xcarchive` is a folder: its app is the target; its dSYMs duplicate the binaries.
  @Test func xcarchiveYieldsItsAppNotItsDebugSymbols() throws {
    let tree = try TemporaryTree()
    try tree.plist("Demo.xcarchive/Info.plist", ["ArchiveVersion": 2])
    try tree.file("Demo.xcarchive/Products/Applications/Demo.app/Demo")
    try tree.plist("Demo.xcarchive/Products/Applications/Demo.app/Info.plist", ["CFBundleExecutable": "Demo"])
    try tree.file("Demo.xcarchive/dSYMs/Demo.app.dSYM/Contents/Resources/DWARF/Demo")
    let result = tree.discover("Demo.xcarchive")
    #expect(result.targets.map { tree.relative($0.path) } == ["Demo.xcarchive/Products/Applications/Demo.app"])
    #expect(result.problems.isEmpty)
  }

  @Test func versionedFrameworkThroughSymlinksListsEachFileOnce() throws {
    let tree = try TemporaryTree()
    try tree.versionedFramework("Mac.framework")
    let result = tree.discover()
    let target = try #require(result.targets.first)
    #expect(result.targets.count == 1)
    #expect(target.binaries.map { tree.relative($0.path) } == ["Mac.framework/Versions/A/Mac"])
    #expect(
      target.manifests.map { tree.relative($0.path) } == ["Mac.framework/Versions/A/Resources/PrivacyInfo.xcprivacy"])
    #expect(result.problems.isEmpty)
  }

  @Test func xcframeworkIsOneTargetWithEverySlice() throws {
    let tree = try TemporaryTree()
    try tree.plist(
      "K.xcframework/Info.plist",
      [
        "AvailableLibraries": [
          ["LibraryIdentifier": "ios-arm64", "LibraryPath": "K.framework", "BinaryPath": "K.framework/K"],
          ["LibraryIdentifier": "ios-arm64_x86_64-simulator", "LibraryPath": "K.framework"],
          ["LibraryIdentifier": "ios-arm64-static", "LibraryPath": "libK.a"],
          ["LibraryIdentifier": "..", "LibraryPath": "../../escape.a"],
        ]
      ])
    for slice in ["ios-arm64", "ios-arm64_x86_64-simulator"] {
      try tree.file("K.xcframework/\(slice)/K.framework/K")
      try tree.plist("K.xcframework/\(slice)/K.framework/Info.plist", ["CFBundleExecutable": "K"])
    }
    try tree.file("K.xcframework/ios-arm64/K.framework/PrivacyInfo.xcprivacy", [])
    try tree.file("K.xcframework/ios-arm64/dSYMs/K.framework.dSYM/Contents/Resources/DWARF/K")
    let result = tree.discover()
    let target = try #require(result.targets.first)
    #expect(result.targets.count == 1)
    #expect(target.kind == .xcframework)
    // libK.a is listed although missing: the audit reports it as unreadable.
    #expect(
      target.binaries.map { "\(tree.relative($0.path))@\($0.slice ?? "-")" } == [
        "K.xcframework/ios-arm64-static/libK.a@ios-arm64-static",
        "K.xcframework/ios-arm64/K.framework/K@ios-arm64",
        "K.xcframework/ios-arm64_x86_64-simulator/K.framework/K@ios-arm64_x86_64-simulator",
      ])
    #expect(target.manifests.map(\.slice) == ["ios-arm64"])
    #expect(
      result.problems.map(\.message) == [
        "Info.plist AvailableLibraries[3] LibraryIdentifier \"..\" is not a folder of the xcframework; the entry is skipped"
      ])
  }

  @Test func xcframeworkWithBrokenPlistIsWalked() throws {
    let tree = try TemporaryTree()
    try tree.file("K.xcframework/Info.plist", Array("not a plist".utf8))
    try tree.file("K.xcframework/macos-arm64_x86_64/K.framework/Versions/A/K")
    try tree.link("K.xcframework/macos-arm64_x86_64/K.framework/Versions/Current", to: "A")
    try tree.link("K.xcframework/macos-arm64_x86_64/K.framework/K", to: "Versions/Current/K")
    let result = tree.discover()
    #expect(result.targets.count == 1)
    #expect(result.targets.first?.binaries.map(\.slice) == ["macos-arm64_x86_64"])
    #expect(
      result.problems.map(\.message) == [
        "Info.plist cannot be read (not a readable property list (not XML, binary, or old-style text that Foundation "
          + "reads)); library slices were found by walking the folder"
      ])
  }

  @Test func appWithEmbeddedFrameworksDylibsAndExtensions() throws {
    let tree = try TemporaryTree()
    try tree.file("Demo.app/Demo")
    try tree.plist("Demo.app/Info.plist", ["CFBundleExecutable": "Demo"])
    try tree.file("Demo.app/PrivacyInfo.xcprivacy", [])
    try tree.file("Demo.app/en.lproj/InfoPlist.strings", Array("\"A\" = \"B\";".utf8))
    try tree.file("Demo.app/Kit_Kit.bundle/PrivacyInfo.xcprivacy", [])
    try tree.plist("Demo.app/Kit_Kit.bundle/Info.plist", ["CFBundleIdentifier": "kit"])
    try tree.file("Demo.app/Frameworks/A.framework/A")
    try tree.file("Demo.app/Frameworks/libswiftFoo.dylib")
    try tree.file("Demo.app/PlugIns/W.appex/W")
    try tree.plist("Demo.app/PlugIns/W.appex/Info.plist", ["CFBundleExecutable": "W"])
    let result = tree.discover()
    let summary = result.targets.map {
      "\(tree.relative($0.path)):\($0.kind.rawValue):\($0.embeddedIn.map(tree.relative) ?? "-")"
    }
    #expect(
      summary == [
        "Demo.app:app:-", "Demo.app/Frameworks/A.framework:framework:Demo.app",
        "Demo.app/Frameworks/libswiftFoo.dylib:dynamic-library:Demo.app",
        "Demo.app/PlugIns/W.appex:app-extension:Demo.app",
      ])
    let app = try #require(result.targets.first)
    #expect(app.binaries.map { tree.relative($0.path) } == ["Demo.app/Demo"])
    #expect(
      app.manifests.map { tree.relative($0.path) } == [
        "Demo.app/Kit_Kit.bundle/PrivacyInfo.xcprivacy", "Demo.app/PrivacyInfo.xcprivacy",
      ])
    #expect(app.localizedInfoPlistStrings.map(tree.relative) == ["Demo.app/en.lproj/InfoPlist.strings"])
  }

  @Test func macOSAppLayoutAndDanglingLink() throws {
    let tree = try TemporaryTree()
    try tree.plist("Mac.app/Contents/Info.plist", ["CFBundleExecutable": "MacMain"])
    try tree.file("Mac.app/Contents/MacOS/MacMain")
    try tree.file("Mac.app/Contents/MacOS/helper", TemporaryTree.elf)
    try tree.file("Mac.app/Contents/Resources/PrivacyInfo.xcprivacy", [])
    try tree.file("Mac.app/Contents/Resources/de.lproj/InfoPlist.strings", [])
    try tree.file("Mac.app/Contents/Frameworks/F.framework/Versions/A/F")
    try tree.link("Mac.app/Contents/Frameworks/F.framework/F", to: "Versions/A/F")
    try tree.link("Mac.app/Contents/Resources/gone", to: "nowhere")
    let result = tree.discover()
    #expect(result.targets.map { tree.relative($0.path) } == ["Mac.app", "Mac.app/Contents/Frameworks/F.framework"])
    let app = try #require(result.targets.first)
    #expect(
      app.binaries.map { tree.relative($0.path) } == [
        "Mac.app/Contents/MacOS/MacMain", "Mac.app/Contents/MacOS/helper",
      ])
    #expect(app.infoPlist.map { tree.relative($0.path) } == "Mac.app/Contents/Info.plist")
    #expect(app.manifests.map { tree.relative($0.path) } == ["Mac.app/Contents/Resources/PrivacyInfo.xcprivacy"])
    #expect(
      app.localizedInfoPlistStrings.map(tree.relative) == ["Mac.app/Contents/Resources/de.lproj/InfoPlist.strings"])
    #expect(
      result.targets.last?.binaries.map { tree.relative($0.path) } == [
        "Mac.app/Contents/Frameworks/F.framework/Versions/A/F"
      ])
    #expect(result.problems.map { tree.relative($0.path) } == ["Mac.app/Contents/Resources/gone"])
  }

  @Test func looseFilesInAFolder() throws {
    let tree = try TemporaryTree()
    try tree.file("bin/tool", TemporaryTree.elf)
    try tree.file("bin/notes.txt", Array("hello".utf8))
    try tree.file("bin/fake.dylib", Array("not really".utf8))
    try tree.file("bin/Hello.class", [0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34])
    try tree.file("lib/libz.so.1", TemporaryTree.elf)
    try tree.file("lib/libz.a", Array("!<arch>\n".utf8))
    let kinds = tree.discover().targets.map { "\(tree.relative($0.path)):\($0.kind.rawValue)" }
    #expect(
      kinds == [
        "bin/fake.dylib:dynamic-library", "bin/tool:binary", "lib/libz.a:static-library", "lib/libz.so.1:shared-object",
      ])
  }

  @Test func symlinkLoopEnds() throws {
    let tree = try TemporaryTree()
    try tree.file("sdk/libx.a", Array("!<arch>\n".utf8))
    try tree.link("sdk/again", to: ".")
    try tree.link("sdk/up", to: "..")
    let result = tree.discover()
    #expect(result.targets.map { tree.relative($0.path) } == ["sdk/libx.a"])
  }

  @Test func symlinkLeavingTheRootIsNotFollowed() throws {
    let outside = try TemporaryTree()
    try outside.file("libsecret.dylib")
    let tree = try TemporaryTree()
    try tree.file("inside/libok.dylib")
    try tree.link("inside/out", to: outside.root)
    try tree.link("inside/libalias.dylib", to: outside.root + "/libsecret.dylib")
    let result = tree.discover("inside")
    #expect(result.targets.map { tree.relative($0.path) } == ["inside/libok.dylib"])
    #expect(result.problems.count == 2)
    #expect(result.problems.allSatisfy { $0.message.contains("outside the scanned path") })
  }

  /// Files named by a bundle's layout are judged by where they lead, each folder on the way
  /// resolved once: through a root given as a link and a versioned framework's links they are
  /// read; a plist and a manifest that are links leading outside the root are not.
  @Test func filesNamedThroughLinksAreReadOnlyInsideTheRoot() throws {
    let outside = try TemporaryTree()
    try outside.file("PrivacyInfo.xcprivacy", [])
    try outside.plist("Info.plist", ["CFBundleExecutable": "In"])
    let tree = try TemporaryTree()
    try tree.file("sdk/In.framework/In")
    try tree.link("sdk/In.framework/PrivacyInfo.xcprivacy", to: outside.root + "/PrivacyInfo.xcprivacy")
    try tree.link("sdk/In.framework/Info.plist", to: outside.root + "/Info.plist")
    try tree.versionedFramework("sdk/Mac.framework")
    try tree.link("linked-sdk", to: "sdk")
    let result = tree.discover("linked-sdk")
    #expect(result.targets.map { tree.relative($0.path) } == ["linked-sdk/In.framework", "linked-sdk/Mac.framework"])
    let (plain, versioned) = (result.targets[0], result.targets[1])
    #expect(plain.binaries.map { tree.relative($0.path) } == ["linked-sdk/In.framework/In"])
    #expect(plain.manifests.isEmpty)
    #expect(plain.infoPlist == nil)
    #expect(versioned.binaries.map { tree.relative($0.path) } == ["linked-sdk/Mac.framework/Versions/A/Mac"])
    #expect(
      versioned.manifests.map { tree.relative($0.path) }
        == ["linked-sdk/Mac.framework/Versions/A/Resources/PrivacyInfo.xcprivacy"])
    #expect(versioned.infoPlist != nil)
    #expect(result.problems.count == 2)
    #expect(result.problems.allSatisfy { $0.message.contains("outside the scanned path") })
  }

  @Test func missingPathIsAProblem() throws {
    let tree = try TemporaryTree()
    let result = tree.discover("nothing-here")
    #expect(result.targets.isEmpty)
    #expect(result.problems.map(\.message) == ["no such file or folder"])
  }
}
