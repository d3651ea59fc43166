import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

import enum TargetDiscovery.TargetKind

/// `.serialized`: the validator tests share one venv, which the first run creates.
@Suite(.serialized) struct SARIFReporterTests {
  let report = SyntheticReport.report
  let reporter = SARIFReporter(toolVersion: SyntheticReport.toolVersion, informationURI: "https://sdkvet.example/docs")

  func run() throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(reporter.rendered(report).utf8))
    let log = try #require(object as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    try #require(runs.count == 1)
    return runs[0]
  }

  @Test func oneRulePerRuleIDInStableOrder() throws {
    let driver = try #require((try run()["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "sdkvet")
    #expect(driver["version"] as? String == SyntheticReport.toolVersion)
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == RuleID.allCases.map(\.rawValue))
    for rule in rules {
      let help = rule["help"] as? [String: Any]
      #expect((help?["text"] as? String)?.isEmpty == false)
      #expect((help?["markdown"] as? String)?.isEmpty == false)
      #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(level.flatMap(Severity.init(rawValue:)) != nil)
    }
  }

  /// `partialFingerprints` let a code-scanning service follow a finding across runs: distinct per
  /// result, unchanged by a reworded message, and the `FindingKey` fingerprint of the finding.
  @Test func everyResultCarriesAStableDistinctFingerprint() throws {
    func fingerprints(of report: AuditReport) throws -> [String] {
      let log = try JSONSerialization.jsonObject(with: Data(reporter.rendered(report).utf8)) as? [String: Any]
      let results = try #require((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
      return results.compactMap { ($0["partialFingerprints"] as? [String: Any])?["sdkvetFinding/v1"] as? String }
    }
    let original = try fingerprints(of: report)
    #expect(original.count == report.allFindings.count)
    #expect(Set(original).count == original.count)
    let first = try #require(report.targets.first)
    #expect(original.first == FindingKey(try #require(first.findings.first), target: first.path).fingerprint)
    let reworded = report.replacing(
      targets: report.targets.map { target in
        target.reviewed(
          findings: target.findings.map {
            Finding(
              rule: $0.rule, severity: $0.severity, subject: $0.subject, message: $0.message + " Reworded.",
              file: $0.file, evidence: $0.evidence, appStoreCode: $0.appStoreCode)
          }, teamReview: target.teamReview)
      })
    #expect(try fingerprints(of: reworded) == original)
  }

  @Test func everyTargetsPrivacyProfileRidesInTheRunProperties() throws {
    let properties = try #require(try run()["properties"] as? [String: Any])
    let profiles = try #require(properties["profiles"] as? [[String: Any]])
    #expect(profiles.map { $0["path"] as? String } == report.targets.map(\.path.description))
    for (profile, target) in zip(profiles, report.targets) {
      #expect(profile["usedCategories"] as? [String] == target.usedCategories)
      #expect(
        (profile["permissions"] as? [[String: Any]])?.map { $0["resource"] as? String }
          == target.permissions.map(\.resource))
      #expect(
        (profile["tracking"] as? [String: Any])?["readsAdvertisingIdentifier"] as? Bool
          == target.tracking.readsAdvertisingIdentifier)
    }
  }

  @Test func oneResultPerFindingPointingAtItsRule() throws {
    let results = try #require(try run()["results"] as? [[String: Any]])
    let findings = report.targets.flatMap(\.findings)
    try #require(results.count == findings.count)
    for (result, finding) in zip(results, findings) {
      #expect(result["ruleId"] as? String == finding.rule.rawValue)
      #expect((result["ruleIndex"] as? Int).map { RuleID.allCases[$0] } == finding.rule)
      #expect(result["level"] as? String == finding.severity.rawValue)
      #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
      #expect((result["relatedLocations"] as? [Any])?.count ?? 0 == finding.evidence.count)
    }
  }

  @Test func locationIsTheFileTheFindingIsAboutOrElseTheBinary() throws {
    let results = try #require(try run()["results"] as? [[String: Any]])
    let uris = results.map { result -> String? in
      let locations = result["locations"] as? [[String: Any]]
      let physical = locations?.first?["physicalLocation"] as? [String: Any]
      return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    let findings = report.targets.flatMap(\.findings)
    // undeclared-api-category in the app has no file: its evidence's binary is the location.
    let undeclared = try #require(findings.firstIndex { $0.rule == .undeclaredAPICategory })
    #expect(uris[undeclared] == SyntheticReport.appBinary.description)
    // Stats Kit's findings name its manifest, whose path has a space.
    let invalid = try #require(findings.firstIndex { $0.rule == .invalidReasonCode })
    #expect(uris[invalid] == "Samples/Vendor/Stats%20Kit.xcframework/ios-arm64/PrivacyInfo.xcprivacy")
  }

  @Test func pathsBecomePercentEncodedURIs() throws {
    let target = TargetReport(
      path: "/tmp/a b/Lib.framework", kind: .framework,
      findings: [
        Finding(rule: .unreadableBinary, severity: .error, subject: .target, message: "m", file: "/tmp/a b/Lib#1"),
        Finding(rule: .unreadableBinary, severity: .error, subject: .target, message: "m", file: "./Caf\u{E9}%.a"),
      ])
    let text = reporter.rendered(AuditReport(targets: [target]))
    #expect(text.contains("\"uri\": \"file:///tmp/a%20b/Lib%231\""))
    #expect(text.contains("\"uri\": \"Caf%C3%A9%25.a\""))
  }

  // MARK: Schema validation with Scripts/validate-sarif

  static let python3Available: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
  }()

  /// Runs the validator on `sarif` and returns its exit status and output.
  func validate(_ sarif: String) throws -> (status: Int32, output: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-sarif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("report.sarif")
    try Data(sarif.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [SampleLocator.packageRoot + "/Scripts/validate-sarif", file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test(.enabled(if: python3Available, "python3 is not installed: SARIF schema validation skipped"))
  func outputValidatesAgainstTheSARIFSchema() throws {
    let withRoot = SARIFReporter(
      toolVersion: SyntheticReport.toolVersion, informationURI: "https://sdkvet.example/docs",
      scanRoot: "/work/scan root")
    let archives = reporter.rendered(SyntheticArchiveReport.report)
    for sarif in [
      reporter.rendered(report), withRoot.rendered(report), reporter.rendered(AuditReport(targets: [])), archives,
    ] {
      let result = try validate(sarif)
      #expect(result.status == 0, "\(result.output)")
      #expect(result.output.contains("valid SARIF 2.1.0"))
    }
  }

  @Test(.enabled(if: python3Available, "python3 is not installed: SARIF schema validation skipped"))
  func validatorRejectsABrokenLog() throws {
    let broken = reporter.rendered(report).replacingOccurrences(
      of: "\"level\": \"warning\"", with: "\"level\": \"fatal\"")
    let result = try validate(broken)
    #expect(result.status == 1)
    #expect(result.output.contains("'fatal' is not one of"))
  }
}

/// Archive entries are artifacts nested in their archives, located by index.
@Suite struct SARIFArchiveArtifactTests {
  @Test func entriesPointAtTheirArchiveAndArchivesCarryTheirDigest() throws {
    let sarif = SARIFReporter(toolVersion: "1").rendered(SyntheticArchiveReport.report)
    let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let artifacts = try #require(run["artifacts"] as? [[String: Any]])
    func uri(_ artifact: [String: Any]) -> String? { (artifact["location"] as? [String: Any])?["uri"] as? String }
    let byURI = Dictionary(artifacts.enumerated().map { (uri($1) ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    let tarball = try #require(byURI["Downloads/vendor.tar.gz"])
    let nested = try #require(byURI["sdk/Stats.xcframework.zip"])
    let library = try #require(byURI["Stats.xcframework/ios-arm64/libStats.a"])
    #expect(artifacts[nested]["parentIndex"] as? Int == tarball)
    #expect(artifacts[library]["parentIndex"] as? Int == nested)
    #expect((artifacts[tarball]["hashes"] as? [String: String])?["sha-256"] == String(repeating: "cd", count: 32))
    let results = try #require(run["results"] as? [[String: Any]])
    let locations = results.compactMap { result -> [String: Any]? in
      let first = (result["locations"] as? [[String: Any]])?.first
      return (first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
    }
    #expect(locations.contains { $0["index"] as? Int == library && $0["uri"] as? String == uri(artifacts[library]) })
  }
}
