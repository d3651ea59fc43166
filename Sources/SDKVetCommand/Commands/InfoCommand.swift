import AuditReports
import BinaryImage
import ScanEngine

/// `sdkvet info`: a condensed `otool -l` of each binary.
enum InfoCommand: Subcommand {
  /// The output formats of `sdkvet info`.
  enum Format: String, CaseIterable {
    case text, json
  }

  static let spec = CommandSpec(
    name: "info",
    abstract: "Summarise binaries: type, slices, platform, linked libraries, rpaths, UUID, encryption, signature.",
    arguments: "<path> ...",
    requiresArguments: true,
    options: [
      OptionSpec(
        "--format", value: "format", allowed: Format.allCases.map(\.rawValue), default: Format.text.rawValue,
        help: "Output format.")
    ],
    discussion: """
      For each image (each slice of a universal file, each archive member) it shows the file type,
      architecture, platform and minimum OS, the libraries it links (weak and re-exported marked)
      with how many imports bind to each, rpaths, UUID, whether it is encrypted, and the code
      signature: who signed (unsigned, ad-hoc, AppleDeveloperProgram:<TEAMID>, SelfSigned:<SHA-256>),
      identifier, team, flags and cdhash. Each xcframework found follows, with its _CodeSignature/
      signature and whether CodeResources matches its files. Nothing verifies a certificate chain
      or a hash against the code. Names from the files are escaped as in Docs/CLI.md. An
      archive (.zip, .ipa, .aar, .tar.*) is read in place; after the files, each archive read is
      listed with its format, entry count, SHA-256 and (an .ipa's) signature receipts.

      EXIT STATUS: 0 every input was read; 1 an input could not be read, or the output could not
      be written; 2 usage error.
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    let options = ReadOptions(definedSymbols: false, selectorReferences: false)
    switch try arguments.value("--format", as: Format.self) {
    case .text:
      return ListingDocument.lines(header: []).write(
        arguments.positionals, options: options, context: context, listsArchives: true,
        trailing: { $0.bundleSignatures.map { Array(BundleSignatureSummary($0).text.utf8) } }
      ) {
        Array(FileInfo.text(of: $0).utf8)
      }
    case .json:
      @Sendable func rendered(_ value: JSONValue) -> [UInt8] {
        var json = JSONWriter(depth: FileListJSON.fileDepth)
        value.write(to: &json)
        return json.takeBytes()
      }
      return ListingDocument.json(FileListJSON()).write(
        arguments.positionals, options: options, context: context, listsArchives: true,
        trailing: { $0.bundleSignatures.map { rendered(BundleSignatureSummary($0).json) } }
      ) {
        rendered(FileInfo.json(of: $0))
      }
    }
  }
}
