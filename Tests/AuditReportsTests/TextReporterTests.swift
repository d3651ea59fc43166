import AuditModel
import AuditReports
import PrivacyAudit
import ScanFiles
import Testing

import enum TargetDiscovery.TargetKind

@Suite struct TextReporterTests {
  let report = SyntheticReport.report

  @Test func noEscapeBytesWithoutColor() {
    let text = TextReporter(useColor: false).rendered(report)
    #expect(!text.utf8.contains(0x1B))
  }

  @Test func escapeBytesWithColor() {
    let text = TextReporter(useColor: true).rendered(report)
    #expect(text.contains("\u{1B}[1;31merror"))
    #expect(text.contains("\u{1B}[0m"))
  }

  @Test func colorChangesOnlyEscapes() {
    let plain = TextReporter(useColor: false).rendered(report)
    let colored = TextReporter(useColor: true).rendered(report)
    #expect(Self.strippingEscapes(colored) == plain)
  }

  @Test func endsWithSummaryLine() {
    let lines = TextReporter(useColor: false).rendered(report).split(separator: "\n")
    #expect(lines.last == "5 targets, 5 errors, 5 warnings, 1 note")
  }

  @Test func fitsOneHundredColumns() {
    let text = TextReporter(useColor: false).rendered(report)
    let long = text.split(separator: "\n").filter { $0.count > 100 }
    #expect(long.isEmpty, "lines over 100 columns: \(long)")
  }

  @Test func longMessageWrapsAtWordBoundaries() {
    let words = Array(repeating: "abcdefghi", count: 30).joined(separator: " ")
    let target = TargetReport(
      path: "lib.a", kind: .staticLibrary,
      findings: [Finding(rule: .unreadableBinary, severity: .error, subject: .target, message: words)])
    let lines = TextReporter(useColor: false).rendered(AuditReport(targets: [target])).split(separator: "\n")
    let messageLines = lines.filter { $0.contains("abcdefghi") }
    // 89 columns after the 11-column indent hold 9 ten-character words: 30 words need 4 lines.
    #expect(messageLines.count == 4)
    #expect(messageLines.allSatisfy { $0.count <= 100 && $0.hasPrefix(String(repeating: " ", count: 11) + "abc") })
    #expect(messageLines.joined(separator: " ").split(separator: " ").joined(separator: " ") == words)
  }

  @Test func profileMarksUndeclaredAndUnusedCategories() {
    let text = TextReporter(useColor: false).rendered(AuditReport(targets: [SyntheticReport.appTarget]))
    #expect(text.contains("SystemBootTime  used, NOT DECLARED"))
    #expect(text.contains("UserDefaults    declared, NOT USED"))
    #expect(text.contains("(from Frameworks/AudioKit.framework)") || text.contains("(from\n"))
  }

  private static func strippingEscapes(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if scalar == "m" { inEscape = false }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
