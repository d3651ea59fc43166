import BinaryImage
import Foundation

/// `sdkvet info`: a condensed `otool -l` of each binary.
enum InfoCommand: Subcommand {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Summarise binaries: type, slices, platform, linked libraries, rpaths, UUID, encryption, signature.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec("--format", value: "format", allowed: ["text", "json"], default: "text", help: "Output format.")
    ],
    discussion: """
      For each image (each slice of a universal file, each archive member) it shows the file type,
      architecture, platform and minimum OS, the libraries it links (weak and re-exported marked)
      with how many imports bind to each, rpaths, UUID, whether it is encrypted, and the code
      signature's identifier and team.

      EXIT STATUS: 0 every input was read; 1 an input could not be read; 2 usage error.
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let asJSON = arguments.value("--format") == "json"
    var summaries: [FileSummary] = []
    let status = forEachInput(
      arguments.positionals, options: ReadOptions(definedSymbols: false, selectorReferences: false), context: context,
      render: { FileSummary($0) },
      deliver: { summary in
        if asJSON {
          summaries.append(summary)
        } else {
          context.streams.output(summary.text)
        }
      })
    if asJSON {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let document = InfoDocument(files: summaries)
      if let data = try? encoder.encode(document) {
        context.streams.writeOutput(Array(data) + [0x0a])
      }
    }
    return status
  }
}

/// The JSON document of `sdkvet info --format json`.
struct InfoDocument: Encodable {
  let schemaVersion = 1
  let files: [FileSummary]
}
