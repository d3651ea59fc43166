import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import Testing

import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// The JSON output read back with `JSONSerialization` and checked field by field against the
/// schema of issue 4 and against the report it was made from.
@Suite struct JSONReporterTests {
  let report = SyntheticReport.report

  func decoded() throws -> [String: Any] {
    let text = JSONReporter(toolVersion: SyntheticReport.toolVersion).rendered(report)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func topLevelFields() throws {
    let document = try decoded()
    #expect(document["schemaVersion"] as? Int == 1)
    let tool = try #require(document["tool"] as? [String: Any])
    #expect(tool["name"] as? String == "sdkvet")
    #expect(tool["version"] as? String == SyntheticReport.toolVersion)
    let targets = try #require(document["targets"] as? [[String: Any]])
    #expect(targets.map { $0["path"] as? String } == report.targets.map(\.path.description))
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["targets"] as? Int == 5)
    #expect(summary["errors"] as? Int == report.count(of: .error))
    #expect(summary["warnings"] as? Int == report.count(of: .warning))
    #expect(summary["notes"] as? Int == report.count(of: .note))
    let rules = try #require(summary["rules"] as? [String: Int])
    #expect(rules.values.reduce(0, +) == report.allFindings.count)
  }

  @Test(arguments: SyntheticReport.report.targets.indices)
  func targetFields(index: Int) throws {
    let model = report.targets[index]
    let targets = try #require(try decoded()["targets"] as? [[String: Any]])
    let target = targets[index]
    #expect(target["kind"] as? String == model.kind.rawValue)
    try expectStringOrNull(target, "privacyManifest", model.privacyManifest?.description)
    try expectStringOrNull(target, "embeddedIn", model.embeddedIn?.description)
    #expect(target["usedCategories"] as? [String] == model.usedCategories)
    #expect(target["declaredCategories"] as? [String] == model.declaredCategories)

    let binaries = try #require(target["binaries"] as? [[String: Any]])
    #expect(binaries.map { $0["path"] as? String } == model.binaries.map(\.path.description))
    #expect(binaries.map { $0["format"] as? String } == model.binaries.map(\.format.rawValue))
    #expect(binaries.map { $0["architectures"] as? [String] } == model.binaries.map(\.architectures))

    let uses = try #require(target["apiUses"] as? [[String: Any]])
    try #require(uses.count == model.apiUses.count)
    for (use, expected) in zip(uses, model.apiUses) {
      #expect(use["category"] as? String == expected.category)
      #expect(use["api"] as? String == expected.api)
      #expect(use["evidence"] == nil, "apiUses entries are flat")
      try expectEvidence(use, expected.evidence)
    }

    let findings = try #require(target["findings"] as? [[String: Any]])
    try #require(findings.count == model.findings.count)
    for (finding, expected) in zip(findings, model.findings) {
      #expect((finding["rule"] as? String).flatMap(RuleID.init(rawValue:)) == expected.rule)
      #expect((finding["severity"] as? String).flatMap(Severity.init(rawValue:)) == expected.severity)
      try expectStringOrNull(finding, "category", expected.category)
      try expectStringOrNull(finding, "file", expected.file?.description)
      #expect(finding["message"] as? String == expected.message)
      let evidence = try #require(finding["evidence"] as? [[String: Any]])
      try #require(evidence.count == expected.evidence.count)
      for (item, expectedItem) in zip(evidence, expected.evidence) {
        try expectEvidence(item, expectedItem)
      }
    }

    let permissions = try #require(target["permissions"] as? [[String: Any]])
    try #require(permissions.count == model.permissions.count)
    for (permission, expected) in zip(permissions, model.permissions) {
      #expect(permission["resource"] as? String == expected.resource)
      #expect(permission["infoPlistKeys"] as? [String] == expected.infoPlistKeys)
      try expectBool(permission, "requested", expected.requested)
      try expectStringOrNull(permission, "source", expected.source)
      #expect((permission["evidence"] as? [Any])?.count == expected.evidence.count)
    }

    let tracking = try #require(target["tracking"] as? [String: Any])
    try expectBool(tracking, "readsAdvertisingIdentifier", model.tracking.readsAdvertisingIdentifier)
    try expectBool(tracking, "requestsAuthorization", model.tracking.requestsAuthorization)
    #expect(tracking["trackingDomains"] as? [String] == model.tracking.trackingDomains)
    #expect(tracking["sources"] as? [String] == model.tracking.sources)
    if let declared = model.tracking.declaredTracking {
      try expectBool(tracking, "declaredTracking", declared)
    } else {
      #expect(tracking["declaredTracking"] is NSNull)
    }
  }

  @Test func trackingVerdictFollowsEvidenceAndManifest() throws {
    let targets = try #require(try decoded()["targets"] as? [[String: Any]])
    let verdicts = targets.map { ($0["tracking"] as? [String: Any])?["tracks"] as? Bool }
    // The app reads the advertising identifier; Stats Kit declares NSPrivacyTracking true.
    #expect(verdicts == [true, false, false, false, true])
  }

  @Test func controlCharactersAndQuotesRoundTrip() throws {
    let message = "quote \" backslash \\ tab \t newline \n bell \u{07} delete \u{7F} snowman ☃"
    let target = TargetReport(
      path: "odd", kind: .binary,
      findings: [Finding(rule: .unreadableBinary, severity: .error, subject: .target, message: message)])
    let text = JSONReporter(toolVersion: "1").rendered(AuditReport(targets: [target]))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    let findings = try #require(targets.first?["findings"] as? [[String: Any]])
    #expect(findings.first?["message"] as? String == message)
    #expect(!text.contains("\u{07}"))
  }

  private func expectEvidence(_ object: [String: Any], _ evidence: Evidence) throws {
    #expect(object["symbol"] as? String == evidence.symbol)
    #expect(object["via"] as? String == evidence.via.rawValue)
    #expect(object["binary"] as? String == evidence.binary.description)
    try expectStringOrNull(object, "architecture", evidence.architecture)
    try expectStringOrNull(object, "member", evidence.member)
    try expectStringOrNull(object, "library", evidence.library)
  }

  /// The key must be present: a string equal to `expected`, or JSON `null` when it is `nil`.
  private func expectStringOrNull(_ object: [String: Any], _ key: String, _ expected: String?) throws {
    let value = try #require(object[key], "\(key) is missing")
    if let expected {
      #expect(value as? String == expected, "\(key)")
    } else {
      #expect(value is NSNull, "\(key) should be null")
    }
  }

  private func expectBool(_ object: [String: Any], _ key: String, _ expected: Bool) throws {
    let value = try #require(object[key], "\(key) is missing")
    #expect(value as? Bool == expected, "\(key)")
  }

  /// The boolean fields decoded with `JSONDecoder`, which rejects a number where a Bool belongs.
  private struct BooleanFields: Decodable {
    struct Target: Decodable {
      struct Permission: Decodable { var requested: Bool }
      struct Tracking: Decodable {
        var tracks: Bool
        var readsAdvertisingIdentifier: Bool
        var requestsAuthorization: Bool
        var declaredTracking: Bool?
      }
      var permissions: [Permission]
      var tracking: Tracking
    }
    var targets: [Target]
  }

  @Test func booleansAreJSONBooleans() throws {
    let text = JSONReporter(toolVersion: SyntheticReport.toolVersion).rendered(report)
    let fields = try JSONDecoder().decode(BooleanFields.self, from: Data(text.utf8))
    #expect(
      fields.targets.map { $0.permissions.map(\.requested) } == report.targets.map { $0.permissions.map(\.requested) })
    #expect(fields.targets.map(\.tracking.declaredTracking) == report.targets.map(\.tracking.declaredTracking))
  }
}
