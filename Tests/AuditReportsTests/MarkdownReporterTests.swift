import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import ScanFiles
import Testing

import struct PrivacyCatalog.CatalogMatch
import enum TargetDiscovery.TargetKind

@Suite struct MarkdownReporterTests {
  /// A finding whose symbol, member and message carry `|` and backticks.
  static let awkward = AuditReport(targets: [
    TargetReport(
      path: "pipe|dir/Lib.framework", kind: .framework,
      findings: [
        Finding(
          rule: .unusedAPIDeclaration, severity: .warning, subject: .target,
          message: "a | b `c` *d* [e](f) <g>",
          evidence: [
            Evidence(
              symbol: "`tick``s|x", via: .import, binary: "b|in", architecture: "arm64", member: "m`|", library: nil)
          ])
      ])
  ])

  let markdown = MarkdownReporter(toolVersion: "1").rendered(awkward)

  /// Cells of a table row, split only at unescaped pipes (as GitHub's table parser does).
  static func cells(_ row: Substring) -> [String] {
    var cells: [String] = []
    var current = ""
    var previous: Character?
    for character in row {
      if character == "|" && previous != "\\" {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    cells.append(current)
    return Array(cells.dropFirst().dropLast()).map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func evidenceRowKeepsItsFourCells() throws {
    let row = try #require(markdown.split(separator: "\n").first { $0.contains("tick") })
    let cells = Self.cells(row)
    #expect(cells.count == 4)
    // Longest backtick run inside is 2, so the fence is 3; a leading backtick needs a space.
    #expect(cells.first == "``` `tick``s\\|x ```")
    #expect(cells[2].contains("(m`\\|)"), "the member is in the location: \(cells[2])")
  }

  @Test func fullEvidenceKeepsItsSixCells() throws {
    let full = MarkdownReporter(toolVersion: "1", evidence: .full).rendered(Self.awkward)
    let row = try #require(full.split(separator: "\n").first { $0.contains("tick") })
    let cells = Self.cells(row)
    #expect(cells.count == 6)
    #expect(cells[4] == "``m`\\|``")
  }

  @Test func summaryRowEscapesPipeInPath() throws {
    let row = try #require(markdown.split(separator: "\n").first { $0.contains("pipe") && $0.hasPrefix("| ") })
    #expect(Self.cells(row) == ["`pipe\\|dir/Lib.framework`", "framework", "will accept", "0", "1", "0"])
  }

  @Test func messageFormattingIsLiteral() {
    #expect(markdown.contains("a \\| b \\`c\\` \\*d\\* \\[e\\](f) \\<g\\>"))
  }

  @Test func headingCodeSpanKeepsPipeUnescaped() {
    #expect(markdown.contains("## `pipe|dir/Lib.framework`"))
  }
}

/// The Markdown report is posted as a pull-request comment (issue 25): it stays under GitHub's
/// 65,536 characters, and with a baseline it shows only what is new.
@Suite struct MarkdownCommentLimitTests {
  /// 2,000 copies of the synthetic targets, far past the limit.
  static let large = AuditReport(
    targets: (0..<400).flatMap { index in
      SyntheticReport.report.targets.map { target in
        TargetReport(
          path: ScanPath("Module\(index)/" + target.path.description), kind: target.kind, binaries: target.binaries,
          apiUses: target.apiUses, permissions: target.permissions, findings: target.findings)
      }
    })

  @Test func aLargeReportIsCutWithANoteUnderTheLimit() {
    let markdown = MarkdownReporter(toolVersion: "1").rendered(Self.large)
    #expect(markdown.count < 65_536)
    #expect(markdown.contains("*The report is cut here to stay within a pull-request comment's 65,536 characters:"))
    #expect(!markdown.contains("](http"), "the note carries no link")
  }

  @Test func withABaselineOnlyTargetsWithFindingsLeftAreShown() {
    let targets = SyntheticReport.report.targets.enumerated().map { index, target in
      index == 0 ? target : target.reviewed(findings: [], teamReview: target.teamReview)
    }
    let report = SyntheticReport.report.replacing(
      targets: targets, baseline: AppliedBaseline(path: "sdkvet-baseline.json", leftOut: 12))
    let markdown = MarkdownReporter(toolVersion: "1").rendered(report)
    #expect(
      markdown.contains(
        "Only what is new since the baseline `sdkvet-baseline.json` is shown: 12 findings it holds are left out."))
    #expect(markdown.contains(SyntheticReport.app.description))
    #expect(!markdown.contains("## `\(SyntheticReport.statsKit)`"), "a target without new findings has no section")
    #expect(markdown.contains("| `\(SyntheticReport.statsKit)` | xcframework |"), "but its verdict is in the table")
  }
}
