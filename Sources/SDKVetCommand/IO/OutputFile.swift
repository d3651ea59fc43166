import ScanFiles

/// The file `scan --output FILE` writes the report to.
///
/// It is opened (created, or emptied) before the scan starts, so a location that cannot be
/// written fails at once, and written through a `BufferedWriter` like standard output, so the
/// report streams into it (`FileCalls` opens and closes it). Failures come back as `strerror`
/// text, never Foundation's localized messages.
final class OutputFile: Sendable {
  /// The path as given.
  let path: String
  /// The writer the report goes through.
  let writer: BufferedWriter
  private let fd: Int32

  /// Opens `path` for writing.
  /// - Returns: The file, or why it cannot be written.
  static func create(_ path: String) -> Result<OutputFile, OutputFileError> {
    FileCalls.openForWriting(path).map { OutputFile(path: path, fd: $0) }.mapError {
      OutputFileError(path: path, reason: $0.description)
    }
  }

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
    writer = BufferedWriter(fd: fd)
  }

  /// Writes out what the writer holds and closes the file.
  /// - Returns: `nil` when every byte reached the file, else why not.
  func finish() -> OutputFileError? {
    writer.flush()
    let failure = writer.failure
    let closing = FileCalls.closeFile(fd)
    let reason = failure ?? closing?.description
    return reason.map { OutputFileError(path: path, reason: $0) }
  }
}

extension CommandContext {
  /// Opens the file an option names before the work starts, so a location that cannot be
  /// written fails at once. Returns `.some(nil)` when the option is absent, and `nil` after
  /// reporting a file that cannot be opened.
  func openOutput(_ path: String?) -> OutputFile?? {
    guard let path else { return .some(nil) }
    switch OutputFile.create(path) {
    case .success(let file): return file
    case .failure(let error):
      streams.error("sdkvet: error: \(error.description)")
      return nil
    }
  }

  /// Writes out and closes `file` (when there is one) after the work.
  /// - Returns: `.success`, or `.failure` after reporting a file that could not be written.
  func finish(_ file: OutputFile?) -> ExitStatus {
    guard let failure = file?.finish() else { return .success }
    streams.error("sdkvet: error: \(failure.description)")
    return .failure
  }

  /// Writes a finished document to the file `path` names, or to standard output when it is `nil`.
  /// - Returns: `.success`, or `.failure` after reporting a file that cannot be written.
  func write(_ text: String, toFile path: String?) -> ExitStatus {
    guard let path else {
      streams.output(text)
      return .success
    }
    guard let opened = openOutput(path), let file = opened else { return .failure }
    streams.writingOutput(to: file.writer).output(text)
    return finish(file)
  }
}

/// A report file that could not be written: exit status 1, not a usage error.
struct OutputFileError: Error {
  /// The path as given.
  let path: String
  /// The system's reason (`strerror`).
  let reason: String

  /// `cannot write 'out/report.json': No such file or directory`.
  var description: String { "cannot write '\(path)': \(reason)" }
}
