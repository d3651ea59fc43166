import AuditReports
import Foundation
import PrivacyAudit
import ScanEngine
import TargetDiscovery

/// `sdkvet scan`: the audit of apps and SDKs against Apple's privacy rules.
enum ScanCommand: Subcommand {
  static let spec = CommandSpec(
    name: "scan",
    abstract: "Audit apps and SDKs: required-reason APIs, privacy manifests, permissions and tracking.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: ReportFormat.allCases.map(\.rawValue), default: "text",
        help: "Report format."),
      OptionSpec(
        "--output", short: "-o", value: "file", help: "Write the report to <file> instead of standard output."),
      OptionSpec(
        "--fail-on", value: "severity", allowed: ["error", "warning", "note", "never"], default: "error",
        help: "Exit 1 when a finding is at or above this severity."),
      OptionSpec(
        "--catalog", value: "file", repeatable: true,
        help: "Overlay catalog entries from a JSON file (see Docs/CATALOG.md); may be repeated."),
      OptionSpec("--no-color", help: "Never colour the text report (also: NO_COLOR set in the environment)."),
    ],
    discussion: """
      A <path> may be a binary, a .framework, .xcframework, .bundle, .app, a .a/.dylib/.so/.o, or
      any folder: every app, SDK and library found under it is a target. Each target's binaries are
      matched against the catalog; its PrivacyInfo.xcprivacy and Info.plist are checked. Rules and
      their IDs: Docs/RULES.md. Formats: Docs/REPORT-FORMATS.md.

      EXIT STATUS: 0 no finding at or above --fail-on; 1 at least one (an unreadable binary is an
      error finding; a path that does not exist also counts); 2 usage error, or an unreadable
      --catalog file or --output location.

      EXAMPLES:
        sdkvet scan Vendor.xcframework
        sdkvet scan --format sarif --output sdkvet.sarif MyApp.app
        sdkvet scan --fail-on warning Frameworks/
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let catalog = try CatalogOption.load(arguments.allValues("--catalog"))
    let format = ReportFormat(rawValue: arguments.value("--format") ?? "text") ?? .text
    let outputPath = arguments.value("--output")
    let progress = ProgressLine(
      enabled: context.streams.errorIsTerminal && context.environment["CI"] == nil, context: context)
    let result = ScanPipeline(catalog: catalog).run(paths: arguments.positionals) { step in
      progress.update("reading \(step.completed)/\(step.total) \(step.path)")
    }
    progress.clear()
    for problem in result.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }

    let useColor =
      format == .text && outputPath == nil && context.streams.outputIsTerminal && !arguments.has("--no-color")
      && (context.environment["NO_COLOR"] ?? "").isEmpty
    let reporter = format.reporter(
      toolVersion: SDKVetVersion.current, useColor: useColor,
      scanRoot: FileManager.default.currentDirectoryPath)
    if let outputPath {
      do {
        try Data(reporter.rendered(result.report).utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
      } catch {
        throw UsageError(description: "Cannot write '\(outputPath)': \(error.localizedDescription)")
      }
    } else {
      var output = OutputTextStream(streams: context.streams)
      reporter.write(result.report, to: &output)
    }
    return exitStatus(
      for: result.report, failOn: arguments.value("--fail-on") ?? "error", hadProblems: !result.problems.isEmpty)
  }

  /// 1 when a finding reaches the gate (or an input path was unusable, unless the gate is `never`).
  static func exitStatus(for report: AuditReport, failOn: String, hadProblems: Bool) -> ExitStatus {
    guard let gate = Severity(rawValue: failOn) else { return .success }
    if hadProblems { return .failure }
    return report.allFindings.contains { $0.severity >= gate } ? .failure : .success
  }
}
