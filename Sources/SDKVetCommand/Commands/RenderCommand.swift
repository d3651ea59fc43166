import AuditReports
import BinaryImage
import Foundation
import JSONDocuments

/// `sdkvet render REPORT.json`: a report saved by `scan --format json` in another format, as the
/// scan that wrote it would have written it, without scanning again.
enum RenderCommand: Subcommand {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render a saved JSON report in another format (html, markdown, sarif, text, github, json).",
    arguments: "<report.json>",
    requiresArguments: true,
    options: [
      ReportRendering.formatOption,
      ReportRendering.outputOption,
      ReportRendering.noColorOption,
      ReportRendering.evidenceOption,
    ],
    discussion: """
      <report.json> is a report written by 'scan --format json' (or --write-baseline). Each
      format is rendered from it exactly as the scan would have rendered it: the same verdicts,
      findings, team review and problems, and the version of sdkvet that scanned. Scan once in
      CI, keep the JSON, and render HTML for a reviewer or SARIF for code scanning later.

      SARIF's SCANROOT is the working folder, as for scan: render from the folder the scan ran
      in for identical files.

      A report that is not one sdkvet wrote (another schema version, a rule or kind this sdkvet
      does not know, a verdict that disagrees with its codes) is refused with the JSON path at
      fault; render never guesses.

      EXIT STATUS: 0 every report written; 1 the saved report cannot be read or used, or an
      --output file cannot be written; 2 usage error. Findings do not fail render: gate on them
      with scan --fail-on.

      EXAMPLES:
        sdkvet scan --format json -o sdkvet.json Frameworks/
        sdkvet render sdkvet.json --format html -o sdkvet.html
        sdkvet render sdkvet.json --format sarif -o sdkvet.sarif --format markdown
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let inputs = arguments.positionals
    guard let input = inputs.first else { throw .missingArgument("<report.json>") }
    guard inputs.count == 1 else { throw .tooManyArguments(inputs[1]) }
    let destinations = try ReportRendering.destinations(arguments)
    guard
      let outputs = try context.planOutputs(
        destinations.compactMap { destination in destination.path.map { ("--output", $0) } }, scanning: [],
        reading: [input])
    else { return .failure }
    guard
      let saved = JSONDocumentOption.load(
        input, limit: ReadLimits.reportBytes, context: context, parse: SavedReport.init)
    else {
      context.leftUnwritten(outputs.destinations)
      return .failure
    }
    let rendering = try ReportRendering(arguments, toolVersion: saved.toolVersion, context: context)
    rendering.writeToStandardOutput(saved.report, destinations, context: context)
    return context.writeOutputs(outputs.destinations) { destination, file in
      if let format = ReportRendering.format(of: destination, in: destinations) {
        rendering.write(saved.report, as: format, to: file, isTerminal: false)
      }
    }
  }
}
