import AuditReports
import BinaryImage

/// `sdkvet symbols`: the symbol tables of binaries, one row per symbol.
enum SymbolsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "symbols",
    abstract: "List the symbols of ELF and Mach-O binaries, archives and folders of them.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec("--undefined", help: "Only imports: undefined symbols, dyld binds and chained-fixup imports."),
      OptionSpec("--defined", help: "Only symbols the binary defines."),
      OptionSpec("--selectors", help: "Also list the Objective-C selectors the code references (binding 'selector')."),
      OptionSpec(
        "--call-sites",
        help: "Under each import (and selector), the functions that call it, or 'not called' (text and json)."),
      OptionSpec(
        "--format", value: "format", allowed: SymbolListing.Format.allCases.map(\.rawValue),
        default: SymbolListing.Format.text.rawValue, help: "Output format."),
    ],
    discussion: """
      A <path> may be a file or a folder; folders are walked and files that are not binaries are
      skipped. The tsv format is a stable contract (Docs/CLI.md): a header line, then
      file, arch, member, symbol, version, library, binding separated by tabs. In text and tsv,
      control characters and backslashes in names are escaped (\\t, \\n, \\\\, \\xNN; Docs/CLI.md).

      EXIT STATUS: 0 every input was read; 1 an input (or an archive member or slice) could not be
      read, with the rows of everything else still printed, or the output could not be written;
      2 usage error.

      EXAMPLES:
        sdkvet symbols --undefined Vendor.framework
        sdkvet symbols --format tsv --selectors libVendor.a > symbols.tsv
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    if arguments.has("--undefined") && arguments.has("--defined") { throw .conflicting("--undefined", "--defined") }
    let listing = SymbolListing(
      format: try arguments.value("--format", as: SymbolListing.Format.self),
      includeUndefined: !arguments.has("--defined"),
      includeDefined: !arguments.has("--undefined"),
      includeSelectors: arguments.has("--selectors"))
    return listing.document.write(
      arguments.positionals, options: listing.readOptions, findsCallSites: arguments.has("--call-sites"),
      context: context, render: { listing.render($0) })
  }
}
