package import AuditModel
import PrivacyAudit
import ScanFiles
import TargetDiscovery

/// Writes GitHub Actions annotations: one workflow command per finding
/// (`::error file=Vendor.framework/Vendor,title=ITMS-91053 required-reason-undeclared::…`), so
/// a pull request shows them beside the files and in the run's summary.
///
/// A finding's severity picks the command (`error`, `warning`, `notice` for a note), its file is
/// the one SARIF names (`Finding.primaryPath(in:)`), and its title the rule with the App Store
/// Connect code it predicts. A path that does not exist or holds no target is an `::error::`
/// without a file, and every other path the scan refused a `::warning::`. The last line is a `::notice::` with the report's counts.
///
/// Every string from a scanned file (paths, messages) is first escaped as the text report
/// escapes it (`TextEscaping`: no control or bidirectional character reaches the log), then by
/// GitHub's command rules (`GitHubCommandEscaping`), so no vendor string can end a command,
/// start a line, or be read as another command.
package struct GitHubAnnotationReporter: Reporter {
  /// Creates the reporter; annotations carry no tool version.
  package init() {}

  /// Writes one line per finding and unusable input, then the summary notice.
  package func write(_ report: AuditReport, to output: inout some TextOutputStream) {
    // What was not read is never left to standard error: an unusable input fails the run, any
    // other refused path leaves its contents unaudited.
    for problem in report.problems {
      output.write(
        Self.command(
          problem.isUnusableInput ? "error" : "warning", properties: [("title", "sdkvet")],
          message: "\(problem.path): \(problem.message)"))
    }
    for target in report.targets {
      for finding in target.findings {
        let code = finding.appStoreCode.map { "\($0.rawValue) " } ?? ""
        output.write(
          Self.command(
            Self.command(for: finding.severity),
            properties: [
              ("file", finding.primaryPath(in: target).description), ("title", code + finding.rule.rawValue),
            ],
            message: "\(target.path): \(finding.message)"))
      }
    }
    output.write(Self.command("notice", properties: [("title", "sdkvet")], message: report.summaryLine))
  }

  /// The workflow command a severity is reported as.
  static func command(for severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "notice"
    }
  }

  /// `::name key=value,key=value::message` and a newline, every value and the message escaped.
  static func command(_ name: String, properties: [(String, String)], message: String) -> String {
    let list = properties.map { key, value in key + "=" + GitHubCommandEscaping.property(TextEscaping.escaped(value)) }
    return "::\(name) \(list.joined(separator: ","))::\(GitHubCommandEscaping.data(TextEscaping.escaped(message)))\n"
  }
}
