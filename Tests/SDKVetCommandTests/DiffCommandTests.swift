import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet diff` on the two versions of `Samples/versions` (VersionKit 1.0 → 2.0: a file-timestamp
/// API and a camera request added, the SystemBootTime declaration dropped, a UserDefaults reason
/// added, AdSupport linked instead of libsqlite3, an rpath added; LegacyKit renamed RenamedKit
/// under one bundle identifier; SliceKit.xcframework gains the slice macos-arm64 and UserDefaults,
/// declared, loses ios-arm64-maccatalyst and its simulator binary, and links libsqlite3 on
/// ios-arm64), in every format.
@Suite struct DiffCommandTests {
  private let v1 = SampleLocator.sample("versions/v1")
  private let v2 = SampleLocator.sample("versions/v2")
  private static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  private static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
  private static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
  private static let adSupport = "/System/Library/Frameworks/AdSupport.framework/AdSupport"

  /// The planted changes, as `change aspect category value severity`, in report order: the
  /// renamed SDK's, SliceKit's, then VersionKit's. SliceKit's simulator slice lost its binary, so
  /// it is one "not comparable" line and nothing in it is added or removed.
  private static let planted = [
    "removed name - LegacyKit.framework note",
    "added name - RenamedKit.framework note",
    "not-comparable slices - ios-arm64-simulator warning",
    "added categories - \(userDefaults) warning",
    "added apis \(userDefaults) UserDefaults warning",
    "added declaredCategories - \(userDefaults) note",
    "removed slices - ios-arm64-maccatalyst warning",
    "added slices - macos-arm64 note",
    "added unreadableBinaries - ios-arm64-simulator/SliceKit.framework/SliceKit warning",
    "added linkedLibraries - /usr/lib/libsqlite3.dylib warning",
    "added categories - \(fileTimestamp) error",
    "added apis \(fileTimestamp) stat warning",
    "added permissions - camera error",
    "removed declaredCategories - \(bootTime) note",
    "added declaredReasons \(userDefaults) 1C8F.1 note",
    "removed linkedLibraries - /usr/lib/libsqlite3.dylib note",
    "added linkedLibraries - \(adSupport) warning",
    "added rpaths - @loader_path/Frameworks note",
  ]

  /// SliceKit's changes of `planted` backwards, which VersionKit's do not share.
  private static let sliceKitOnly: Set<String> = [
    "removed categories - \(userDefaults) note", "removed apis \(userDefaults) UserDefaults note",
    "removed declaredCategories - \(userDefaults) note", "added slices - ios-arm64-maccatalyst note",
    "removed slices - macos-arm64 warning", "not-comparable slices - ios-arm64-simulator warning",
    "removed unreadableBinaries - ios-arm64-simulator/SliceKit.framework/SliceKit note",
    "added architectures - ios-arm64-simulator/arm64 note", "added platforms - ios-arm64-simulator/ios-simulator note",
    "removed linkedLibraries - /usr/lib/libsqlite3.dylib note",
  ]

  /// The targets of the diff of v1 and v2, as `[name, oldPath, newPath]`.
  private var plantedTargets: [[String?]] {
    [
      ["RenamedKit.framework", v1 + "/LegacyKit.framework", v2 + "/RenamedKit.framework"],
      ["SliceKit.xcframework", v1 + "/SliceKit.xcframework", v2 + "/SliceKit.xcframework"],
      ["VersionKit.framework", v1 + "/VersionKit.framework", v2 + "/VersionKit.framework"],
    ]
  }

  private static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString)-\(name)").path
  }

  /// The changes of a JSON diff, one string each, with the targets' names and paths.
  private static func changes(_ json: String) throws -> (targets: [[String?]], changes: [String], symbols: [[String]]) {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let targets = try #require(document["targets"] as? [[String: Any]])
    let changes = targets.flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }
    return (
      targets.map { [$0["name"] as? String, $0["oldPath"] as? String, $0["newPath"] as? String] },
      changes.map { change in
        ["change", "aspect", "category", "value", "severity"].map { change[$0] as? String ?? "-" }.joined(
          separator: " ")
      },
      changes.map { $0["symbols"] as? [String] ?? [] }
    )
  }

  @Test func jsonReportsExactlyThePlantedChanges() throws {
    let run = CapturedRun(["diff", "--format", "json", v1, v2])
    #expect(run.status == .failure, "an added category and permission are errors")
    #expect(run.error.isEmpty)
    let diff = try Self.changes(run.output)
    #expect(diff.targets == plantedTargets)
    #expect(diff.changes == Self.planted)
    #expect(diff.symbols[11] == ["_stat"])
    #expect(diff.symbols[12].contains("requestAccessForMediaType:completionHandler:"))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(
      summary == [
        "targets": 3, "added": 13, "removed": 4, "notComparable": 1, "problems": 0, "errors": 2, "warnings": 8,
        "notes": 8,
      ])
    let identifiers = (document["targets"] as? [[String: Any]])?.map { $0["bundleIdentifier"] as? String }
    #expect(
      identifiers == ["dev.sdkvet.samples.RenamedKit", "dev.sdkvet.samples.SliceKit", "dev.sdkvet.samples.VersionKit"])
    let userDefaults = try #require((document["targets"] as? [[String: Any]])?[1]["changes"] as? [[String: Any]])
    #expect(userDefaults[0]["change"] as? String == "not-comparable")
    #expect(userDefaults[0]["detail"] as? String == "not comparable: a binary of the new version could not be read")
    #expect(userDefaults[1]["slices"] as? [String] == ["ios-arm64", "macos-arm64"])
    #expect(userDefaults[1]["declared"] as? Bool == true)
    #expect(userDefaults[5]["detail"] as? String == "1 binary, 3 linked libraries, uses SystemBootTime, UserDefaults")
  }

  @Test func textListsEachChangeOnceAndSummarises() {
    let run = CapturedRun(["diff", v1, v2])
    #expect(run.status == .failure)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "RenamedKit.framework  (\(v1)/LegacyKit.framework → \(v2)/RenamedKit.framework)")
    #expect(lines.contains("VersionKit.framework  (\(v1)/VersionKit.framework → \(v2)/VersionKit.framework)"))
    let changes = lines.filter { $0.hasPrefix("  ") }
    #expect(changes.count == 18)
    #expect(
      changes.contains(
        "  ? warning slices              ios-arm64-simulator: not comparable: a binary of the new version could not be read"
      ))
    #expect(changes.first == "  - note    name                LegacyKit.framework")
    #expect(
      changes.contains(
        "  + warning categories          \(Self.userDefaults) in ios-arm64, macos-arm64; declared in the new manifest"))
    #expect(
      changes.contains(
        "  - warning slices              ios-arm64-maccatalyst: 1 binary, 3 linked libraries, uses SystemBootTime"))
    #expect(changes.contains("  + warning linkedLibraries     /usr/lib/libsqlite3.dylib in ios-arm64"))
    #expect(!run.output.contains("//"), "no library listed per slice, no path joined with two slashes")
    #expect(
      changes.contains(
        "  + warning apis                \(Self.fileTimestamp) stat; NOT declared in the new manifest  [_stat]"))
    #expect(changes.last == "  + note    rpaths              @loader_path/Frameworks")
    #expect(lines.last == "3 targets changed: 13 added (2 errors, 6 warnings, 5 notes), 4 removed, 1 not comparable.")
  }

  @Test func platformKeepsThatPlatformsSlicesAndRejectsOthers() throws {
    let ios = try Self.changes(CapturedRun(["diff", "--format", "json", "--platform", "ios", v1, v2]).output)
    #expect(
      ios.changes.filter { $0.contains(" slices ") } == ["not-comparable slices - ios-arm64-simulator warning"],
      "the slices that came and went are not iOS's; the simulator slice's binary could not be read")
    #expect(ios.changes.contains("added unreadableBinaries - ios-arm64-simulator/SliceKit.framework/SliceKit warning"))
    let macos = try Self.changes(CapturedRun(["diff", "--format", "json", "--platform", "macos", v1, v2]).output)
    #expect(macos.targets.map { $0[0] } == ["SliceKit.xcframework"], "only SliceKit is built for macOS")
    let wrong = CapturedRun(["diff", "--platform", "catalyst", v1, v2])
    #expect(wrong.status == .usage)
    #expect(wrong.error.contains("'ios', 'maccatalyst', 'macos', 'tvos', 'visionos', 'watchos'"))
  }

  @Test func markdownIsOneTableRowPerChange() {
    let run = CapturedRun(["diff", "--format", "markdown", v1, v2])
    #expect(run.status == .failure)
    let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("| ➕") || $0.hasPrefix("| ➖") }
    #expect(rows.count == 17)
    #expect(
      run.output.contains(
        "| ❔ not comparable | warning | slices | `ios-arm64-simulator: not comparable: a binary of the new version could not be read` |  |"
      ))
    #expect(rows.first == "| ➖ removed | note | name | `LegacyKit.framework` |  |")
    #expect(rows.contains("| ➕ added | note | declaredReasons | `\(Self.userDefaults) 1C8F.1` |  |"))
    #expect(rows.contains("| ➕ added | warning | linkedLibraries | `\(Self.adSupport)` |  |"))
    #expect(
      rows.contains(
        "| ➕ added | warning | apis | `\(Self.fileTimestamp) stat; NOT declared in the new manifest` | `_stat` |"))
    #expect(run.output.contains("### RenamedKit.framework"))
    #expect(run.output.contains("### VersionKit.framework"))
    #expect(
      run.output.contains(
        "**3 targets changed: 13 added (2 errors, 6 warnings, 5 notes), 4 removed, 1 not comparable.**"))
  }

  @Test func exitStatusFollowsTheGateAndOnlyAdditionsCount() {
    #expect(CapturedRun(["diff", "--fail-on", "never", v1, v2]).status == .success)
    let same = CapturedRun(["diff", "--fail-on", "note", v1, v1])
    #expect(same.status == .success)
    #expect(same.output == "No changes.\n")
    // Backwards, VersionKit's declaration and the old name are added (notes) and libsqlite3 (a
    // warning); its removals are notes and never fail. SliceKit's macos-arm64 slice is gone: a
    // warning that fails at --fail-on warning.
    let backwards = CapturedRun(["diff", "--format", "json", v2, v1])
    #expect(backwards.status == .success)
    #expect(CapturedRun(["diff", "--fail-on", "warning", v2, v1]).status == .failure)
    #expect((try? Self.changes(backwards.output).changes)?.contains("removed slices - macos-arm64 warning") == true)
    #expect(
      (try? Self.changes(backwards.output).changes.filter { !Self.sliceKitOnly.contains($0) }) == [
        "removed name - RenamedKit.framework note",
        "added name - LegacyKit.framework note",
        "removed categories - \(Self.fileTimestamp) note",
        "removed apis \(Self.fileTimestamp) stat note",
        "removed permissions - camera note",
        "added declaredCategories - \(Self.bootTime) note",
        "removed declaredReasons \(Self.userDefaults) 1C8F.1 note",
        "removed linkedLibraries - \(Self.adSupport) note",
        "added linkedLibraries - /usr/lib/libsqlite3.dylib warning",
        "removed rpaths - @loader_path/Frameworks note",
      ])
  }

  @Test func usageErrorsExitTwoAndAMissingInputOne() {
    #expect(CapturedRun(["diff", v1]).status == .usage)
    #expect(CapturedRun(["diff", v1, v2, v2]).status == .usage)
    #expect(CapturedRun(["diff", "--format", "sarif", v1, v2]).status == .usage)
    let missing = CapturedRun(["diff", v1, v1 + "-missing"])
    #expect(missing.status == .failure)
    #expect(!missing.error.isEmpty)
  }

  @Test func savedJSONReportsDiffLikeTheFoldersTheyCameFrom() throws {
    let old = Self.temporaryPath("v1.json")
    defer { try? FileManager.default.removeItem(atPath: old) }
    #expect(CapturedRun(["scan", "--format", "json", "--fail-on", "never", "--output", old, v1]).status == .success)
    let run = CapturedRun(["diff", "--format", "json", old, v2])
    #expect(run.status == .failure)
    let diff = try Self.changes(run.output)
    #expect(diff.changes == Self.planted)
    #expect(diff.targets == plantedTargets, "the saved report keeps LegacyKit's bundle identifier")
    let broken = Self.temporaryPath("broken.json")
    defer { try? FileManager.default.removeItem(atPath: broken) }
    try Data(#"{"schemaVersion": 1, "targets": [{"path": 3}]}"#.utf8).write(to: URL(fileURLWithPath: broken))
    let bad = CapturedRun(["diff", broken, v2])
    #expect(bad.status == .failure)
    #expect(bad.error.contains("$.targets[0].path: expected a string"))
  }

  /// Two xcframeworks of `Samples/signatures`, the same ad-hoc-signed binaries in a bundle signed
  /// otherwise, copied under one name: a signer change.
  @Test func aChangedSignerIsAnError() throws {
    let root = Self.temporaryPath("signer")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    for (version, sample) in [("old", "AdHocKit"), ("new", "TeamSignedKit")] {
      try manager.createDirectory(atPath: root + "/" + version, withIntermediateDirectories: true)
      try manager.copyItem(
        atPath: SampleLocator.sample("signatures/\(sample).xcframework"), toPath: "\(root)/\(version)/Kit.xcframework")
    }
    let run = CapturedRun(["diff", "--format", "json", root + "/old", root + "/new"])
    #expect(run.status == .failure)
    #expect(
      try Self.changes(run.output).changes == [
        "removed signer - ad-hoc note", "added signer - AppleDeveloperProgram:SDKVET1234 error",
      ])
  }

  /// A saved JSON report reads back to what the scan it came from holds, in every aspect: diffed
  /// against its folder (either way round) nothing changed, while against an empty report the
  /// samples together show every aspect added (but the name and the declared reasons, compared
  /// only between two versions of a target and under a category both declare).
  @Test func aSavedReportReadsBackEveryAspect() throws {
    let empty = Self.temporaryPath("empty.json")
    let saved = Self.temporaryPath("saved.json")
    defer { for file in [empty, saved] { try? FileManager.default.removeItem(atPath: file) } }
    try Data(
      #"{"schemaVersion": 1, "tool": {"name": "sdkvet", "version": "0"}, "targets": [], "archives": [], "problems": [], "policy": null}"#
        .utf8
    ).write(to: URL(fileURLWithPath: empty))
    var aspects: Set<String> = []
    for sample in [
      "signatures", "packages", "sdks/SampleApp.app", "sdks/ConsentApp.app", "sdks/VendorAdsKit.framework",
      "sdks/BundledTrackerKit.framework", "versions/v2",
    ].map(SampleLocator.sample) {
      #expect(CapturedRun(["scan", "--format", "json", "--fail-on", "never", "-o", saved, sample]).status == .success)
      for (old, new) in [(saved, sample), (sample, saved)] {
        let run = CapturedRun(["diff", "--fail-on", "note", old, new])
        #expect(run.status == .success && run.output == "No changes.\n", "\(sample): \(run.output)")
      }
      let everything = CapturedRun(["diff", "--format", "json", empty, saved])
      let changes = try Self.changes(everything.output).changes
      #expect(!changes.isEmpty && changes.allSatisfy { $0.hasPrefix("added ") }, "\(sample)")
      aspects.formUnion(changes.map { String($0.split(separator: " ")[1]) })
    }
    #expect(
      aspects == [
        "categories", "apis", "permissions", "tracking", "trackingDomains", "declaredCategories", "commonSDKs",
        "slices", "unreadableBinaries", "architectures", "package", "signer", "linkedLibraries", "rpaths",
        "platforms",
      ])
  }

  /// A target inside an archive is matched by its name after the `!`: the zipped GoodKit is the
  /// same as the unpacked one.
  @Test(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason))
  func archivedTargetsAreMatchedByTheirNameInside() throws {
    let zipped = SampleLocator.sample("archives/GoodKit.xcframework.zip")
    let same = CapturedRun(["diff", "--fail-on", "note", zipped, SampleLocator.sample("sdks/GoodKit.xcframework")])
    #expect(same.status == .success)
    #expect(same.output == "No changes.\n")
  }
}

/// What `diff` does with parts it cannot compare and with problems met while scanning (issue 31).
@Suite struct DiffComparabilityTests {
  /// A copy of GoodKit whose new version holds a `Headers` link that leads nowhere, as a framework
  /// packed by a tool that drops the folder the link named: the diff lists the problem and goes on,
  /// with `-o` too.
  @Test func aLinkThatLeadsNowhereIsListedNotFatal() throws {
    let tree = try TemporaryTree()
    let kit = SampleLocator.sample("sdks/GoodKit.xcframework")
    for version in ["old", "new"] {
      try FileManager.default.createDirectory(atPath: tree.root + "/" + version, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: kit, toPath: tree.root + "/\(version)/GoodKit.xcframework")
    }
    try tree.link("new/GoodKit.xcframework/Headers", to: "Missing/Headers")
    let output = tree.root + "/diff.txt"
    let run = CapturedRun(["diff", "-o", output, tree.root + "/old", tree.root + "/new"])
    #expect(run.status == .success, "\(run.error)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("problem in the new version: "))
    #expect(text.contains("GoodKit.xcframework/Headers: symbolic link leads nowhere; not followed"))
    #expect(text.contains("No changes."))
    let json = CapturedRun(["diff", "--format", "json", tree.root + "/old", tree.root + "/new"]).output
    #expect(json.contains("\"problems\": 1"))
  }

  /// A path that does not exist is still a failed diff: nothing was compared.
  @Test func aMissingInputStillFails() {
    let run = CapturedRun(["diff", SampleLocator.sample("versions/v1"), "/nonexistent-version"])
    #expect(run.status == .failure)
    #expect(run.output.isEmpty)
  }
}
