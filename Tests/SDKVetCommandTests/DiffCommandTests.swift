import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet diff` on the two versions of `Samples/versions` (VersionKit 1.0 → 2.0: a file-timestamp
/// API and a camera request added, the SystemBootTime declaration dropped), in every format.
@Suite struct DiffCommandTests {
  private let v1 = SampleLocator.sample("versions/v1")
  private let v2 = SampleLocator.sample("versions/v2")
  private static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  private static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"

  /// The planted changes, as `change aspect category value severity`, in report order.
  private static let planted = [
    "added categories - \(fileTimestamp) error",
    "added apis \(fileTimestamp) stat warning",
    "added permissions - camera error",
    "removed declaredCategories - \(bootTime) note",
  ]

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
    #expect(diff.targets == [["VersionKit.framework", v1 + "/VersionKit.framework", v2 + "/VersionKit.framework"]])
    #expect(diff.changes == Self.planted)
    #expect(diff.symbols[1] == ["_stat"])
    #expect(diff.symbols[2].contains("requestAccessForMediaType:completionHandler:"))
    let summary = try #require(
      (try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])?["summary"] as? [String: Int])
    #expect(summary == ["targets": 1, "added": 3, "removed": 1, "errors": 2, "warnings": 1, "notes": 1])
  }

  @Test func textListsEachChangeOnceAndSummarises() {
    let run = CapturedRun(["diff", v1, v2])
    #expect(run.status == .failure)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "VersionKit.framework  (\(v1)/VersionKit.framework → \(v2)/VersionKit.framework)")
    let changes = lines.filter { $0.hasPrefix("  ") }
    #expect(changes.count == 4)
    #expect(changes[0].hasPrefix("  + error   categories") && changes[0].hasSuffix(Self.fileTimestamp))
    #expect(changes[1].contains("apis") && changes[1].hasSuffix("\(Self.fileTimestamp) stat  [_stat]"))
    #expect(changes[2].hasPrefix("  + error   permissions") && changes[2].contains("camera  ["))
    #expect(changes[3].hasPrefix("  - note    declaredCategories") && changes[3].hasSuffix(Self.bootTime))
    #expect(lines.last == "1 target changed: 3 added (2 errors, 1 warning), 1 removed.")
  }

  @Test func markdownIsOneTableRowPerChange() {
    let run = CapturedRun(["diff", "--format", "markdown", v1, v2])
    #expect(run.status == .failure)
    let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("| ➕") || $0.hasPrefix("| ➖") }
    #expect(
      rows == [
        "| ➕ added | error | categories | `\(Self.fileTimestamp)` |  |",
        "| ➕ added | warning | apis | `\(Self.fileTimestamp) stat` | `_stat` |",
        Substring(rows.count > 2 ? rows[2] : ""),
        "| ➖ removed | note | declaredCategories | `\(Self.bootTime)` |  |",
      ])
    #expect(rows.count > 2 && rows[2].hasPrefix("| ➕ added | error | permissions | `camera` | "))
    #expect(run.output.contains("### VersionKit.framework"))
    #expect(run.output.contains("**1 target changed: 3 added (2 errors, 1 warning), 1 removed.**"))
  }

  @Test func exitStatusFollowsTheGateAndOnlyAdditionsCount() {
    #expect(CapturedRun(["diff", "--fail-on", "never", v1, v2]).status == .success)
    let same = CapturedRun(["diff", "--fail-on", "note", v1, v1])
    #expect(same.status == .success)
    #expect(same.output == "No changes.\n")
    // Backwards only a declaration is added (a note); the removals are notes and never fail.
    let backwards = CapturedRun(["diff", "--format", "json", v2, v1])
    #expect(backwards.status == .success)
    #expect(CapturedRun(["diff", "--fail-on", "note", v2, v1]).status == .failure)
    #expect(
      (try? Self.changes(backwards.output).changes) == [
        "removed categories - \(Self.fileTimestamp) note",
        "removed apis \(Self.fileTimestamp) stat note",
        "removed permissions - camera note",
        "added declaredCategories - \(Self.bootTime) note",
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
    #expect(try Self.changes(run.output).changes == Self.planted)
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
  /// samples together show every aspect added.
  @Test func aSavedReportReadsBackEveryAspect() throws {
    let empty = Self.temporaryPath("empty.json")
    let saved = Self.temporaryPath("saved.json")
    defer { for file in [empty, saved] { try? FileManager.default.removeItem(atPath: file) } }
    try Data(#"{"schemaVersion": 1, "targets": []}"#.utf8).write(to: URL(fileURLWithPath: empty))
    var aspects: Set<String> = []
    for sample in [
      "signatures", "packages", "sdks/SampleApp.app", "sdks/ConsentApp.app", "sdks/VendorAdsKit.framework",
      "sdks/BundledTrackerKit.framework",
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
        "architectures", "package", "signer",
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
