import AuditReports
import PrivacyCatalog

/// `sdkvet catalog`: prints what sdkvet looks for.
enum CatalogCommand: Subcommand {
  static let spec = CommandSpec(
    name: "catalog",
    abstract: "Print the catalog: required-reason APIs with their binary spellings, reason codes, protected resources.",
    arguments: nil,
    requiresArguments: false,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: ["json", "markdown"], default: "markdown", help: "Output format."),
      OptionSpec(
        "--catalog", value: "file", repeatable: true,
        help: "Overlay catalog entries from a JSON file first (see Docs/CATALOG.md); may be repeated."),
    ],
    discussion: """
      The JSON form is the catalog file format itself: save it, edit it, and pass it back with
      --catalog to add an API or a spelling before sdkvet ships it.

      EXIT STATUS: 0 printed; 2 usage error or an unreadable --catalog file.
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    if let extra = arguments.positionals.first { throw UsageError(description: "Unexpected argument '\(extra)'") }
    let catalog = try CatalogOption.load(arguments.allValues("--catalog"))
    var output = OutputTextStream(streams: context.streams)
    if arguments.value("--format") == "json" {
      CatalogJSON.write(catalog, to: &output)
    } else {
      CatalogMarkdown.write(catalog, to: &output)
    }
    return .success
  }
}
