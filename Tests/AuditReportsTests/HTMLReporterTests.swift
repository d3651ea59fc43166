import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

/// The HTML report: markup in any field stays text, the matrix says declared / used / both, and
/// the page loads nothing from anywhere. (`Scripts/check-html-report` renders it in Chromium.)
@Suite struct HTMLReporterTests {
  /// Markup that would run a script or load an image if written raw, in text or in an attribute.
  static let markup = "\"'><script>window.pwned=1</script><img src=x onerror=alert(1)>&amp;"
  /// `markup` as `HTMLEscaping` writes it.
  static let escapedMarkup =
    "&quot;&#39;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;"

  @Test func markupInEveryFieldIsShownAsText() {
    let html = HTMLReporter(toolVersion: "1" + Self.markup).rendered(HostileTextTests.report(tail: Self.markup))
    for field in HostileTextTests.shownFields + ["1"] {
      #expect(html.contains(field + Self.escapedMarkup), "\(field) is missing or not escaped")
    }
    #expect(html.components(separatedBy: "<script").count == 2, "only the page's own script element")
    #expect(!html.contains("<img"))
    #expect(!html.contains("onerror=alert(1)>"))
  }

  @Test func controlCharactersAreMadeVisibleAsInTheTextReport() {
    let html = HTMLReporter(toolVersion: "1").rendered(HostileTextTests.report)
    #expect(HostileTextTests.rawControls(in: html).isEmpty)
    for field in HostileTextTests.shownFields {
      #expect(html.contains(field + HostileTextTests.escapedPayload), "\(field) is missing or not escaped")
    }
  }

  @Test func thePageMayLoadNothing() {
    let html = HTMLReporter(toolVersion: "1").rendered(SyntheticReport.report)
    #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none';"))
    for reference in ["src=", "href=\"http", "href=\"//", "url(", "@import"] {
      #expect(!html.contains(reference), "\(reference) would load something")
    }
  }

  /// The policy allows the page's script by its hash: an edit to the script must update the hash,
  /// or the browser runs nothing (`Scripts/check-html-report` sees that too, in Chromium).
  @Test(.enabled(if: ReferenceTools.onPath("python3") != nil, "python3 is not installed"))
  func thePolicyNamesTheScriptsHash() throws {
    let html = HTMLReporter(toolVersion: "1").rendered(SyntheticReport.report)
    let script = try #require(Self.cells(of: "<script>", in: html, closing: "</script>").first)
    let python = try #require(ReferenceTools.onPath("python3"))
    let digest = try ReferenceTools.output(
      of: python,
      [
        "-c",
        "import sys, hashlib, base64; print(base64.b64encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode())",
        script,
      ])
    #expect(html.contains("script-src 'sha256-\(digest.trimmingCharacters(in: .whitespacesAndNewlines))'"))
  }

  @Test func theMatrixShowsTheVerdictAndPlainWords() throws {
    let html = HTMLReporter(toolVersion: "1").rendered(SyntheticReport.report)
    // The tracking header spans both header rows, so it comes first in the source and last in a row.
    let headers = Self.cells(of: "data-column=\"", in: html, closing: "\"")
    let columns = headers.filter { $0 != "tracking" } + ["tracking"]
    let row = try #require(
      html.split(separator: "\n").first { $0.hasPrefix("<tr data-path=\"Samples/App/Demo.app\">") })
    let cells = Self.cells(of: "<td", in: String(row), closing: "</td>").map {
      String($0.split(separator: ">").last ?? "")
    }
    // App Store Connect, codes, manifest and signature come first, then one cell per column.
    #expect(cells.count == 4 + columns.count)
    #expect(Array(cells.prefix(4)) == ["will reject", "ITMS-91053", "yes", "unsigned"])
    var shown: [String: String] = [:]
    for (column, cell) in zip(columns, cells.dropFirst(4)) where !cell.isEmpty { shown[column] = cell }
    #expect(
      shown == [
        SyntheticReport.fileTimestamp: "declared, used", SyntheticReport.systemBootTime: "used, NOT declared",
        SyntheticReport.userDefaults: "declared, not used", "camera": "asks, no purpose string",
        "location-when-in-use": "API only",
        "microphone": "asks", "tracking": "used, NOT declared",
      ])
  }

  /// The texts between each `opening` and the next `closing` in `text`.
  private static func cells(of opening: String, in text: String, closing: String) -> [String] {
    text.components(separatedBy: opening).dropFirst().map { String($0.components(separatedBy: closing)[0]) }
  }
}
