import AuditModel
import AuditReports
import Foundation
import PrivacyAudit

/// How `scan` and `render` write an audit report in each format they are asked for: the options
/// that shape a report (`--evidence`, `--no-color`), the version it names, and the guard on
/// workflow commands, the same for both, so a saved report renders as its scan did.
struct ReportRendering {
  /// `--format`, repeatable, paired with `--output`.
  static let formatOption = OptionSpec(
    "--format", value: "format", allowed: ReportFormat.allCases.map(\.rawValue),
    default: ReportFormat.text.rawValue, repeatable: true,
    help: "Report format; repeat it with --output for several formats at once.")
  /// `--output`, repeatable: the Nth gets the Nth `--format`.
  static let outputOption = OptionSpec(
    "--output", short: "-o", value: "file", repeatable: true,
    help: "Write the report to <file> instead of standard output; the Nth --output gets the Nth --format.")
  /// `--no-color`.
  static let noColorOption = OptionSpec(
    "--no-color", help: "Never colour the text report (also: NO_COLOR set in the environment).")
  /// `--evidence`.
  static let evidenceOption = OptionSpec(
    "--evidence", value: "detail", allowed: EvidenceDetail.allCases.map(\.rawValue),
    default: EvidenceDetail.collapsed.rawValue,
    help:
      "Evidence in text, Markdown and HTML: one row per symbol saying where it occurs, or one per location (full). JSON and SARIF hold every location."
  )

  /// The version of sdkvet the reports name.
  let toolVersion: String
  /// `--evidence`.
  let evidence: EvidenceDetail
  /// Colour is allowed on a terminal: neither `--no-color` nor `NO_COLOR`.
  let allowsColor: Bool

  /// The rendering the arguments ask for.
  init(_ arguments: ParsedArguments, toolVersion: String, context: CommandContext) throws(UsageError) {
    self.toolVersion = toolVersion
    evidence = try arguments.value("--evidence", as: EvidenceDetail.self)
    allowsColor = !arguments.has("--no-color") && (context.environment["NO_COLOR"] ?? "").isEmpty
  }

  /// The `--format`/`--output` pairs of the arguments.
  static func destinations(_ arguments: ParsedArguments) throws(UsageError) -> [ReportDestination] {
    try ReportDestination.pairs(
      formats: arguments.allValues("--format").compactMap(ReportFormat.init(rawValue:)),
      outputs: arguments.allValues("--output"))
  }

  /// Writes `report` in `format` into `streams`; colour only for text on a terminal. Only
  /// `--format github` writes workflow commands of its own: every other output is guarded.
  func write(_ report: AuditReport, as format: ReportFormat, to streams: OutputStreams, isTerminal: Bool) {
    var output = OutputTextStream(streams: format == .github ? streams.allowingWorkflowCommands() : streams)
    format.reporter(
      toolVersion: toolVersion, useColor: format == .text && isTerminal && allowsColor,
      scanRoot: FileManager.default.currentDirectoryPath, evidence: evidence
    ).write(report, to: &output)
  }

  /// Writes `report` to each destination that is standard output.
  func writeToStandardOutput(_ report: AuditReport, _ destinations: [ReportDestination], context: CommandContext) {
    for destination in destinations where destination.path == nil {
      write(report, as: destination.format, to: context.streams, isTerminal: context.streams.outputIsTerminal)
    }
  }

  /// The format paired with the file of `destination` (each `--output` is a file of its own:
  /// `OutputPlan` refuses one named twice).
  static func format(of destination: OutputDestination, in destinations: [ReportDestination]) -> ReportFormat? {
    destinations.first { $0.path == destination.path }?.format
  }
}
