import CodeSigning
import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `scan --policy FILE`: the policy changes the report and the exit status; a broken file is an
/// unusable input (exit 1) naming the file and key path.
@Suite struct PolicyOptionTests {
  private let noManifest = SampleLocator.sample("sdks/NoManifestKit.framework")

  private static func policyFile(_ json: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func anAcceptedFindingNoLongerFailsTheScan() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "allow": [{"target": "NoManifestKit", "rule": "missing-privacy-manifest", "reason": "r"}]}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(CapturedRun(["scan", noManifest]).status == .failure)
    let run = CapturedRun(["scan", "--policy", path, noManifest])
    #expect(run.status == .success)
    #expect(run.error.contains("1 findings accepted or turned off by the policy"))
  }

  @Test func aDeniedCategoryFailsTheScan() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpace"]}], "severities": {"missing-privacy-manifest": "off"}}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--policy", path, "--format", "json", noManifest])
    #expect(run.status == .failure)
    #expect(run.output.contains(#""rule": "policy-denied-category""#))
    #expect(!run.output.contains(#""rule": "missing-privacy-manifest""#))
  }

  /// A vendor's `.sdkvet.json` turning the rules off, in the folder scanned as `.`: not applied.
  @Test func aPolicyInsideTheScannedFolderIsNotApplied() throws {
    let tree = try TemporaryTree()
    try FileManager.default.copyItem(atPath: noManifest, toPath: tree.root + "/NoManifestKit.framework")
    let silencing = #"{"schemaVersion": 1, "severities": {"missing-privacy-manifest": "off"}}"#
    try tree.file(".sdkvet.json", Array(silencing.utf8))
    var child = ChildProcess()
    child.workingDirectory = tree.root
    let run = child.run(["scan", "--format", "json", "."])
    #expect(run.status == 1, "the finding stays: \(run.error)")
    #expect(run.output.contains(#""rule": "missing-privacy-manifest""#))
    #expect(run.error.contains(".sdkvet.json is inside the scanned path . and was not applied"))
    #expect(run.output.contains(#""policy": null"#))
    let named = child.run(["scan", "--format", "json", "--policy", ".sdkvet.json", "."])
    #expect(named.status == 0, "named with --policy it applies: \(named.error)")
    let digest = Digest.hex(try #require(Array(silencing.utf8).withUnsafeBytes(Digest.sha256)))
    #expect(named.output.contains(#""path": ".sdkvet.json""#) && named.output.contains(digest))
  }

  /// Outside the scanned paths the working folder's `.sdkvet.json` applies, and every format says so.
  @Test func theAppliedPolicyIsRecordedInEveryFormat() throws {
    let tree = try TemporaryTree()
    let silencing = #"{"schemaVersion": 1, "severities": {"missing-privacy-manifest": "off"}}"#
    try tree.file(".sdkvet.json", Array(silencing.utf8))
    var child = ChildProcess()
    child.workingDirectory = tree.root
    let digest = Digest.hex(try #require(Array(silencing.utf8).withUnsafeBytes(Digest.sha256)))
    for format in ["json", "sarif", "text", "markdown", "html"] {
      let run = child.run(["scan", "--format", format, noManifest])
      #expect(run.status == 0, "\(format): \(run.error)")
      #expect(run.output.contains(digest), "\(format) names the policy's SHA-256")
    }
  }

  @Test func aBrokenPolicyFailsNamingTheFileAndKeyPath() throws {
    let path = try Self.policyFile(#"{"schemaVersion": 1, "allow": [{"target": "Kit"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--policy", path, noManifest])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: \(path): $.allow[0]: required key 'reason' is missing\n")
    #expect(run.output.isEmpty)
  }

  /// `Samples/versions`: VersionKit 2.0 links AdSupport.framework, 1.0 links libsqlite3.dylib.
  @Test(arguments: [
    "AdSupport", "AdSupport.framework", "/System/Library/Frameworks/AdSupport.framework/AdSupport",
  ])
  func aDeniedLinkedFrameworkFiresWhereItIsLinkedOnly(name: String) throws {
    let path = try Self.policyFile(#"{"schemaVersion": 1, "deny": [{"linkedLibraries": ["\#(name)"]}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let v2 = SampleLocator.sample("versions/v2/VersionKit.framework")
    let run = CapturedRun(["scan", "--policy", path, "--format", "json", "--fail-on", "never", v2])
    let findings = try Self.findings(run.output, rule: "policy-denied-linked-library")
    #expect(findings.count == 1)
    #expect(findings.first?["category"] as? String == "AdSupport.framework")
    #expect(findings.first?["severity"] as? String == "error")
    let evidence = (findings.first?["evidence"] as? [[String: Any]]) ?? []
    #expect(evidence.map { $0["binary"] as? String } == [v2 + "/VersionKit"])
    #expect(evidence.map { $0["via"] as? String } == ["linked-library"])
    let v1 = SampleLocator.sample("versions/v1/VersionKit.framework")
    let old = CapturedRun(["scan", "--policy", path, "--format", "json", "--fail-on", "never", v1])
    #expect(try Self.findings(old.output, rule: "policy-denied-linked-library").isEmpty)
  }

  @Test func aDeniedLibraryFailsTheScanOfTheVersionThatLinksIt() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "deny": [{"linkedLibraries": ["libsqlite3.dylib"]}], "severities": {"undeclared-api-category": "off", "requires-purpose-string": "off"}}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    let v1 = SampleLocator.sample("versions/v1/VersionKit.framework")
    #expect(CapturedRun(["scan", v1]).status == .success, "1.0 has no finding of its own")
    #expect(CapturedRun(["scan", "--policy", path, v1]).status == .failure)
    #expect(
      CapturedRun(["scan", "--policy", path, SampleLocator.sample("versions/v2/VersionKit.framework")]).status
        == .success)
  }

  /// A deny entry's mistyped target or library would never fire (issue 33): each is a warning
  /// with the nearest scanned name; a correctly spelt library nobody links is the policy kept.
  @Test func denyValuesThatMatchNothingAreWarnedAboutWithTheNearestName() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "deny": [{"targets": ["VersionKti", "VersionKit"], "linkedLibraries": ["AdSuport", "libz.dylib"]}]}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    let v2 = SampleLocator.sample("versions/v2/VersionKit.framework")
    let run = CapturedRun(["scan", "--policy", path, "--fail-on", "never", v2])
    let warnings = run.error.split(separator: "\n").filter { $0.contains("$.deny") }
    #expect(
      warnings == [
        "sdkvet: warning: \(path): $.deny[0].targets[0] (VersionKti) matches no target of this scan (did you mean VersionKit?); the deny entry never fires for it",
        "sdkvet: warning: \(path): $.deny[0].linkedLibraries[0] (AdSuport) matches no library a scanned binary links (did you mean AdSupport?); the deny entry never fires for it",
      ], "\(run.error)")
  }

  @Test(arguments: [
    (#"[3]"#, "$.deny[0].linkedLibraries[0]: expected a string"),
    (#"["AdSupport", ""]"#, "$.deny[0].linkedLibraries[1]: expected a library or framework name, not an empty string"),
    (#""AdSupport""#, "$.deny[0].linkedLibraries: expected an array of strings"),
  ])
  func aBrokenLinkedLibrariesListNamesItsKeyPath(list: String, message: String) throws {
    let path = try Self.policyFile(#"{"schemaVersion": 1, "deny": [{"linkedLibraries": \#(list)}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--policy", path, noManifest])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: \(path): \(message)\n")
  }

  /// The findings of `rule` in a JSON scan report.
  private static func findings(_ json: String, rule: String) throws -> [[String: Any]] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let targets = (document["targets"] as? [[String: Any]]) ?? []
    return targets.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }.filter { $0["rule"] as? String == rule }
  }
}
