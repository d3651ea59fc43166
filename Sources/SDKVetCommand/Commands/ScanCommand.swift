import AuditModel
import AuditReports
import BinaryImage
import CodeSigning
import Foundation
import JSONDocuments
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
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
      ReportRendering.formatOption,
      ReportRendering.outputOption,
      OptionSpec(
        "--fail-on", value: "severity", allowed: Gate.allCases.map(\.rawValue), default: Gate.error.rawValue,
        help: "Exit 1 when a finding is at or above this severity."),
      CatalogOption.spec,
      ReportRendering.noColorOption,
      ReportRendering.evidenceOption,
      OptionSpec(
        "--call-sites",
        help: "Name the functions that call each matched API (arm64 and x86_64 Mach-O code); 'not called' when none."),
      OptionSpec(
        "--policy", value: "file",
        help:
          "Apply the team policy in <file> (Docs/POLICY.md); default: ./.sdkvet.json if present and the working folder is not inside a scanned path."
      ),
      OptionSpec(
        "--baseline", value: "file",
        help:
          "Report only findings not in <file>, an earlier JSON report (Docs/CLI.md, Baselines)."
      ),
      OptionSpec(
        "--write-baseline", value: "file",
        help: "Also write the whole report as JSON to <file>, for a later --baseline."),
    ],
    discussion: """
      A <path> may be a binary, a .framework, .xcframework, .bundle, .app, a .a/.dylib/.so/.o, or
      any folder: every app, SDK and library found under it is a target. Each target's binaries are
      matched against the catalog; its PrivacyInfo.xcprivacy and Info.plist are checked. Rules and
      their IDs: Docs/RULES.md. Formats: Docs/REPORT-FORMATS.md.

      A policy (--policy, or .sdkvet.json in the working folder when that folder is not inside a
      scanned path) adds policy-* findings for what
      it denies, leaves out findings it accepts for a named target until their expiry date, and
      changes rule severities (Docs/POLICY.md).

      With --baseline, findings already in the earlier report are left out of the report and of
      the exit status; standard error says how many. --write-baseline writes the whole report
      (before --baseline is applied), so the next run's baseline holds everything seen.

      One scan writes several reports when --format and --output come in pairs: the Nth
      --output gets the Nth --format, and a last --format without an --output goes to standard
      output ('--format sarif -o sdkvet.sarif --format github').

      EXIT STATUS: 0 no finding at or above --fail-on; 1 at least one (an unreadable binary is an
      error finding), or a path that does not exist or holds no target (whatever --fail-on says,
      even never), or a --catalog, --policy or --baseline file that cannot be read or used, or an
      --output or --write-baseline file that cannot be written; 2 usage error. With
      --write-baseline, findings do not fail the run: 0 once the baseline is written.

      EXAMPLES:
        sdkvet scan Vendor.xcframework
        sdkvet scan --format sarif --output sdkvet.sarif MyApp.app
        sdkvet scan --format json -o sdkvet.json --format html -o sdkvet.html MyApp.app
        sdkvet scan --fail-on warning Frameworks/
        sdkvet scan --write-baseline sdkvet-baseline.json Frameworks/
        sdkvet scan --baseline sdkvet-baseline.json Frameworks/
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let destinations = try ReportRendering.destinations(arguments)
    let rendering = try ReportRendering(arguments, toolVersion: SDKVetVersion.current, context: context)
    let gate = try arguments.value("--fail-on", as: Gate.self)
    let policyFile = arguments.value("--policy") ?? defaultPolicy(scanning: arguments.positionals, context: context)
    let baselineFile = arguments.value("--baseline")
    let catalogFiles = arguments.allValues("--catalog")
    guard
      let outputs = try context.planOutputs(
        [("--write-baseline", arguments.value("--write-baseline"))]
          + destinations.compactMap { destination in destination.path.map { ("--output", $0) } },
        scanning: arguments.positionals,
        reading: catalogFiles + [policyFile, baselineFile].compactMap { $0 },
        rewriting: baselineFile.map { ($0, "--write-baseline") })
    else { return .failure }
    // With no file to check against the catalog first, the built-in one is parsed while discovery
    // starts walking, and whether it loaded is asked once the scan is done.
    let loadsCatalogBesideTheWalk = catalogFiles.isEmpty && policyFile == nil
    var pipeline: ScanPipeline
    if loadsCatalogBesideTheWalk {
      pipeline = ScanPipeline(loadingCatalog: { (try? Catalog.builtIn()) ?? Catalog() }, fileSystem: context.fileSystem)
    } else {
      guard let catalog = CatalogOption.load(catalogFiles, context: context) else { return .failure }
      pipeline = ScanPipeline(catalog: catalog, fileSystem: context.fileSystem)
    }
    pipeline.findsCallSites = arguments.has("--call-sites")
    if let policyFile {
      pipeline.policy = JSONDocumentOption.load(policyFile, limit: ReadLimits.policyBytes, context: context) {
        [catalog = pipeline.catalog] data, origin throws(JSONDocumentError) in
        try PolicyDocument(json: data, path: origin, catalog: catalog)
      }
      if pipeline.policy == nil { return .failure }
    }
    if let baselineFile {
      pipeline.baseline = JSONDocumentOption.load(baselineFile, limit: ReadLimits.reportBytes, context: context) {
        data, origin throws(JSONDocumentError) in
        try BaselineDocument(jsonReport: data, path: origin, workingFolder: FileManager.default.currentDirectoryPath)
      }
      if pipeline.baseline == nil { return .failure }
    }
    let progress = ProgressLine(
      enabled: context.streams.errorIsTerminal && context.environment["CI"] == nil, context: context)
    let result = pipeline.run(paths: arguments.positionals) { step in
      progress.update("reading \(step.completed)/\(step.total) \(step.path)")
    }
    progress.clear()
    // The built-in catalog's failure to load beside the walk (a broken build) is reported here,
    // and nothing is written.
    if loadsCatalogBesideTheWalk, CatalogOption.load([], context: context) == nil { return .failure }
    for problem in result.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }
    if let policy = pipeline.policy, let effect = result.policyEffect { describe(effect, of: policy, context: context) }
    let report = result.report
    if let baseline = pipeline.baseline, let applied = report.baseline {
      describe(applied, of: baseline, in: report, context: context)
    }
    rendering.writeToStandardOutput(report, destinations, context: context)
    guard report.unusableInputs.isEmpty else {
      // The run failed: no file it would have written replaces one a user has.
      context.leftUnwritten(outputs.destinations)
      return .failure
    }
    let written = context.writeOutputs(outputs.destinations) { destination, file in
      if destination.option == "--write-baseline" {
        var output = OutputTextStream(streams: file)
        JSONReporter(toolVersion: SDKVetVersion.current).write(result.reportBeforeBaseline, to: &output)
      } else if let format = ReportRendering.format(of: destination, in: destinations) {
        rendering.write(report, as: format, to: file, isTerminal: false)
      }
    }
    guard written == .success else { return .failure }
    // A baseline is written to be committed: its findings are the point, not a failure.
    if outputs["--write-baseline"] != nil { return .success }
    return exitStatus(for: report, gate: gate, hadProblems: !result.problems.isEmpty)
  }

  /// `.sdkvet.json` in the working folder, unless that folder is inside a scanned path: a
  /// vendor could ship one that turns the rules off (`cd Vendor && sdkvet scan .`), so it is
  /// applied only when named with `--policy`.
  private static func defaultPolicy(scanning paths: [String], context: CommandContext) -> String? {
    let local = context.fileSystem
    guard (try? local.linkStatus(ScanPath(Policy.defaultFileName)).get()) != nil else { return nil }
    guard let workingFolder = try? local.resolvedPath(ScanPath(".")).get(),
      let root = paths.first(where: { path in
        (try? local.resolvedPath(ScanPath(path)).get()).map(workingFolder.starts(with:)) ?? false
      })
    else { return Policy.defaultFileName }
    context.streams.error(
      "sdkvet: \(Policy.defaultFileName) is inside the scanned path \(root) and was not applied: a scanned SDK could ship it; name it with --policy to apply it"
    )
    return nil
  }

  /// Says on standard error how many findings the policy left out, and warns of each allow entry
  /// and each deny target or library that matched nothing.
  private static func describe(_ effect: PolicyEffect, of policy: PolicyDocument, context: CommandContext) {
    let path = policy.record.path
    if effect.silenced > 0 {
      context.streams.error(
        "sdkvet: \(path): \(effect.silenced) findings accepted or turned off by the policy and not reported")
    }
    for index in effect.unusedAllowEntries {
      let entry = policy.policy.allow[index]
      context.streams.error(
        "sdkvet: warning: \(path): $.allow[\(index)] (\(entry.target), \(entry.rule.rawValue)) matches no finding of this scan; a mistyped target or rule, or a finding fixed since: remove it"
      )
    }
    for value in effect.unmatchedDenyValues {
      let what = value.kind == .target ? "no target of this scan" : "no library a scanned binary links"
      let hint = value.suggestion.map { " (did you mean \(TextEscaping.escaped($0))?)" } ?? ""
      context.streams.error(
        "sdkvet: warning: \(path): \(value.path) (\(TextEscaping.escaped(value.value))) matches \(what)\(hint); the deny entry never fires for it"
      )
    }
  }

  /// Says on standard error how many findings the baseline left out, and warns when it held
  /// findings but matched none of this scan's (likely written for other paths).
  private static func describe(
    _ applied: AppliedBaseline, of baseline: BaselineDocument, in report: AuditReport, context: CommandContext
  ) {
    let path = baseline.path
    context.streams.error(
      "sdkvet: \(path): \(applied.leftOut) of \(applied.leftOut + report.allFindings.count) findings are in the baseline and not reported"
    )
    if applied.leftOut == 0, baseline.baseline.count > 0, !report.allFindings.isEmpty {
      context.streams.error(
        "sdkvet: warning: \(path): none of its \(baseline.baseline.count) findings matches this scan; was it written for other paths, from another folder? (target paths are compared relative to the working folder)"
      )
    }
  }

  /// 1 when a finding reaches the gate (or an input path was unusable, unless the gate is `never`).
  static func exitStatus(for report: AuditReport, gate: Gate, hadProblems: Bool) -> ExitStatus {
    guard report.unusableInputs.isEmpty else { return .failure }
    guard let severity = gate.severity else { return .success }
    if hadProblems { return .failure }
    return report.allFindings.contains { $0.severity >= severity } ? .failure : .success
  }
}
