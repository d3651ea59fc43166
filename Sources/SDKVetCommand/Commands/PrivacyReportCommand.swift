import AuditModel
import AuditReports
import PrivacyAudit
import ScanEngine
import TargetDiscovery

/// `sdkvet privacy-report`: every bundle's privacy declarations beside what its code can reach,
/// the app-wide collected data types App Store Connect asks for, and questions for vendors.
enum PrivacyReportCommand: Subcommand {
  static let spec = CommandSpec(
    name: "privacy-report",
    abstract:
      "The app's privacy picture: each bundle's declarations beside what its code reaches; the App Privacy draft.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: PrivacyReportFormat.allCases.map(\.rawValue),
        default: PrivacyReportFormat.text.rawValue,
        help:
          "Report format; html is one page that prints to PDF; app-privacy-json is fastlane's app_privacy_details.json."
      ),
      OptionSpec(
        "--output", short: "-o", value: "file", help: "Write the report to <file> instead of standard output."),
      CatalogOption.spec,
    ],
    discussion: """
      A <path> is an .ipa, .xcarchive, .app, or a folder of frameworks: it is scanned as `sdkvet
      scan` scans it. For every bundle found (the app, each framework, xcframework, resource
      bundle and library) the report lists what its privacy manifests declare (collected data
      types with linked, tracking and purposes; accessed-API categories with reasons;
      NSPrivacyTracking and tracking domains), its package and version when a dependency manager
      recorded them, the commonly used SDKs linked into its binaries, and beside that what its
      binaries show: required-reason categories used, permission-gated capabilities and the
      advertising identifier, hosts and tracking hosts. An Android .aar also lists the
      permissions its AndroidManifest.xml requests (not App Store data types: never in the union).
      Each commonly used SDK linked into another bundle's binary has a row of its own, its
      declarations and reach being its host's.

      Above the bundles: the app-wide union of the declared collected data types, one row per type,
      as App Store Connect's App Privacy asks for it; then a question for each capability a
      bundle's code can reach while none of its manifests declares the data type the catalog's
      collectedDataHints name for it (location without PreciseLocation or CoarseLocation, the
      advertising identifier without DeviceID or tracking). Reaching an API is not collecting
      data: a question is for the vendor, never a finding. Formats and fields:
      Docs/REPORT-FORMATS.md ("Privacy report").

      --format app-privacy-json writes only the union, in the JSON format fastlane's
      upload_app_privacy_details_to_app_store reads (fastlane/app_privacy_details.json), for a
      team to review before uploading; what that format cannot carry is named on standard error.

      EXIT STATUS: 0 the report was written; 1 a path does not exist or holds no target, a
      --catalog file cannot be used, or the output cannot be written; 2 usage error.

      EXAMPLES:
        sdkvet privacy-report MyApp.ipa
        sdkvet privacy-report --format markdown --output privacy.md MyApp.xcarchive
        sdkvet privacy-report --format html --output privacy.html MyApp.ipa
        sdkvet privacy-report --format app-privacy-json --output fastlane/app_privacy_details.json MyApp.app
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let format = try arguments.value("--format", as: PrivacyReportFormat.self)
    guard
      let outputs = try context.planOutputs(
        [("--output", arguments.value("--output"))], scanning: arguments.positionals,
        reading: arguments.allValues("--catalog"))
    else { return .failure }
    guard let catalog = CatalogOption.load(arguments.allValues("--catalog"), context: context) else { return .failure }
    let outcome = ScanPipeline(catalog: catalog, fileSystem: context.fileSystem).run(paths: arguments.positionals)
    for problem in outcome.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }
    guard !outcome.report.targets.isEmpty else {
      context.leftUnwritten(outputs.destinations)
      return .failure
    }
    let picture = PrivacyPicture(report: outcome.report, catalog: catalog)
    let (output, leftOut) = format.render(picture, toolVersion: SDKVetVersion.current)
    for sentence in leftOut { context.streams.error("sdkvet: warning: left out of the App Privacy draft: \(sentence)") }
    guard outcome.report.unusableInputs.isEmpty else {
      if outputs.destinations.isEmpty { context.streams.output(output) }
      context.leftUnwritten(outputs.destinations)
      return .failure
    }
    return context.write(output, to: outputs["--output"])
  }
}
