import AuditModel
import AuditReports
import BinaryImage
import Foundation
import PrivacyAudit
import ScanEngine
import ScanFiles
import TargetDiscovery

/// `sdkvet manifest`: drafts the `PrivacyInfo.xcprivacy` a target needs, or checks that its
/// manifest lacks nothing its binaries show.
enum ManifestCommand: Subcommand {
  static let spec = CommandSpec(
    name: "manifest",
    abstract: "Draft the PrivacyInfo.xcprivacy a target needs, or check that its manifest lacks nothing.",
    arguments: "<target>",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--output", short: "-o", value: "file", help: "Write the draft to <file> instead of standard output."),
      OptionSpec("--check", help: "Write no draft: list what the target's manifest lacks, and exit 1 if anything."),
      OptionSpec(
        "--call-sites",
        help: "Name, beside each drafted category, the functions that call its APIs (arm64 and x86_64 Mach-O code)."),
      CatalogOption.spec,
    ],
    discussion: """
      <target> is one app, framework, xcframework, bundle or library, as `sdkvet scan` finds it. The
      draft is the target's manifest with every declaration kept and what is missing added: each
      required-reason category its binaries use, with an EMPTY NSPrivacyAccessedAPITypeReasons and,
      in a comment beside it, the approved reasons this kind of target (app or SDK) may declare.
      sdkvet never picks a reason: read each candidate and list the ones that describe the use.
      Each category entry names, in comments, the symbols that need it (at most 8, "and N more")
      and, with --call-sites, the functions that call them: the code to read when picking reasons.
      NSPrivacyTracking follows the tracking evidence. Tracking domains are left for you to list:
      the hosts the binaries name are proposed inside NSPrivacyTrackingDomains, commented out,
      for you to uncomment those this code tracks through. For an xcframework, a comment names
      the slices whose binaries use a category: each needs its own copy of the manifest. A
      misspelt key (NSPrivacyAccesedAPITypes) is renamed to the key Apple reads.

      EXIT STATUS: 0 the draft was written (with --check: nothing is missing); 1 something is
      missing (--check), the target cannot be found or read, a --catalog file cannot be used, or
      the output cannot be written; 2 usage error.

      EXAMPLES:
        sdkvet manifest Vendor.framework
        sdkvet manifest --output Vendor-PrivacyInfo.xcprivacy Vendor.framework
        sdkvet manifest --check MyApp.app
        sdkvet manifest --call-sites Vendor.xcframework
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    if arguments.has("--check") && arguments.value("--output") != nil {
      throw UsageError.conflicting("--check", "--output")
    }
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError.tooManyArguments(arguments.positionals.dropFirst().first ?? "")
    }
    guard
      let outputs = try context.planOutputs(
        [("--output", arguments.value("--output"))], scanning: [path], reading: arguments.allValues("--catalog"))
    else { return .failure }
    guard let catalog = CatalogOption.load(arguments.allValues("--catalog"), context: context) else { return .failure }
    var pipeline = ScanPipeline(catalog: catalog, fileSystem: context.fileSystem)
    pipeline.findsCallSites = arguments.has("--call-sites")
    let outcome = pipeline.run(paths: [path])
    for problem in outcome.problems { context.streams.error("sdkvet: \(problem.path): \(problem.message)") }
    let report = outcome.report
    let asked = ScanPath(path)  // trailing slashes dropped
    guard let target = report.targets.first(where: { $0.path == asked }) ?? report.targets.first
    else {
      context.streams.error("sdkvet: error: \(path): no app, SDK or library found")
      return .failure
    }
    if target.path != asked, report.targets.count > 1 {
      context.streams.error("sdkvet: \(path) holds \(report.targets.count) targets; this is for \(target.path)")
    }
    var existing: Data?
    if let manifest = target.privacyManifest {
      switch pipeline.fileSystem.document(at: manifest) {  // also inside an archive
      case .success(let data): existing = data
      case .failure(let error):
        context.streams.error("sdkvet: error: " + error.rendered(path: manifest.description))
        return .failure
      }
    }
    let draft = ManifestDraft(report: target, existing: existing, catalog: catalog)
    if arguments.has("--check") {
      let verdict =
        draft.missing.isEmpty
        ? ["\(target.path): the manifest lacks nothing."] : draft.missing.map { "\(target.path): \($0)" }
      context.streams.output(verdict.map(TextEscaping.escaped).joined(separator: "\n") + "\n")
      return draft.missing.isEmpty ? .success : .failure
    }
    return context.write(ManifestDraftWriter.xml(draft), to: outputs["--output"])
  }
}
