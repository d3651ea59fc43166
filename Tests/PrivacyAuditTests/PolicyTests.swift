import AuditModel
import Foundation
import JSONDocuments
import PrivacyAudit
import ScanFiles
import Testing

import struct BinaryImage.LinkedLibrary
import struct PrivacyCatalog.Catalog
import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// The team policy: deny lists add findings, allow entries silence them until they expire (then
/// warn), severities are overridden, and a malformed file names the file and key path.
@Suite struct PolicyTests {
  static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"

  static let statfs = Evidence(
    symbol: "_statfs", via: .import, binary: "Kit.framework/Kit", architecture: "arm64", member: nil, library: nil)
  static let camera = Evidence(
    symbol: "requestAccessForMediaType:completionHandler:", via: .selector, binary: "Kit.framework/Kit",
    architecture: "arm64", member: nil, library: nil)

  static let report = AuditReport(targets: [
    TargetReport(
      path: "Vendor/Kit.framework", kind: .framework, usedCategories: [diskSpace],
      apiUses: [APIUse(category: diskSpace, api: "statfs", evidence: statfs)],
      permissions: [
        PermissionUse(
          resource: "camera", infoPlistKeys: ["NSCameraUsageDescription"], evidence: [camera], requested: true)
      ],
      tracking: TrackingProfile(readsAdvertisingIdentifier: true),
      findings: [
        Finding(
          rule: .missingPrivacyManifest, severity: .error, subject: .target, message: "No manifest.", evidence: [statfs]
        ),
        Finding(
          rule: .requiresPurposeString, severity: .note, subject: .resource("camera"), message: "Camera.",
          evidence: [camera]),
      ]),
    TargetReport(path: "Vendor/Other.framework", kind: .framework),
  ])

  static func policy(_ json: String) throws -> Policy {
    try Policy(json: Data(json.utf8), origin: "policy.json")
  }

  static func rules(_ report: AuditReport, _ index: Int = 0) -> [String] {
    report.targets[index].findings.map { "\($0.rule.rawValue):\($0.severity.rawValue)" }
  }

  @Test func denyListsAddPolicyFindingsWithEvidence() throws {
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpace"], "permissions": ["camera"], "tracking": true}]}"#)
    let outcome = policy.applied(to: Self.report, today: "2026-01-01")
    let findings = outcome.report.targets[0].findings
    #expect(findings.first { $0.rule == .policyDeniedCategory }?.evidence == [Self.statfs])
    #expect(findings.first { $0.rule == .policyDeniedCategory }?.category == Self.diskSpace)
    #expect(findings.first { $0.rule == .policyDeniedPermission }?.evidence == [Self.camera])
    #expect(findings.contains { $0.rule == .policyDeniedTracking && $0.severity == .error })
    #expect(outcome.report.targets[1].findings.isEmpty, "Other uses nothing denied")
  }

  @Test func aDenyEntryForANamedSDKLeavesTheOthersAlone() throws {
    for selector in ["Kit", "Kit.framework", "Vendor/Kit.framework"] {
      let policy = try Self.policy(#"{"schemaVersion": 1, "deny": [{"targets": ["\#(selector)"], "tracking": true}]}"#)
      #expect(
        policy.applied(to: Self.report, today: "2026-01-01").report.allFindings.contains {
          $0.rule == .policyDeniedTracking
        })
    }
    let other = try Self.policy(#"{"schemaVersion": 1, "deny": [{"targets": ["Other"], "tracking": true}]}"#)
    #expect(
      !other.applied(to: Self.report, today: "2026-01-01").report.allFindings.contains {
        $0.rule == .policyDeniedTracking
      })
  }

  @Test func anAllowEntrySilencesUntilItExpiresThenWarns() throws {
    let json = #"""
      {"schemaVersion": 1, "allow": [
        {"target": "Kit", "rule": "missing-privacy-manifest", "reason": "vendor fix in 2.0", "expires": "2026-06-30"}]}
      """#
    let policy = try Self.policy(json)
    let before = policy.applied(to: Self.report, today: "2026-06-30")
    #expect(Self.rules(before.report) == ["requires-purpose-string:note"])
    #expect(before.silenced == 1)
    let after = policy.applied(to: Self.report, today: "2026-07-01")
    #expect(
      Self.rules(after.report) == [
        "missing-privacy-manifest:error", "policy-allow-expired:warning", "requires-purpose-string:note",
      ])
    #expect(
      after.report.allFindings.first { $0.rule == .policyAllowExpired }?.message.contains("vendor fix in 2.0") == true)
    #expect(after.silenced == 0)
  }

  @Test func anAllowEntryWithACategorySilencesOnlyThatCategory() throws {
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "requires-purpose-string", "category": "microphone", "reason": "r"}]}"#
    )
    #expect(policy.applied(to: Self.report, today: "2026-01-01").silenced == 0)
  }

  @Test func severitiesAreOverriddenOrTurnedOff() throws {
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "severities": {"requires-purpose-string": "error", "missing-privacy-manifest": "off"}}"#)
    let outcome = policy.applied(to: Self.report, today: "2026-01-01")
    #expect(Self.rules(outcome.report) == ["requires-purpose-string:error"])
    #expect(outcome.silenced == 1)
  }

  static let malformed: [(json: String, error: String)] = [
    (#"{"schemaVersion": 1, "denied": []}"#, "$.denied: unknown key (allowed: allow, deny, schemaVersion, severities)"),
    (#"{"schemaVersion": 2}"#, "$.schemaVersion: schema version 2 is not supported (this sdkvet reads 1)"),
    (#"{"deny": []}"#, "$: required key 'schemaVersion' is missing"),
    (
      #"{"schemaVersion": 1, "deny": [{"categories": "DiskSpace"}]}"#,
      "$.deny[0].categories: expected an array of strings"
    ),
    (#"{"schemaVersion": 1, "deny": [{"categories": [7]}]}"#, "$.deny[0].categories[0]: expected a string"),
    (#"{"schemaVersion": 1, "deny": [{"tracking": "yes"}]}"#, "$.deny[0].tracking: expected true or false"),
    (
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "missing-privacy-manifest"}]}"#,
      "$.allow[0]: required key 'reason' is missing"
    ),
    (
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "missing-privacy-manifest", "reason": " "}]}"#,
      "$.allow[0].reason: must say why"
    ),
    (
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "no-such-rule", "reason": "r"}]}"#,
      "$.allow[0].rule: unknown rule 'no-such-rule' (Docs/RULES.md)"
    ),
    (
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "missing-privacy-manifest", "reason": "r", "expires": "30.06.2026"}]}"#,
      "$.allow[0].expires: expected a date written YYYY-MM-DD"
    ),
    (
      #"{"schemaVersion": 1, "severities": {"unused-api-declaration": "fatal"}}"#,
      "$.severities.unused-api-declaration: expected error, warning, note or off"
    ),
    ("[1]", "$: expected an object"),
    ("{", "$: not valid JSON: unexpected end of the document (line 1, byte 1)"),
  ]

  @Test(arguments: malformed)
  func aMalformedPolicyNamesTheFileAndKeyPath(_ example: (json: String, error: String)) {
    let error = #expect(throws: JSONDocumentError.self) { try Self.policy(example.json) }
    #expect(error?.description == "policy.json: " + example.error)
  }

  /// Values are checked against the catalog: a mistyped one would never match, so the deny would
  /// never fire; the error names the nearest known name (issue 25).
  @Test(arguments: [
    (
      #"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpaec"]}]}"#,
      "$.deny[0].categories[0]: unknown category 'DiskSpaec' (did you mean DiskSpace?)"
    ),
    (
      #"{"schemaVersion": 1, "deny": [{"categories": ["FileTimestamp", "NSPrivacyAccessedAPICategoryUserDefualts"]}]}"#,
      "$.deny[0].categories[1]: unknown category 'UserDefualts' (did you mean UserDefaults?)"
    ),
    (
      #"{"schemaVersion": 1, "deny": [{"permissions": ["camra"]}]}"#,
      "$.deny[0].permissions[0]: unknown permission 'camra' (did you mean camera?)"
    ),
    (
      #"{"schemaVersion": 1, "allow": [{"target": "Kit", "rule": "missing-privacy-manifest", "category": "DiskSpace", "reason": "r"}]}"#,
      "$.allow[0].category: write the category as findings carry it: NSPrivacyAccessedAPICategoryDiskSpace"
    ),
  ])
  func unknownValuesAreErrorsThatSuggestTheNearestName(_ example: (json: String, error: String)) throws {
    let catalog = try Catalog.builtIn()
    let policy = try Self.policy(example.json)
    let error = #expect(throws: JSONDocumentError.self) { try policy.check(against: catalog, origin: "policy.json") }
    #expect(error?.description.hasPrefix("policy.json: " + example.error) == true, "\(String(describing: error))")
  }

  @Test func knownValuesPassTheCheck() throws {
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpace"], "permissions": ["camera"]}], "allow": [{"target": "Kit", "rule": "requires-purpose-string", "category": "camera", "reason": "r"}]}"#
    )
    try policy.check(against: try Catalog.builtIn(), origin: "policy.json")
  }

  /// An allow entry that leaves out nothing is reported, so a mistyped target or a fixed finding
  /// does not linger unnoticed.
  @Test func allowEntriesThatMatchNothingAreListed() throws {
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "allow": [{"target": "Kti", "rule": "missing-privacy-manifest", "reason": "r"}, {"target": "Kit", "rule": "missing-privacy-manifest", "reason": "r"}]}"#
    )
    let outcome = policy.applied(to: Self.report, today: "2026-01-01")
    #expect(outcome.silenced == 1)
    #expect(outcome.unusedAllowEntries == [0])
  }

  /// A deny target naming no scanned target is listed with the nearest name; a denied library
  /// nobody links is listed only when it is one slip from a linked one.
  @Test func denyValuesThatMatchNothingAreListed() throws {
    let report = AuditReport(targets: [
      TargetReport(
        path: "Vendor/Kit.framework", kind: .framework,
        binaries: [
          BinarySummary(
            path: "Vendor/Kit.framework/Kit", format: .machO, architectures: ["arm64"],
            linkedLibraries: [LinkedLibrary(name: "/System/Library/Frameworks/AdSupport.framework/AdSupport")])
        ])
    ])
    let policy = try Self.policy(
      #"{"schemaVersion": 1, "deny": [{"targets": ["Sentri", "Kit", "Zzzzzz"]}, {"linkedLibraries": ["AdSuport", "AdSupport", "Sentry"]}]}"#
    )
    let unmatched = policy.applied(to: report, today: "2026-01-01").unmatchedDenyValues.map {
      "\($0.path) \($0.value) \($0.kind.rawValue) \($0.suggestion ?? "-")"
    }
    #expect(
      unmatched == [
        "$.deny[0].targets[0] Sentri target -", "$.deny[0].targets[2] Zzzzzz target -",
        "$.deny[1].linkedLibraries[0] AdSuport library AdSupport",
      ])
  }
}
