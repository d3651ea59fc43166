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
  public var writeOutput: @Sendable ([UInt8]) -> Void
  /// Writes bytes to the diagnostics stream (standard error).
  public var writeError: @Sendable ([UInt8]) -> Void
  /// Whether standard output is a terminal (colour allowed).
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (progress allowed).
  public var errorIsTerminal: Bool

  /// Creates streams from writers.
  public init(
    writeOutput: @escaping @Sendable ([UInt8]) -> Void, writeError: @escaping @Sendable ([UInt8]) -> Void,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's standard output and standard error.
  public static var standard: OutputStreams {
    OutputStreams(
      writeOutput: { FileDescriptorWriter.writeAll($0, to: STDOUT_FILENO) },
      writeError: { FileDescriptorWriter.writeAll($0, to: STDERR_FILENO) },
      outputIsTerminal: isatty(STDOUT_FILENO) != 0,
      errorIsTerminal: isatty(STDERR_FILENO) != 0)
  }

  /// Writes a string to the output.
  func output(_ text: String) { writeOutput(Array(text.utf8)) }

  /// Writes one line to the diagnostics stream.
  func error(_ line: String) { writeError(Array((line + "\n").utf8)) }
}

/// Writes whole buffers to a file descriptor, retrying short writes and interrupts.
enum FileDescriptorWriter {
  static func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return  // EPIPE and friends: the reader went away; nothing useful to do
        }
      }
    }
  }
}
