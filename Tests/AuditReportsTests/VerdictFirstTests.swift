import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import Testing

import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// Issue 25: each target opens with its verdict (App Store Connect, what the host app adds,
/// what it reaches, who it comes from), and evidence repeated per slice and architecture is one
/// row per symbol saying where, unless `--evidence full` asks for every location.
@Suite struct VerdictFirstTests {
  static let slices = ["ios-arm64", "ios-arm64_x86_64-simulator", "macos-arm64_x86_64", "tvos-arm64"]

  /// An xcframework of four slices, each with two architectures, that reads user defaults
  /// and names one host in every slice, with no manifest.
  static func xcframework(findings extra: [Finding] = []) -> TargetReport {
    let root: ScanPath = "Vendor.xcframework"
    let binaries = slices.map { root.appending("\($0)/Vendor.framework/Vendor") }
    let evidence = binaries.flatMap { binary in
      ["arm64", "x86_64"].map {
        Evidence(
          symbol: "_OBJC_CLASS_$_NSUserDefaults", via: .import, binary: binary, architecture: $0, member: nil,
          library: nil)
      }
    }
    return TargetReport(
      path: root, kind: .xcframework,
      binaries: binaries.map { BinarySummary(path: $0, format: .machO, architectures: ["arm64", "x86_64"]) },
      usedCategories: ["NSPrivacyAccessedAPICategoryUserDefaults"],
      findings: [
        Finding(
          rule: .missingPrivacyManifest, severity: .error, subject: .target, message: "Uses UserDefaults.",
          evidence: evidence)
      ] + extra, hosts: binaries.map { HostUse(host: "api.vendor.example", binary: $0) })
  }

  static func text(_ target: TargetReport, evidence: EvidenceDetail = .collapsed) -> [String] {
    TextReporter(useColor: false, evidence: evidence).rendered(AuditReport(targets: [target]))
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func theVerdictComesRightAfterTheHeading() {
    let lines = Self.text(Self.xcframework())
    #expect(lines[0] == "Vendor.xcframework  (xcframework)")
    #expect(lines[1] == "  App Store will reject: ITMS-91053 (missing-privacy-manifest)")
    #expect(lines[2].hasPrefix("  host app  manifest categories UserDefaults, which the SDK does not declare"))
    #expect(lines[3] == "  reaches   UserDefaults; no tracking; 1 host: api.vendor.example")
    #expect(lines[4] == "  from      no dependency manager's record; unsigned")
  }

  @Test func aTargetWithoutErrorsIsAcceptedAndAnUnreadableOneCannotBeJudged() {
    let clean = TargetReport(
      path: "Clean.framework", kind: .framework,
      findings: [Finding(rule: .purposeStringStyle, severity: .warning, subject: .target, message: "m")])
    #expect(Self.text(clean)[1] == "  App Store will accept; 1 warning to review")
    let unreadable = TargetReport(
      path: "Broken.framework", kind: .framework,
      findings: [Finding(rule: .unreadableBinary, severity: .error, subject: .target, message: "m")])
    #expect(Self.text(unreadable)[1].hasPrefix("  App Store cannot tell: a binary could not be read"))
  }

  /// A manifest that could not be read leaves what it declares unknown: no view says a used
  /// category is "not declared", nor that the SDK sets no NSPrivacyTracking.
  @Test func anUnreadManifestDeclaresNothingMissing() throws {
    let target = TargetReport(
      path: "Vendor.framework", kind: .framework, usedCategories: ["NSPrivacyAccessedAPICategoryUserDefaults"],
      findings: [Finding(rule: .unreadablePrivacyManifest, severity: .error, subject: .target, message: "m")])
    let text = Self.text(target)
    #expect(text[1].hasPrefix("  App Store cannot tell: a privacy manifest could not be read"), "\(text[1])")
    #expect(!text.contains { $0.contains("which the SDK does not declare") || $0.contains("NOT DECLARED") }, "\(text)")
    #expect(text.contains { $0.contains("UserDefaults") && $0.contains("used, declaration not known") }, "\(text)")
    #expect(text.contains { $0.contains("NSPrivacyTracking not known") }, "\(text)")
    let report = AuditReport(targets: [target])
    let markdown = MarkdownReporter(toolVersion: "1").rendered(report)
    #expect(markdown.contains("| not known | yes |"), "\(markdown)")
    let html = HTMLReporter(toolVersion: "1").rendered(report)
    #expect(html.contains("used, declaration not known") && !html.contains("NOT declared"))
  }

  @Test func oneSymbolInEverySliceIsOneRow() {
    let collapsed = Self.text(Self.xcframework()).filter { $0.contains("_OBJC_CLASS_$_NSUserDefaults") }
    #expect(collapsed.count == 1)
    #expect(collapsed.first?.contains("in 4 slices, 8 architectures") == true)
    let full = Self.text(Self.xcframework(), evidence: .full).filter { $0.contains("_OBJC_CLASS_$_NSUserDefaults") }
    #expect(full.count == 8)
  }

  @Test func aHostInEverySliceIsOneLine() {
    let hosts = Self.text(Self.xcframework()).filter { $0.contains("api.vendor.example (in") }
    #expect(hosts == ["    hosts        api.vendor.example (in 4 slices)"])
  }

  @Test func markdownAndHTMLOpenWithTheVerdict() throws {
    let report = AuditReport(targets: [Self.xcframework()])
    let markdown = MarkdownReporter(toolVersion: "1").rendered(report)
    let section = try #require(markdown.components(separatedBy: "## `Vendor.xcframework`").last)
    #expect(section.hasPrefix("\n\n- **App Store Connect:** will reject: ITMS-91053 (`missing-privacy-manifest`)"))
    #expect(markdown.contains("| `_OBJC_CLASS_$_NSUserDefaults` | import | `in 4 slices, 8 architectures` | — |"))
    let html = HTMLReporter(toolVersion: "1").rendered(report)
    #expect(html.contains("<dl class=\"verdict reject\"><dt>App Store Connect</dt><dd>will reject: ITMS-91053"))
  }

  /// Evidence in every architecture of a binary that has several names them once, as `[all]`.
  @Test func evidenceInEveryArchitectureSaysAll() {
    let whole = Self.xcframework()
    let finding = whole.findings[0]
    let target = whole.reviewed(
      findings: [
        Finding(
          rule: finding.rule, severity: finding.severity, subject: finding.subject, message: finding.message,
          file: finding.file, evidence: finding.evidence.filter { $0.binary.description.contains("/ios-arm64/") },
          appStoreCode: finding.appStoreCode)
      ], teamReview: whole.teamReview)
    let rows = Self.text(target).filter { $0.contains("_OBJC_CLASS_$_NSUserDefaults") }
    #expect(rows.first?.hasSuffix("ios-arm64/Vendor.framework/Vendor[all]") == true, "\(rows)")
  }
}
