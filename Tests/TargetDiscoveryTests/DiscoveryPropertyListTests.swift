import BinaryImage
import Foundation
import PropertyLists
import TargetDiscovery
import TestSupport
import Testing

/// What discovery says about the property lists it reads: an xcframework's `Info.plist`
/// (its `AvailableLibraries`) and a bundle's `Info.plist` (its `CFBundleExecutable`).
@Suite("Discovery of property lists")
struct DiscoveryPropertyListTests {
  /// An XML property list of `body`, written by hand (Foundation cannot write a repeated key).
  private func xml(_ body: String) -> [UInt8] {
    Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">\#(body)</plist>"#.utf8)
  }

  /// An xcframework `Info.plist` with one `AvailableLibraries` entry holding `entry`, then `trailer`.
  private func xcframeworkPlist(entry: String, trailer: String = "") -> [UInt8] {
    xml("<dict><key>AvailableLibraries</key><array><dict>\(entry)</dict></array></dict>\(trailer)")
  }

  private let slice = "<key>LibraryIdentifier</key><string>ios-arm64</string>"

  @Test func xcframeworkEntriesLeavingTheFolderAreReported() throws {
    let tree = try TemporaryTree()
    try tree.plist(
      "K.xcframework/Info.plist",
      [
        "AvailableLibraries": [
          ["LibraryIdentifier": "ios-arm64", "LibraryPath": "libK.a"],
          ["LibraryIdentifier": "ios-arm64_x86_64-simulator", "LibraryPath": "/etc/libK.a"],
          ["LibraryIdentifier": "tvos-arm64", "LibraryPath": "K.framework", "BinaryPath": "../../../K"],
          ["LibraryIdentifier": "/tmp", "LibraryPath": "libK.a"],
          ["LibraryPath": "libK.a"],
          "not a dictionary",
        ]
      ])
    try tree.file("K.xcframework/ios-arm64/libK.a", Array("!<arch>\n".utf8))
    let result = tree.discover()
    let entry = "Info.plist AvailableLibraries"
    #expect(
      result.problems.map(\.message) == [
        "\(entry)[1] LibraryPath \"/etc/libK.a\" leaves the xcframework; the entry is skipped",
        "\(entry)[2] BinaryPath \"../../../K\" leaves the xcframework; it is ignored",
        "\(entry)[3] LibraryIdentifier \"/tmp\" is not a folder of the xcframework; the entry is skipped",
        "\(entry)[4] lacks a LibraryIdentifier or LibraryPath string; the entry is skipped",
        "\(entry)[5] lacks a LibraryIdentifier or LibraryPath string; the entry is skipped",
      ])
    #expect(result.problems.allSatisfy { tree.relative($0.path) == "K.xcframework" })
    // The tvOS framework slice stays listed (only its BinaryPath is ignored) and is not there:
    // its binary is listed as missing, to be reported unreadable.
    #expect(
      result.targets.first?.binaries.map { "\(tree.relative($0.path)) \($0.isListedButMissing)" } == [
        "K.xcframework/ios-arm64/libK.a false", "K.xcframework/tvos-arm64/K.framework/K true",
      ])
  }

  @Test func xcframeworkPlistTooLargeIsSaidToBe() throws {
    let tree = try TemporaryTree()
    let padding = String(repeating: " ", count: ReadLimits.documentBytes)
    try tree.file(
      "K.xcframework/Info.plist",
      xcframeworkPlist(entry: slice + "<key>LibraryPath</key><string>libK.a</string>", trailer: padding))
    try tree.file("K.xcframework/ios-arm64/libK.a", Array("!<arch>\n".utf8))
    let result = tree.discover()
    #expect(
      result.problems.map(\.message) == [
        "Info.plist cannot be read (larger than 8 MiB); library slices were found by walking the folder"
      ])
    #expect(result.targets.first?.binaries.map(\.slice) == ["ios-arm64"])
  }

  @Test func repeatedKeysInAnXCFrameworkPlistAreReported() throws {
    let tree = try TemporaryTree()
    try tree.file(
      "K.xcframework/Info.plist",
      xcframeworkPlist(
        entry: slice + "<key>LibraryPath</key><string>libK.a</string><key>LibraryPath</key><string>libL.a</string>"))
    try tree.file("K.xcframework/ios-arm64/libL.a", Array("!<arch>\n".utf8))
    let result = tree.discover()
    #expect(
      result.problems.map(\.message) == [
        "Info.plist sets LibraryPath more than once in AvailableLibraries[0]; the last value is used"
      ])
    #expect(result.targets.first?.binaries.map { tree.relative($0.path) } == ["K.xcframework/ios-arm64/libL.a"])
  }

  @Test func anUnreadableBundlePlistIsReportedOnceAndKeptForTheAudit() throws {
    let tree = try TemporaryTree()
    try tree.file("Kit.framework/Kit")
    try tree.file("Kit.framework/Info.plist", xml("<dict><key>CFBundleExecutable</key>"))
    let result = tree.discover()
    #expect(result.problems.map { tree.relative($0.path) } == ["Kit.framework/Info.plist"])
    #expect(
      result.problems.first?.message
        == "cannot be read (not a readable property list (malformed XML at line 1)); "
        + "the executable was looked for under the bundle's name")
    let target = try #require(result.targets.first)
    #expect(target.binaries.map { tree.relative($0.path) } == ["Kit.framework/Kit"])
    if case .failure(let error) = target.infoPlist?.contents {
      #expect(error.message.contains("malformed XML"))
    } else {
      Issue.record("the unreadable Info.plist is not kept on the target")
    }
  }

  @Test func aRepeatedExecutableNameIsReported() throws {
    let tree = try TemporaryTree()
    try tree.file("Kit.framework/Second")
    try tree.file(
      "Kit.framework/Info.plist",
      xml(
        "<dict><key>CFBundleExecutable</key><string>First</string><key>CFBundleExecutable</key><string>Second</string></dict>"
      ))
    let result = tree.discover()
    #expect(result.problems.map(\.message) == ["sets CFBundleExecutable more than once; the last is used"])
    #expect(result.targets.first?.binaries.map { tree.relative($0.path) } == ["Kit.framework/Second"])
  }
}
