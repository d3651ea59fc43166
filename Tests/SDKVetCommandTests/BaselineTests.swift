import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `scan --baseline` and `--write-baseline`: a second identical scan reports nothing new, and the
/// exit status follows what is reported.
@Suite struct BaselineTests {
  /// Samples with findings of every severity (the whole `sdks` folder also holds a link that
  /// leaves it, an input problem that fails every scan).
  private let samples = [
    "WrongReasonKit.framework", "NoManifestKit.framework", "BadManifestKit.framework", "ConsentApp.app",
    "TrackerKit.framework", "UnusedDeclKit.framework",
  ].map { SampleLocator.sample("sdks/" + $0) }
  private let noManifest = SampleLocator.sample("sdks/NoManifestKit.framework")

  private static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString)-\(name)").path
  }

  @Test func aSecondIdenticalScanReportsNothing() throws {
    let baseline = Self.temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let first = CapturedRun(["scan", "--write-baseline", baseline, "--format", "json"] + samples)
    #expect(first.status == .success, "writing a baseline is not failed by the findings it records")
    let written = try #require(FileManager.default.contents(atPath: baseline))
    #expect(String(decoding: written, as: UTF8.self) == first.output, "the baseline is the JSON report")
    let findings = try Self.findingCount(first.output)
    #expect(findings > 8)

    let second = CapturedRun(["scan", "--baseline", baseline, "--format", "json", "--fail-on", "note"] + samples)
    #expect(second.status == .success)
    #expect(try Self.findingCount(second.output) == 0)
    #expect(second.error.contains("\(findings) of \(findings) findings are in the baseline and not reported"))
  }

  @Test func findingsMissingFromTheBaselineAreReportedAndGateTheExit() throws {
    let baseline = Self.temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    // A baseline that knows every finding but NoManifestKit's: the report of the folder with that
    // target's findings taken out.
    let full = CapturedRun(["scan", "--format", "json"] + samples)
    var document = try #require(try JSONSerialization.jsonObject(with: Data(full.output.utf8)) as? [String: Any])
    var targets = try #require(document["targets"] as? [[String: Any]])
    let index = try #require(
      targets.firstIndex { ($0["path"] as? String)?.hasSuffix("NoManifestKit.framework") == true })
    let dropped = try #require(targets[index]["findings"] as? [Any]).count
    targets[index]["findings"] = [Any]()
    document["targets"] = targets
    try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: baseline))

    let run = CapturedRun(["scan", "--baseline", baseline, "--format", "json"] + samples)
    #expect(run.status == .failure)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let reported = try #require(report["targets"] as? [[String: Any]]).filter {
      !(($0["findings"] as? [Any]) ?? []).isEmpty
    }
    #expect(reported.map { $0["path"] as? String } == [noManifest])
    #expect((reported.first?["findings"] as? [Any])?.count == dropped)
  }

  @Test func aBrokenBaselineFailsNamingTheFileAndPath() throws {
    let baseline = Self.temporaryPath("broken.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try Data(#"{"schemaVersion": 1, "targets": [{"path": "x", "findings": [{"rule": 3}]}]}"#.utf8)
      .write(to: URL(fileURLWithPath: baseline))
    let run = CapturedRun(["scan", "--baseline", baseline, noManifest])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: \(baseline): $.targets[0].findings[0].rule: expected a string\n")
    #expect(run.output.isEmpty)
  }

  @Test func aBaselineOfAnotherSchemaVersionIsRefused() throws {
    let baseline = Self.temporaryPath("v2.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try Data(#"{"schemaVersion": 2, "targets": []}"#.utf8).write(to: URL(fileURLWithPath: baseline))
    let run = CapturedRun(["scan", "--baseline", baseline, noManifest])
    #expect(run.status == .failure)
    #expect(run.error.contains("$.schemaVersion: schema version 2 is not supported"))
  }

  @Test func aMissingBaselineFailsWithTheSystemsReason() {
    let run = CapturedRun(["scan", "--baseline", "/nonexistent-baseline.json", noManifest])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: /nonexistent-baseline.json: $: cannot open: No such file or directory\n")
  }

  /// A baseline written for one spelling of a path matches a scan of another: relative with
  /// `./` and a trailing slash, or absolute from the same working folder (issue 25).
  @Test(
    .enabled(
      if: SampleLocator.packageRoot.hasPrefix(FileManager.default.currentDirectoryPath + "/")
        || SampleLocator.packageRoot == FileManager.default.currentDirectoryPath,
      "names the samples relative to the working folder, so runs where swift test runs, in or above the package root"))
  func baselinePathsAreComparedNormalized() throws {
    let baseline = Self.temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let folder = FileManager.default.currentDirectoryPath
    try #require(noManifest.hasPrefix(folder + "/"), "the samples lie inside the working folder")
    let relative = "./" + noManifest.dropFirst(folder.count + 1) + "/"
    let first = CapturedRun(["scan", "--write-baseline", baseline, "--format", "json", relative])
    #expect(first.status == .success)
    let second = CapturedRun(["scan", "--baseline", baseline, "--format", "json", "--fail-on", "note", noManifest])
    #expect(second.status == .success, "\(second.error)")
    #expect(try Self.findingCount(second.output) == 0)
    #expect(!second.error.contains("warning"))
  }

  /// A baseline of which no finding matches the scan is named in a warning: it was most likely
  /// written for other paths, and silently matching nothing would report everything as new.
  @Test func aBaselineMatchingNothingIsAWarning() throws {
    let baseline = Self.temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    _ = CapturedRun([
      "scan", "--write-baseline", baseline, "--format", "json", SampleLocator.sample("sdks/FMDB.framework"),
    ])
    let run = CapturedRun(["scan", "--baseline", baseline, "--fail-on", "never", noManifest])
    #expect(
      run.error.contains("sdkvet: warning: \(baseline): none of its 1 findings matches this scan"), "\(run.error)")
  }

  private static func findingCount(_ json: String) throws -> Int {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let summary = try #require(document["summary"] as? [String: Any])
    return try #require(summary["findings"] as? Int)
  }
}
