import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import Testing

import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

/// Every string field of a report carries bytes a crafted binary or bundle could hold: a title
/// change (`ESC ] 0 ; … BEL`), a carriage return and line feed that start a forged diagnostic,
/// a C1 CSI and a bidirectional override. No format may write any of them raw, and every field
/// a format shows must still be there, escaped.
@Suite struct HostileTextTests {
  /// The hostile tail appended to each field's name.
  static let payload = "\u{1B}]0;pwned\u{07}\r\nsdkvet: error: forged\u{9B}2J\u{202E}"
  /// How `TextEscaping` shows the payload.
  static let escapedPayload = #"\x1b]0;pwned\x07\r\nsdkvet: error: forged\u009b2J\u202e"#

  static func hostile(_ field: String) -> String { field + payload }

  static let report = report(tail: payload)

  /// A report of one target whose every string field is its name followed by `tail`.
  static func report(tail: String) -> AuditReport {
    func hostile(_ field: String) -> String { field + tail }
    func hostilePath(_ field: String) -> ScanPath { ScanPath(hostile(field)) }
    let evidence = Evidence(
      symbol: hostile("symbol"), via: .import, binary: hostilePath("Evil.framework/binary"),
      architecture: hostile("arch"), member: hostile("member"), library: hostile("library"))
    return AuditReport(targets: [
      TargetReport(
        path: hostilePath("Evil.framework"), kind: .framework, embeddedIn: hostilePath("app"),
        binaries: [
          BinarySummary(path: hostilePath("Evil.framework/binary"), format: .machO, architectures: [hostile("arch")])
        ],
        privacyManifest: hostilePath("manifest"), usedCategories: [hostile("used")],
        declaredCategories: [hostile("declared")],
        apiUses: [APIUse(category: hostile("used"), api: hostile("api"), evidence: evidence)],
        permissions: [
          PermissionUse(
            resource: hostile("resource"), infoPlistKeys: [hostile("key")], evidence: [evidence], requested: true,
            source: hostile("source"))
        ],
        tracking: TrackingProfile(trackingDomains: [hostile("domain")], sources: [hostile("tracker")]),
        findings: [
          Finding(
            rule: .undeclaredAPICategory, severity: .error, subject: .category(hostile("category")),
            message: hostile("message"), file: hostilePath("file"), evidence: [evidence])
        ])
    ])
  }

  /// The fields the text and Markdown reports show (the JSON formats carry every field).
  static let shownFields = [
    "Evil.framework", "app", "binary", "arch", "manifest", "used", "declared", "symbol", "member", "library",
    "resource", "key", "source", "domain", "tracker", "category", "message", "file",
  ]

  /// Any byte or scalar that must never be written raw: C0 controls but the layout's line feeds,
  /// DEL, C1 controls and bidirectional controls.
  static func rawControls(in output: String) -> [Unicode.Scalar] {
    output.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: false
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }

  @Test(arguments: [ReportFormat.text, .markdown, .json, .sarif, .html, .github])
  func noControlCharacterIsWrittenRaw(format: ReportFormat) {
    let output = format.reporter(toolVersion: "1", useColor: false).rendered(Self.report)
    #expect(Self.rawControls(in: output).isEmpty)
    #expect(!output.split(separator: "\n").contains { $0.hasPrefix("sdkvet: error: forged") })
  }

  @Test func textShowsEveryFieldEscaped() {
    // The payload has spaces, so the text may wrap inside it: compare with whitespace collapsed.
    let text = Self.collapsingWhitespace(TextReporter(useColor: false).rendered(Self.report))
    for field in Self.shownFields {
      #expect(text.contains(field + Self.escapedPayload), "\(field) is missing or not escaped")
    }
  }

  private static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test func markdownShowsEveryFieldEscaped() {
    let markdown = MarkdownReporter(toolVersion: "1").rendered(Self.report)
    // Code spans show the escaped payload as it is; prose also backslash-escapes `\`, `]` and `:`.
    let prose = #"\\x1b\]0;pwned\\x07\\r\\nsdkvet\: error\: forged\\u009b2J\\u202e"#
    for field in Self.shownFields {
      #expect(
        markdown.contains(field + Self.escapedPayload) || markdown.contains(field + prose),
        "\(field) is missing or not escaped")
    }
  }

  @Test(arguments: [ReportFormat.json, .sarif])
  func jsonFormatsKeepTheExactStrings(format: ReportFormat) throws {
    let output = format.reporter(toolVersion: "1", useColor: false).rendered(Self.report)
    let document = try JSONSerialization.jsonObject(with: Data(output.utf8))
    var strings: [String] = []
    Self.collectStrings(document, into: &strings)
    #expect(strings.contains(Self.hostile("symbol")))
    // A SARIF message writes its brackets `\[` and `\]` (SARIF 2.1.0 §3.11.6).
    let message =
      format == .sarif ? Self.hostile("message").replacingOccurrences(of: "]", with: #"\]"#) : Self.hostile("message")
    #expect(strings.contains(message))
  }

  private static func collectStrings(_ value: Any, into strings: inout [String]) {
    if let string = value as? String {
      strings.append(string)
    } else if let array = value as? [Any] {
      for element in array { collectStrings(element, into: &strings) }
    } else if let object = value as? [String: Any] {
      for element in object.values { collectStrings(element, into: &strings) }
    }
  }
}
