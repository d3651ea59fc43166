import AuditReports
import PrivacyCatalog

/// `sdkvet catalog`: prints what sdkvet looks for.
enum CatalogCommand: Subcommand {
  /// The output formats of `sdkvet catalog`.
  enum Format: String, CaseIterable {
    case markdown, json
  }

  static let spec = CommandSpec(
    name: "catalog",
    abstract: "Print the catalog: required-reason APIs with their binary spellings, reason codes, protected resources.",
    arguments: nil,
    requiresArguments: false,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: Format.allCases.map(\.rawValue), default: Format.markdown.rawValue,
        help: "Output format."),
      CatalogOption.spec,
    ],
    discussion: """
      The JSON form is the catalog file format itself: save it, edit it, and pass it back with
      --catalog to add an API or a spelling before sdkvet ships it.

      EXIT STATUS: 0 printed; 1 a --catalog file could not be read or is not a valid catalog, or
      the output could not be written; 2 usage error.
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    if let extra = arguments.positionals.first { throw UsageError(description: "Unexpected argument '\(extra)'") }
    let format = try arguments.value("--format", as: Format.self)
    guard let catalog = CatalogOption.load(arguments.allValues("--catalog"), context: context) else { return .failure }
    var output = OutputTextStream(streams: context.streams)
    switch format {
    case .json: CatalogJSON.write(catalog, to: &output)
    case .markdown: CatalogMarkdown.write(catalog, to: &output)
    }
    return .success
  }
}
