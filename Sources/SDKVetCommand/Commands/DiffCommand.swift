import AuditModel
import AuditReports
import BinaryImage
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery

/// `sdkvet diff OLD NEW`: what a new version of an SDK (or a folder of them) does that the old
/// one did not, and what it no longer does.
enum DiffCommand: Subcommand {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compare two versions: required-reason APIs, permissions, tracking, manifest, SDKs, links, signer.",
    arguments: "<old> <new>",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: DiffReporter.Format.allCases.map(\.rawValue),
        default: DiffReporter.Format.text.rawValue, help: "Report format (markdown: for a pull-request comment)."),
      OptionSpec(
        "--output", short: "-o", value: "file", help: "Write the report to <file> instead of standard output."),
      OptionSpec(
        "--fail-on", value: "severity", allowed: ScanCommand.Gate.allCases.map(\.rawValue),
        default: ScanCommand.Gate.error.rawValue, help: "Exit 1 when an addition is at or above this severity."),
      OptionSpec(
        "--platform", value: "platform", allowed: PlatformFamily.allCases.map(\.rawValue),
        help: "Compare only what is built for this platform (ios: device and simulator slices)."),
      CatalogOption.spec,
    ],
    discussion: """
      <old> and <new> are each anything scan takes (a binary, a framework, an xcframework, an
      app, an archive, a folder), or a .json report saved earlier with 'scan --format json'.
      Targets are matched by bundle identifier (CFBundleIdentifier) first, so an SDK renamed
      between versions is still matched, then by name (the last path component). For each
      target it lists what was added and removed: its name (when renamed), required-reason
      categories and APIs (with their symbols), permissions, tracking and tracking domains,
      declared categories and the reasons declared for each, commonly used SDKs, an xcframework's
      slices (a slice new or gone is one line with its counts), binaries that became unreadable
      or went missing, architectures, platforms and rpaths (per xcframework slice), linked
      libraries and frameworks (per platform, across the slices), the package version and an
      xcframework's signer. A category or API names the slices it is in and whether the new
      version's manifest declares its category.

      --platform ios|maccatalyst|macos|tvos|visionos|watchos compares only the xcframework
      slices of that platform (ios: device and simulator) and the targets built for it.

      Added categories, permissions, tracking, tracking domains and a changed signer are errors;
      added APIs of a category already used, added SDKs, binaries that became unreadable, added
      linked libraries or frameworks and slices gone are warnings; the rest, and every other
      removal, are notes (Docs/CLI.md, diff).

      EXIT STATUS: 0 nothing added (or a slice gone) at or above --fail-on; 1 something was, or
      an input could not be read, or the output could not be written; 2 usage error.

      EXAMPLES:
        sdkvet diff Vendor-1.0.xcframework Vendor-2.0.xcframework
        sdkvet diff --format markdown old-report.json Frameworks/
        sdkvet diff --platform ios Vendor-1.0.xcframework Vendor-2.0.xcframework
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let inputs = arguments.positionals
    guard inputs.count >= 2 else { throw .missingArgument("<new>") }
    guard inputs.count == 2 else { throw .tooManyArguments(inputs[2]) }
    let format = try arguments.value("--format", as: DiffReporter.Format.self)
    let gate = try arguments.value("--fail-on", as: ScanCommand.Gate.self)
    let platform =
      arguments.value("--platform") == nil ? nil : try arguments.value("--platform", as: PlatformFamily.self)
    guard
      let outputs = try context.planOutputs(
        [("--output", arguments.value("--output"))], scanning: inputs,
        reading: inputs + arguments.allValues("--catalog"))
    else { return .failure }
    guard let catalog = CatalogOption.load(arguments.allValues("--catalog"), context: context) else { return .failure }
    guard let old = profiles(inputs[0], version: .old, catalog: catalog, context: context),
      let new = profiles(inputs[1], version: .new, catalog: catalog, context: context)
    else {
      context.leftUnwritten(outputs.destinations)
      return .failure
    }
    let restricted = { (profiles: [TargetProfile]) in
      platform.map { platform in profiles.compactMap { $0.restricted(to: platform) } } ?? profiles
    }
    let diff = ReportDiff(
      old: restricted(old.profiles), new: restricted(new.profiles), problems: old.problems + new.problems)
    let reporter = DiffReporter(format: format, toolVersion: SDKVetVersion.current)
    if outputs.destinations.isEmpty {
      var output = OutputTextStream(streams: context.streams)
      reporter.write(diff, old: inputs[0], new: inputs[1], to: &output)
    }
    let written = context.writeOutputs(outputs.destinations) { _, streams in
      var output = OutputTextStream(streams: streams)
      reporter.write(diff, old: inputs[0], new: inputs[1], to: &output)
    }
    guard written == .success else { return .failure }
    guard let severity = gate.severity else { return .success }
    return diff.hasGatedChange(atLeast: severity) ? .failure : .success
  }

  /// The target profiles of one input (a saved JSON report read back, or a scan) and the
  /// problems its scan met, which the diff lists. Returns `nil` after reporting on standard error
  /// an input that cannot be used at all: a report that cannot be read, a path that does not
  /// exist or holds no target.
  private static func profiles(
    _ input: String, version: ReportDiff.Problem.Version, catalog: Catalog, context: CommandContext
  ) -> (profiles: [TargetProfile], problems: [ReportDiff.Problem])? {
    let report: AuditReport
    if input.hasSuffix(".json"), context.fileSystem.isRegularFile(ScanPath(input)) {
      guard
        let saved = JSONDocumentOption.load(
          input, limit: ReadLimits.reportBytes, context: context, parse: SavedReport.init)
      else { return nil }
      report = saved.report
    } else {
      let result = ScanPipeline(catalog: catalog, fileSystem: context.fileSystem).run(paths: [input])
      for problem in result.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }
      guard result.report.unusableInputs.isEmpty else { return nil }
      report = result.report
    }
    return (
      report.targets.map(TargetProfile.init),
      report.problems.map { ReportDiff.Problem(version: version, path: $0.path.description, message: $0.message) }
    )
  }
}
