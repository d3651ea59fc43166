import AuditReports
import Foundation
import PrivacyAudit
import ScanEngine
import TargetDiscovery

/// `sdkvet scan`: the audit of apps and SDKs against Apple's privacy rules.
enum ScanCommand: Subcommand {
  /// The values of `--fail-on`: the lowest severity that fails the scan, or `never`.
  enum Gate: String, CaseIterable {
    case error, warning, note, never

    /// The severity at which the gate closes; `nil` for `never`.
    var severity: Severity? { Severity(rawValue: rawValue) }
  }

  static let spec = CommandSpec(
    name: "scan",
    abstract: "Audit apps and SDKs: required-reason APIs, privacy manifests, permissions and tracking.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: ReportFormat.allCases.map(\.rawValue),
        default: ReportFormat.text.rawValue, help: "Report format."),
      OptionSpec(
        "--output", short: "-o", value: "file", help: "Write the report to <file> instead of standard output."),
      OptionSpec(
        "--fail-on", value: "severity", allowed: Gate.allCases.map(\.rawValue), default: Gate.error.rawValue,
        help: "Exit 1 when a finding is at or above this severity."),
      OptionSpec(
        "--catalog", value: "file", repeatable: true,
        help: "Overlay catalog entries from a JSON file (see Docs/CATALOG.md); may be repeated."),
      OptionSpec("--no-color", help: "Never colour the text report (also: NO_COLOR set in the environment)."),
      OptionSpec(
        "--call-sites",
        help: "Name the functions that call each matched API (arm64 and x86_64 Mach-O code); 'not called' when none."),
    ],
    discussion: """
      A <path> may be a binary, a .framework, .xcframework, .bundle, .app, a .a/.dylib/.so/.o, or
      any folder: every app, SDK and library found under it is a target. Each target's binaries are
      matched against the catalog; its PrivacyInfo.xcprivacy and Info.plist are checked. Rules and
      their IDs: Docs/RULES.md. Formats: Docs/REPORT-FORMATS.md.

      EXIT STATUS: 0 no finding at or above --fail-on; 1 at least one (an unreadable binary is an
      error finding; a path that does not exist also counts), or a --catalog file that cannot be
      read or used, or an --output file that cannot be written; 2 usage error.

      EXAMPLES:
        sdkvet scan Vendor.xcframework
        sdkvet scan --format sarif --output sdkvet.sarif MyApp.app
        sdkvet scan --fail-on warning Frameworks/
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let format = try arguments.value("--format", as: ReportFormat.self)
    let gate = try arguments.value("--fail-on", as: Gate.self)
    guard let catalog = CatalogOption.load(arguments.allValues("--catalog"), context: context) else { return .failure }
    var outputFile: OutputFile?
    if let path = arguments.value("--output") {
      switch OutputFile.create(path) {
      case .success(let file): outputFile = file
      case .failure(let error):
        context.streams.error("sdkvet: error: \(error.description)")
        return .failure
      }
    }
    let progress = ProgressLine(
      enabled: context.streams.errorIsTerminal && context.environment["CI"] == nil, context: context)
    var pipeline = ScanPipeline(catalog: catalog)
    pipeline.findsCallSites = arguments.has("--call-sites")
    var result = pipeline.run(paths: arguments.positionals) { step in
      progress.update("reading \(step.completed)/\(step.total) \(step.path)")
    }
    progress.clear()
    for problem in result.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }

    let streams = outputFile.map { context.streams.writingOutput(to: $0.writer) } ?? context.streams
    let useColor =
      format == .text && streams.outputIsTerminal && !arguments.has("--no-color")
      && (context.environment["NO_COLOR"] ?? "").isEmpty
    let reporter = format.reporter(
      toolVersion: SDKVetVersion.current, useColor: useColor,
      scanRoot: FileManager.default.currentDirectoryPath)
    var output = OutputTextStream(streams: streams)
    result.report.updateCallers { caller in
      caller.readableName = Array(caller.function.utf8).withUnsafeBytes(SwiftDemangler.readable)
    }
    reporter.write(result.report, to: &output)
    if let failure = outputFile?.finish() {
      context.streams.error("sdkvet: error: \(failure.description)")
      return .failure
    }
    return exitStatus(for: result.report, gate: gate, hadProblems: !result.problems.isEmpty)
  }

  /// 1 when a finding reaches the gate (or an input path was unusable, unless the gate is `never`).
  static func exitStatus(for report: AuditReport, gate: Gate, hadProblems: Bool) -> ExitStatus {
    guard let severity = gate.severity else { return .success }
    if hadProblems { return .failure }
    return report.allFindings.contains { $0.severity >= severity } ? .failure : .success
  }
}
