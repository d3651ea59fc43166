import BinaryImage
import ScanFiles

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
  /// The file system every command reads: the local one, large files mapped under the SIGBUS
  /// guard (a file that shrinks while it is read is one error, not a crash).
  var fileSystem: any ScanFileSystem { LocalFileSystem(largeFiles: .mapped) }

  /// Reports one unreadable input on standard error: `sdkvet: path[member](arch): message`.
  func report(_ error: BinaryError, path: String) {
    streams.error("sdkvet: " + error.rendered(path: path))
  }
}
