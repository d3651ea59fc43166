import AuditModel
import PrivacyAudit
import ScanFiles
import Testing

import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// What makes two findings "the same" across scans, for baselines and SARIF fingerprints.
@Suite struct FindingKeyTests {
  static func evidence(_ symbol: String, architecture: String = "arm64") -> Evidence {
    Evidence(
      symbol: symbol, via: .import, binary: "Kit.framework/Kit", architecture: architecture, member: nil, library: nil)
  }

  static func finding(
    _ rule: RuleID = .undeclaredAPICategory, category: String? = "NSPrivacyAccessedAPICategoryDiskSpace",
    message: String = "Kit uses DiskSpace.", symbols: [String] = ["_statfs"], architecture: String = "arm64",
    file: ScanPath? = nil
  ) -> Finding {
    Finding(
      rule: rule, severity: .error, subject: FindingSubject(kind: rule.subjectKind, name: category), message: message,
      file: file, evidence: symbols.map { evidence($0, architecture: architecture) })
  }

  static func report(_ findings: [Finding], target: String = "Kit.framework") -> AuditReport {
    AuditReport(targets: [TargetReport(path: ScanPath(target), kind: .framework, findings: findings)])
  }

  @Test func messageTextSymbolOrderAndArchitectureDoNotChangeTheKey() {
    let key = FindingKey(Self.finding(symbols: ["_statfs", "_getattrlist"]), target: "Kit.framework")
    let reworded = FindingKey(
      Self.finding(message: "Reworded.", symbols: ["_getattrlist", "_statfs", "_statfs"], architecture: "x86_64"),
      target: "Kit.framework")
    #expect(key == reworded)
    #expect(key.fingerprint == reworded.fingerprint)
  }

  @Test func ruleTargetCategoryFileAndSymbolsEachChangeTheKey() {
    let base = Self.finding()
    let key = FindingKey(base, target: "Kit.framework")
    let withFile = Self.finding(file: "Kit.framework/PrivacyInfo.xcprivacy")
    let others = [
      FindingKey(Self.finding(.missingPrivacyManifest), target: "Kit.framework"),
      FindingKey(base, target: "Other.framework"),
      FindingKey(Self.finding(category: "NSPrivacyAccessedAPICategoryFileTimestamp"), target: "Kit.framework"),
      FindingKey(Self.finding(category: nil), target: "Kit.framework"),
      FindingKey(withFile, target: "Kit.framework"),
      FindingKey(Self.finding(symbols: ["_statfs", "_fstatfs"]), target: "Kit.framework"),
    ]
    for other in others {
      #expect(other != key)
      #expect(other.fingerprint != key.fingerprint)
    }
  }

  @Test func fieldsDoNotRunTogether() {
    let one = FindingKey(rule: "a", target: "bc", category: nil, file: nil, symbols: [])
    let two = FindingKey(rule: "ab", target: "c", category: nil, file: nil, symbols: [])
    #expect(one.fingerprint != two.fingerprint)
    #expect(one.fingerprint.count == 16)
  }

  @Test func aBaselineFindingMatchesOnce() {
    let first = Self.finding(.invalidPrivacyManifest, category: nil, message: "Problem one.", symbols: [])
    let second = Self.finding(.invalidPrivacyManifest, category: nil, message: "Problem two.", symbols: [])
    let baseline = Baseline(report: Self.report([first]))
    let (filtered, matched) = baseline.filtering(Self.report([first, second]))
    #expect(matched == 1)
    #expect(filtered.allFindings == [second])
  }

  @Test func aNewSymbolForAnOldCategoryIsReportedAgain() {
    let baseline = Baseline(report: Self.report([Self.finding()]))
    let grown = Self.report([Self.finding(symbols: ["_statfs", "_fstatfs"])])
    #expect(baseline.filtering(grown).report.allFindings.count == 1)
    #expect(baseline.filtering(Self.report([Self.finding()])).report.allFindings.isEmpty)
  }
}
