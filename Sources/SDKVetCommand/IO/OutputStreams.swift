import AuditReports
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: standard output and standard error, or buffers in tests.
///
/// Commands render into byte buffers and hand whole chunks here, so the hot path never goes
/// through `print` or builds a `String` per line.
public struct OutputStreams: Sendable {
  /// Writes bytes to the command's output (standard output, or `--output FILE`).
  public let writeOutput: @Sendable ([UInt8]) -> Void
  /// Writes bytes to the diagnostics stream (standard error).
  public let writeError: @Sendable ([UInt8]) -> Void
  /// Whether standard output is a terminal (colour allowed).
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (progress allowed).
  public var errorIsTerminal: Bool
  /// Writes out anything `writeOutput` still holds; called before the process exits.
  public let flush: @Sendable () -> Void
  /// Why writing the output failed (`strerror` text), asked after `flush`; `nil` when every write
  /// succeeded, so output lost to a full disk never ends in exit status 0.
  public var outputFailure: @Sendable () -> String?

  /// Creates streams from writers. Every byte goes through a `RunnerCommandGuard` on its way to
  /// them, so no line of any output can be read as a CI runner's command.
  public init(
    writeOutput: @escaping @Sendable ([UInt8]) -> Void, writeError: @escaping @Sendable ([UInt8]) -> Void,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, flush: @escaping @Sendable () -> Void = {},
    outputFailure: @escaping @Sendable () -> String? = { nil }
  ) {
    let error = GuardedWriter(writeError)
    self.init(
      output: GuardedWriter(writeOutput), rawOutput: writeOutput, error: error, outputIsTerminal: outputIsTerminal,
      errorIsTerminal: errorIsTerminal, flush: flush, outputFailure: outputFailure)
  }

  private init(
    output: GuardedWriter, rawOutput: @escaping @Sendable ([UInt8]) -> Void, error: GuardedWriter,
    outputIsTerminal: Bool, errorIsTerminal: Bool, flush: @escaping @Sendable () -> Void,
    outputFailure: @escaping @Sendable () -> String?
  ) {
    writeOutput = output.write
    outputWriter = output
    self.rawOutput = rawOutput
    writeError = error.write
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.flush = {
      output.drain()
      error.drain()
      flush()
    }
    self.outputFailure = outputFailure
    errorWriter = error
  }

  /// Standard error's guard, shared by the streams `writingOutput(to:)` derives.
  private let errorWriter: GuardedWriter
  /// The output's guard, and the writer behind it.
  private let outputWriter: GuardedWriter
  private let rawOutput: @Sendable ([UInt8]) -> Void

  /// The same streams with an output whose lines may be sdkvet's own workflow commands
  /// (`scan --format github`): what the output's guard holds is written first.
  func allowingWorkflowCommands() -> OutputStreams {
    outputWriter.drain()
    return OutputStreams(
      output: GuardedWriter(rawOutput, allowsWorkflowCommands: true), rawOutput: rawOutput, error: errorWriter,
      outputIsTerminal: outputIsTerminal, errorIsTerminal: errorIsTerminal, flush: flush,
      outputFailure: outputFailure)
  }

  /// The process's standard output (buffered in 64 KiB writes) and standard error (unbuffered;
  /// pending output is written first, so the two interleave as they were produced).
  public static var standard: OutputStreams {
    let output = BufferedWriter(fd: STDOUT_FILENO)
    return OutputStreams(
      writeOutput: { output.write($0) },
      writeError: { bytes in
        output.flush()
        _ = FileDescriptorWriter.writeAll(bytes, to: STDERR_FILENO)
      },
      outputIsTerminal: isatty(STDOUT_FILENO) != 0,
      errorIsTerminal: isatty(STDERR_FILENO) != 0,
      flush: { output.flush() },
      outputFailure: { output.failure })
  }

  /// The same streams with the output going to `writer` (`scan --output FILE`), never a terminal.
  func writingOutput(to writer: BufferedWriter) -> OutputStreams {
    OutputStreams(
      output: GuardedWriter { writer.write($0) }, rawOutput: { writer.write($0) }, error: errorWriter,
      outputIsTerminal: false,
      errorIsTerminal: errorIsTerminal, flush: { writer.flush() }, outputFailure: { writer.failure })
  }

  /// Writes a string to the output.
  func output(_ text: String) { writeOutput(Array(text.utf8)) }

  /// Writes one diagnostic line, escaped by `TextEscaping`: it names files and symbols from the
  /// inputs, and no byte of theirs may end the line, start a forged one or reach the terminal raw.
  func error(_ line: String) { writeError(Array((TextEscaping.escaped(line) + "\n").utf8)) }
}

/// Writes whole buffers to a file descriptor, retrying short writes and interrupts.
enum FileDescriptorWriter {
  /// Writes all of `bytes`.
  /// - Returns: `nil` when every byte was written or the reader went away (`EPIPE`: nothing
  ///   useful can be done), else the `errno` of the failed write.
  static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          let code = written < 0 ? errno : EIO
          return code == EPIPE ? nil : code
        }
      }
      return nil
    }
  }
}

/// Collects small writes into large ones: one `write` per 64 KiB instead of one per file.
///
/// The first failed write is remembered (and nothing more is written), so the command can end
/// with exit status 1 and say why instead of exiting 0 with output missing.
final class BufferedWriter: Sendable {
  private static let capacity = 64 << 10
  private let fd: Int32
  private let state = Mutex<(buffer: [UInt8], failure: Int32?)>(([], nil))

  init(fd: Int32) { self.fd = fd }

  func write(_ bytes: [UInt8]) {
    state.withLock { state in
      state.buffer.append(contentsOf: bytes)
      guard state.buffer.count >= Self.capacity else { return }
      Self.writeOut(&state, to: fd)
    }
  }

  func flush() {
    state.withLock { Self.writeOut(&$0, to: fd) }
  }

  /// The first write error as `strerror` text, or `nil`.
  var failure: String? {
    state.withLock { state in state.failure.map { String(cString: strerror($0)) } }
  }

  private static func writeOut(_ state: inout (buffer: [UInt8], failure: Int32?), to fd: Int32) {
    guard !state.buffer.isEmpty else { return }
    if state.failure == nil {
      state.failure = FileDescriptorWriter.writeAll(state.buffer, to: fd)
    }
    state.buffer.removeAll(keepingCapacity: true)
  }
}

/// A writer behind a `RunnerCommandGuard`; writes keep their order.
private final class GuardedWriter: Sendable {
  private let state: Mutex<RunnerCommandGuard>
  private let destination: @Sendable ([UInt8]) -> Void

  init(_ destination: @escaping @Sendable ([UInt8]) -> Void, allowsWorkflowCommands: Bool = false) {
    self.destination = destination
    state = Mutex(RunnerCommandGuard(allowsWorkflowCommands: allowsWorkflowCommands))
  }

  @Sendable func write(_ bytes: [UInt8]) {
    state.withLock { runnerGuard in
      let filtered = runnerGuard.filter(bytes)
      if !filtered.isEmpty { destination(filtered) }
    }
  }

  /// Writes what the guard still holds.
  func drain() {
    state.withLock { runnerGuard in
      let held = runnerGuard.drain()
      if !held.isEmpty { destination(held) }
    }
  }
}
