import BinaryImage

/// What every `sdkvet` subcommand provides: its declaration, and how to run it.
protocol Subcommand {
  /// The declaration that parsing and `--help` read.
  static var spec: CommandSpec { get }

  /// Runs the command with already-parsed arguments.
  /// - Throws: `UsageError` for argument combinations the spec alone cannot reject.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus
}

/// What a running command may touch: its output streams and the environment.
struct CommandContext: Sendable {
  /// Standard output and standard error, or test buffers.
  let streams: OutputStreams
  /// The environment (`NO_COLOR`, …).
  let environment: [String: String]

  /// Reports one unreadable input on standard error: `sdkvet: path[member](arch): message`.
  func report(_ error: BinaryError, path: String) {
    streams.error("sdkvet: " + error.rendered(path: path))
  }
}
