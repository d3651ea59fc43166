import AuditReports
import Foundation
import PrivacyAudit
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
          rule: .unusedAPIDeclaration, severity: .warning, category: nil,
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

  @Test func evidenceRowKeepsItsSixCells() throws {
    let row = try #require(markdown.split(separator: "\n").first { $0.contains("tick") })
    let cells = Self.cells(row)
    #expect(cells.count == 6)
    // Longest backtick run inside is 2, so the fence is 3; a leading backtick needs a space.
    #expect(cells.first == "``` `tick``s\\|x ```")
    #expect(cells[4] == "``m`\\|``")
  }

  @Test func summaryRowEscapesPipeInPath() throws {
    let row = try #require(markdown.split(separator: "\n").first { $0.contains("pipe") && $0.hasPrefix("| ") })
    #expect(Self.cells(row) == ["`pipe\\|dir/Lib.framework`", "framework", "0", "1", "0"])
  }

  @Test func messageFormattingIsLiteral() {
    #expect(markdown.contains("a \\| b \\`c\\` \\*d\\* \\[e\\](f) \\<g\\>"))
  }

  @Test func headingCodeSpanKeepsPipeUnescaped() {
    #expect(markdown.contains("## `pipe|dir/Lib.framework`"))
  }
}
