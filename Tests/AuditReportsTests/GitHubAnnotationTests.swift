import AuditModel
import AuditReports
import PrivacyAudit
import ScanFiles
import Testing

import struct TargetDiscovery.DiscoveryProblem

/// `--format github`: one workflow command per finding, every vendor string escaped so that
/// GitHub's runner reads exactly the commands sdkvet wrote.
@Suite struct GitHubAnnotationTests {
  @Test func dataEscapesPercentCarriageReturnAndLineFeed() {
    #expect(GitHubCommandEscaping.data("100% a\r\nb::c,d") == "100%25 a%0D%0Ab::c,d")
  }

  @Test func propertiesAlsoEscapeColonAndComma() {
    #expect(GitHubCommandEscaping.property("a%b\r\n:c,d") == "a%25b%0D%0A%3Ac%2Cd")
  }

  @Test func plainTextIsUnchanged() {
    #expect(GitHubCommandEscaping.property("Vendor.framework/Vendor") == "Vendor.framework/Vendor")
    #expect(GitHubCommandEscaping.data("déjà vu") == "déjà vu")
  }

  @Test func eachFindingIsOneCommandOfItsSeverity() {
    let output = GitHubAnnotationReporter().rendered(SyntheticReport.report)
    let lines = output.split(separator: "\n").map(String.init)
    let findings = SyntheticReport.report.targets.flatMap(\.findings)
    #expect(lines.count == findings.count + 1)
    for (line, finding) in zip(lines, findings) {
      let command = finding.severity == .note ? "notice" : finding.severity.rawValue
      #expect(line.hasPrefix("::\(command) file="), "\(line)")
      #expect(line.contains("title=\(finding.appStoreCode.map { $0.rawValue + " " } ?? "")\(finding.rule.rawValue)::"))
    }
    #expect(lines.last?.hasPrefix("::notice title=sdkvet::") == true)
  }

  /// A vendor's path and message that try to end the command early, start a line of their own
  /// (`::add-mask::`), or carry terminal controls.
  @Test func vendorStringsCannotEndTheCommandOrStartALine() throws {
    let tail = "x,title=forged::\r\n::add-mask::secret%0A\u{1B}[2J"
    let finding = Finding(
      rule: .undeclaredAPICategory, subject: .target, message: "m" + tail, file: ScanPath("F" + tail))
    let report = AuditReport(targets: [
      TargetReport(path: ScanPath("T" + tail), kind: .framework, binaries: [], findings: [finding])
    ])
    let output = GitHubAnnotationReporter().rendered(report)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines[2].isEmpty, "two lines, each ending in a line feed: \(output)")
    let first = String(lines[0])
    #expect(!first.contains("\r") && !first.contains("\u{1B}"))
    // The file property: TextEscaping's `\r\n` and `\x1b`, then `,` `:` `%` percent-escaped.
    #expect(first.hasPrefix(#"::error file=Fx%2Ctitle=forged%3A%3A\r\n%3A%3Aadd-mask%3A%3Asecret%250A\x1b[2J,title="#))
    // The message keeps `::` (only a line's start is a command) and escapes `%`.
    #expect(
      first.hasSuffix(
        #"::Tx,title=forged::\r\n::add-mask::secret%250A\x1b[2J: mx,title=forged::\r\n::add-mask::secret%250A\x1b[2J"#))
  }

  @Test func anUnusableInputIsAnErrorWithoutAFile() {
    let report = AuditReport(
      targets: [],
      problems: [
        DiscoveryProblem(
          path: ScanPath("Missing.framework"), message: "no such file or directory", isUnusableInput: true),
        DiscoveryProblem(path: ScanPath("Vendor.zip!"), message: "its name ends in \"!\"; not read"),
      ])
    let output = GitHubAnnotationReporter().rendered(report)
    #expect(output.hasPrefix("::error title=sdkvet::Missing.framework: no such file or directory\n"))
    #expect(output.contains("\n::warning title=sdkvet::Vendor.zip!: its name ends in \"!\"; not read\n"))
  }
}
