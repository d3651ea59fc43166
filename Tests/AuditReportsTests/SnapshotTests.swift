import AuditModel
import AuditReports
import PrivacyAudit
import ScanFiles
import Testing

/// Golden-file tests: every format of the synthetic report, byte for byte.
@Suite struct SnapshotTests {
  static let fileExtension: [ReportFormat: String] = [
    .text: "txt", .json: "json", .sarif: "sarif", .markdown: "md", .html: "html",
  ]

  @Test func textWithoutColor() {
    assertSnapshot(TextReporter(useColor: false).rendered(SyntheticReport.report), named: "report.txt")
  }

  @Test func textWithColor() {
    assertSnapshot(TextReporter(useColor: true).rendered(SyntheticReport.report), named: "report-color.txt")
  }

  @Test func json() {
    assertSnapshot(
      JSONReporter(toolVersion: SyntheticReport.toolVersion).rendered(SyntheticReport.report), named: "report.json")
  }

  @Test func sarif() {
    let reporter = SARIFReporter(
      toolVersion: SyntheticReport.toolVersion, informationURI: "https://sdkvet.example/docs",
      scanRoot: "/work/scan root")
    assertSnapshot(reporter.rendered(SyntheticReport.report), named: "report.sarif")
  }

  @Test func markdown() {
    assertSnapshot(
      MarkdownReporter(toolVersion: SyntheticReport.toolVersion).rendered(SyntheticReport.report), named: "report.md")
  }

  @Test func archivesInEveryFormat() {
    for format in ReportFormat.allCases {
      let output = format.reporter(toolVersion: SyntheticReport.toolVersion, useColor: false).rendered(
        SyntheticArchiveReport.report)
      assertSnapshot(output, named: "archives." + Self.fileExtension[format, default: format.rawValue])
    }
  }

  @Test func html() {
    assertSnapshot(
      HTMLReporter(toolVersion: SyntheticReport.toolVersion).rendered(SyntheticReport.report), named: "report.html")
  }

  @Test func emptyReportInEveryFormat() {
    let empty = AuditReport(targets: [])
    for format in ReportFormat.allCases {
      let output = format.reporter(toolVersion: SyntheticReport.toolVersion, useColor: false).rendered(empty)
      assertSnapshot(output, named: "empty." + Self.fileExtension[format, default: format.rawValue])
    }
  }
}
