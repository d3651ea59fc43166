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
  public var writeOutput: @Sendable ([UInt8]) -> Void
  /// Writes bytes to the diagnostics stream (standard error).
  public var writeError: @Sendable ([UInt8]) -> Void
  /// Whether standard output is a terminal (colour allowed).
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (progress allowed).
  public var errorIsTerminal: Bool
  /// Writes out anything `writeOutput` still holds; called before the process exits.
  public var flush: @Sendable () -> Void

  /// Creates streams from writers.
  public init(
    writeOutput: @escaping @Sendable ([UInt8]) -> Void, writeError: @escaping @Sendable ([UInt8]) -> Void,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, flush: @escaping @Sendable () -> Void = {}
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.flush = flush
  }

  /// The process's standard output (buffered in 64 KiB writes) and standard error (unbuffered;
  /// pending output is written first, so the two interleave as they were produced).
  public static var standard: OutputStreams {
    let output = BufferedWriter(fd: STDOUT_FILENO)
    return OutputStreams(
      writeOutput: { output.write($0) },
      writeError: { bytes in
        output.flush()
        FileDescriptorWriter.writeAll(bytes, to: STDERR_FILENO)
      },
      outputIsTerminal: isatty(STDOUT_FILENO) != 0,
      errorIsTerminal: isatty(STDERR_FILENO) != 0,
      flush: { output.flush() })
  }

  /// Writes a string to the output.
  func output(_ text: String) { writeOutput(Array(text.utf8)) }

  /// Writes one diagnostic line, escaped by `TextEscaping`: it names files and symbols from the
  /// inputs, and no byte of theirs may end the line, start a forged one or reach the terminal raw.
  func error(_ line: String) { writeError(Array((TextEscaping.escaped(line) + "\n").utf8)) }
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

/// Collects small writes into large ones: one `write` per 64 KiB instead of one per file.
final class BufferedWriter: Sendable {
  private static let capacity = 64 << 10
  private let fd: Int32
  private let pending = Mutex<[UInt8]>([])

  init(fd: Int32) { self.fd = fd }

  func write(_ bytes: [UInt8]) {
    pending.withLock { buffer in
      buffer.append(contentsOf: bytes)
      guard buffer.count >= Self.capacity else { return }
      FileDescriptorWriter.writeAll(buffer, to: fd)
      buffer.removeAll(keepingCapacity: true)
    }
  }

  func flush() {
    pending.withLock { buffer in
      guard !buffer.isEmpty else { return }
      FileDescriptorWriter.writeAll(buffer, to: fd)
      buffer.removeAll(keepingCapacity: true)
    }
  }
}
