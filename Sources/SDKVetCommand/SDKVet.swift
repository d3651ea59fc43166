import BinaryImage
import ScanFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `sdkvet` command line: dispatches to a subcommand and turns every outcome into an exit status.
///
/// The executable's `main` is one call to `SDKVet.main`; everything else (parsing, help, output,
/// exit statuses) is decided here so it can be tested in-process.
public enum SDKVet {
  nonisolated(unsafe) static let subcommands: [any Subcommand.Type] = [
    ScanCommand.self, SymbolsCommand.self, InfoCommand.self, CatalogCommand.self, ManifestCommand.self,
    DiffCommand.self, PrivacyReportCommand.self, RenderCommand.self, CompletionsCommand.self,
  ]

  static let overview = """
    OVERVIEW: sdkvet audits compiled SDKs and apps for Apple's privacy rules, without their source.

    It reads the symbol tables of Mach-O and ELF binaries (frameworks, xcframeworks, static
    libraries, dylibs, apps, shared objects), reports which privacy-sensitive APIs the code
    imports, and checks that against the privacy manifest and Info.plist the vendor ships.

    USAGE: sdkvet <command> [options] <path> ...

    COMMANDS:
    """

  /// The process's arguments after the program name, each byte that is not UTF-8 kept (see
  /// `PathBytes`): `CommandLine.arguments` would turn it into U+FFFD, naming a file that does not exist.
  public static func processArguments() -> [String] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { PathBytes.decode(cString: $0) }
    }
  }

  /// Runs sdkvet with `arguments` (without the program name).
  /// - Parameters:
  ///   - arguments: The command line after the program name.
  ///   - environment: The process environment (`NO_COLOR`, …).
  ///   - streams: Where output and diagnostics go.
  /// - Returns: The exit status to end the process with: the command's, or 1 when its output
  ///   could not be written.
  public static func main(
    arguments: [String], environment: [String: String] = [:], streams: OutputStreams = .standard
  ) -> ExitStatus {
    let status = run(arguments: arguments, environment: environment, streams: streams)
    streams.flush()
    if let failure = streams.outputFailure() {
      streams.error("sdkvet: error: cannot write the output: \(failure)")
      return .failure
    }
    return status
  }

  private static func run(arguments: [String], environment: [String: String], streams: OutputStreams) -> ExitStatus {
    let context = CommandContext(streams: streams, environment: environment)
    guard let first = arguments.first else {
      streams.writeError(Array(topLevelHelp().utf8))
      return .usage
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1, let command = subcommand(named: arguments[1]) {
        streams.output(HelpFormatter.help(command.spec))
      } else {
        streams.output(topLevelHelp())
      }
      return .success
    case "--version":
      streams.output(SDKVetVersion.line + "\n")
      return .success
    case "--man-page":
      streams.output(ManPage.render(commands: subcommands.map { $0.spec }, version: SDKVetVersion.current))
      return .success
    default:
      break
    }
    guard let command = subcommand(named: first) else {
      return usageFailure(
        .unknownCommand(first, known: subcommands.map { $0.spec.name }), usage: "usage: sdkvet <command> ...",
        streams: streams)
    }
    let spec = command.spec
    do throws(UsageError) {
      let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), for: spec)
      if parsed.has("--help") {
        streams.output(HelpFormatter.help(spec))
        return .success
      }
      if spec.requiresArguments && parsed.positionals.isEmpty {
        throw UsageError.missingArgument(spec.arguments ?? "<path>")
      }
      return try command.run(parsed, context: context)
    } catch {
      return usageFailure(error, usage: HelpFormatter.usage(spec), streams: streams)
    }
  }

  private static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.spec.name == name }
  }

  private static func usageFailure(_ error: UsageError, usage: String, streams: OutputStreams) -> ExitStatus {
    streams.error("sdkvet: error: \(error.description)")
    streams.error(usage)
    streams.error("See 'sdkvet --help' or 'sdkvet <command> --help'.")
    return .usage
  }

  private static func topLevelHelp() -> String {
    var text = overview + "\n"
    let width = (subcommands.map { $0.spec.name.count }.max() ?? 0) + 2
    for command in subcommands {
      let name = command.spec.name
      text += "  \(name)\(String(repeating: " ", count: width - name.count))\(command.spec.abstract)\n"
    }
    text += """

      OPTIONS:
        --help, -h  Show this help, or 'sdkvet <command> --help' for a command's.
        --version   Show the version and the commit it was built from.
        --man-page  Print the manual page (roff), the sdkvet.1 that install.sh installs.

      EXIT STATUS: 0 clean; 1 findings at or above the gate (scan), an addition at or above it
      (diff), a manifest lacking something
      (manifest --check), an unreadable input
      (symbols, info), a path that does not exist or holds no target (scan, privacy-report),
      a --catalog file that cannot be used or output that cannot be written;
      2 usage error. See Docs/CLI.md.

      """
    return text
  }
}
