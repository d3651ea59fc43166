import Foundation
import SDKVetCommand
import TestSupport
import Testing

@Suite struct ScanCommandTests {
  private let noManifest = SampleLocator.sample("sdks/NoManifestKit.framework")
  private let consent = SampleLocator.sample("sdks/ConsentApp.app")
  private let good = SampleLocator.sample("sdks/GoodKit.xcframework")
  private let microphone = SampleLocator.sample("sdks/SampleApp.app/Frameworks/MicKit.framework")

  struct GateCase: Sendable, CustomTestStringConvertible {
    let sample: String
    let failOn: String?
    let expected: SDKVetCommand.ExitStatus
    var testDescription: String { "\(sample) --fail-on \(failOn ?? "(default)") → \(expected)" }
  }

  static let gateCases: [GateCase] = [
    GateCase(sample: "sdks/GoodKit.xcframework", failOn: nil, expected: .success),
    GateCase(sample: "sdks/NoManifestKit.framework", failOn: nil, expected: .failure),
    GateCase(sample: "sdks/NoManifestKit.framework", failOn: "never", expected: .success),
    GateCase(sample: "sdks/TrackerKit.framework", failOn: nil, expected: .failure),
    GateCase(sample: "sdks/ConsentApp.app", failOn: nil, expected: .success),
    GateCase(sample: "sdks/ConsentApp.app", failOn: "warning", expected: .failure),
    GateCase(sample: "sdks/SampleApp.app/Frameworks/MicKit.framework", failOn: "warning", expected: .success),
    GateCase(sample: "sdks/SampleApp.app/Frameworks/MicKit.framework", failOn: "note", expected: .failure),
  ]

  @Test(arguments: gateCases)
  func failOnGatesTheExitStatus(_ gate: GateCase) {
    var arguments = ["scan", SampleLocator.sample(gate.sample)]
    if let failOn = gate.failOn { arguments += ["--fail-on", failOn] }
    #expect(CapturedRun(arguments).status == gate.expected)
  }

  @Test func jsonReportNamesTheRuleAndEvidence() throws {
    let run = CapturedRun(["scan", "--format", "json", noManifest])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let targets = try #require(document["targets"] as? [[String: Any]])
    #expect(targets.count == 1)
    let findings = try #require(targets.first?["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["missing-privacy-manifest"])
    let evidence = try #require(findings.first?["evidence"] as? [[String: Any]])
    #expect(evidence.contains { $0["symbol"] as? String == "_statfs" })
  }

  @Test func outputOptionWritesTheReportToAFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).sarif").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--format", "sarif", "--output", path, consent])
    #expect(run.status == .success)
    #expect(run.output.isEmpty)
    let written = try #require(FileManager.default.contents(atPath: path))
    let sarif = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")
  }

  @Test func unwritableOutputFailsWithTheSystemsReason() {
    let run = CapturedRun(["scan", "--output", "/nonexistent-dir/report.txt", good])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: cannot write '/nonexistent-dir/report.txt': No such file or directory\n")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func outputLostToAFullDiskFails() {
    let run = CapturedRun(["scan", "--format", "json", "--output", "/dev/full", good])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: cannot write '/dev/full': No space left on device\n")
  }

  @Test func textIsNeverColouredWhenNotATerminal() {
    let run = CapturedRun(["scan", noManifest])
    #expect(!run.output.contains("\u{1B}["))
    #expect(run.output.contains("missing-privacy-manifest"))
  }

  @Test func missingPathIsReportedAndFailsTheScan() {
    let run = CapturedRun(["scan", "/nonexistent-sdk.framework", good])
    #expect(run.status == .failure)
    #expect(run.error.contains("/nonexistent-sdk.framework"))
    #expect(run.output.contains("GoodKit"))
  }

  @Test func brokenCatalogOverlayFailsNamingTheFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("{\"apis\": 7}".utf8).write(to: URL(fileURLWithPath: path))
    let run = CapturedRun(["scan", "--catalog", path, good])
    #expect(run.status == .failure)
    #expect(run.error.hasPrefix("sdkvet: error: \(path): $"))
    #expect(!run.error.contains("usage:"))
    #expect(run.output.isEmpty)
  }

  @Test func unreadableCatalogFailsWithTheSystemsReason() {
    let run = CapturedRun(["scan", "--catalog", "/nonexistent-catalog.json", good])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: /nonexistent-catalog.json: $: cannot open: No such file or directory\n")
  }

  @Test func catalogOverlayAddsAnAPIThatThenMatches() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let overlay = """
      {"schemaVersion": 1, "apis": [{"id": "test-statfs-twin", "name": "statfs twin",
        "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"],
        "spellings": [{"name": "_statfs", "kind": "c-function", "format": "mach-o"}]}]}
      """
    try Data(overlay.utf8).write(to: URL(fileURLWithPath: path))
    let run = CapturedRun(["scan", "--format", "json", "--catalog", path, noManifest])
    #expect(run.status == .failure, "\(run.error)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    let uses = try #require(targets.first?["apiUses"] as? [[String: Any]])
    let twin = try #require(uses.first { $0["api"] as? String == "statfs twin" })
    #expect(twin["category"] as? String == "NSPrivacyAccessedAPICategoryFileTimestamp")
    #expect(twin["symbol"] as? String == "_statfs")
  }
}
