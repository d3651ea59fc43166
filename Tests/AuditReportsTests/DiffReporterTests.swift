import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import Testing

/// `DiffReporter` over a diff whose every string holds the hostile payload of `HostileTextTests`
/// and a Markdown table's `|`: no format writes a control character raw, no Markdown row gains a
/// cell, and JSON keeps every string exactly.
@Suite struct DiffReporterTests {
  private static let tail = "|`" + HostileTextTests.payload
  private static let diff = ReportDiff(
    old: [TargetProfile(path: ScanPath("old/Evil\(tail).framework"), kind: "framework", items: [:])],
    new: [
      TargetProfile(
        path: ScanPath("new/Evil\(tail).framework"), kind: "framework",
        items: [.apis: [DiffItem(category: "Category\(tail)", value: "api\(tail)", symbols: ["symbol\(tail)"])]])
    ])

  private func rendered(_ format: DiffReporter.Format) -> String {
    var output = ""
    DiffReporter(format: format, toolVersion: "1.0").write(Self.diff, old: "old\(Self.tail)", new: "new", to: &output)
    return output
  }

  @Test func noFormatWritesAControlCharacterRaw() {
    for format in DiffReporter.Format.allCases {
      let output = rendered(format)
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, "\(format)")
      #expect(!output.contains("\r"), "\(format)")
    }
    #expect(
      rendered(.text).contains(
        "api|`" + HostileTextTests.escapedPayload + "; NOT declared in the new manifest  [symbol|`"))
  }

  @Test func markdownRowsKeepTheirFiveCells() {
    let rows = rendered(.markdown).split(separator: "\n").filter { $0.hasPrefix("| ➕") }
    #expect(rows.count == 1)
    // Cells are split at pipes that are not escaped.
    let cells = rows.first.map { $0.replacingOccurrences(of: "\\|", with: "").split(separator: "|") } ?? []
    #expect(cells.count == 5)
  }

  @Test func jsonKeepsEveryStringExactly() throws {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(rendered(.json).utf8)) as? [String: Any])
    #expect(document["old"] as? String == "old\(Self.tail)")
    let target = try #require((document["targets"] as? [[String: Any]])?.first)
    #expect(target["name"] as? String == "Evil\(Self.tail).framework")
    let change = try #require((target["changes"] as? [[String: Any]])?.first)
    #expect(change["category"] as? String == "Category\(Self.tail)")
    #expect(change["value"] as? String == "api\(Self.tail)")
    #expect(change["symbols"] as? [String] == ["symbol\(Self.tail)"])
  }
}
