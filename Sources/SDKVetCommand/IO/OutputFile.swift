import ScanFiles
import Synchronization

/// A file a command writes (`--output`, `--write-baseline`, `-o`), written to a temporary file
/// beside its destination and renamed over it only when the command succeeded.
///
/// The temporary file is created in the destination's folder (`O_EXCL`, `O_NOFOLLOW`, a random
/// name), so the rename is one step on one file system: a reader sees the old file or the new
/// one, never half of either, and a run that fails leaves the old file as it was. The rename
/// replaces a link at the destination, never its target. A destination that is a device or a
/// FIFO (`/dev/null`, `/dev/stdout`) is written as a stream instead. `FileCalls` makes every
/// call; failures come back as `strerror` text.
final class OutputFile: Sendable {
  /// The destination as given.
  let path: String
  /// The writer the output goes through.
  let writer: BufferedWriter
  private let fd: Int32
  /// The temporary file and the destination it replaces; `nil` for a stream.
  private let replacement: (temporary: String, destination: String)?

  /// Creates the temporary file for `destination` (or opens its stream).
  /// - Returns: The file, or why it cannot be written.
  static func create(_ destination: OutputDestination) -> Result<OutputFile, OutputFileError> {
    let failure = { (errno: Errno) in OutputFileError(path: destination.path, reason: errno.description) }
    guard let location = destination.replacedLocation else {
      return FileCalls.openStreamForWriting(destination.path).mapError(failure).flatMap { fd in
        // A device or FIFO when it was checked; a regular file now would be written over in place.
        guard case .success(let opened) = FileCalls.kindAndSize(of: fd), opened.kind != .regular else {
          FileCalls.closeFile(fd)
          return .failure(OutputFileError(path: destination.path, reason: "it became a regular file while sdkvet ran"))
        }
        return .success(OutputFile(path: destination.path, fd: fd, replacement: nil))
      }
    }
    var generator = SystemRandomNumberGenerator()
    var attempt = 0
    while true {
      let suffix = String(generator.next() as UInt64, radix: 36)
      let temporary = location.folder + "/." + location.name + ".sdkvet-" + suffix
      switch FileCalls.createExclusively(temporary) {
      case .success(let fd):
        let destinationPath = location.folder + "/" + location.name
        return .success(OutputFile(path: destination.path, fd: fd, replacement: (temporary, destinationPath)))
      case .failure(let errno) where errno == .fileExists && attempt < 16: attempt += 1
      case .failure(let errno): return .failure(failure(errno))
      }
    }
  }

  private init(path: String, fd: Int32, replacement: (temporary: String, destination: String)?) {
    self.path = path
    self.fd = fd
    self.replacement = replacement
    writer = BufferedWriter(fd: fd)
  }

  /// Writes out what the writer holds, closes the file and renames it over its destination.
  /// - Returns: `nil` when the destination now holds every byte, else why not (the temporary
  ///   file is then removed and the destination left as it was).
  func commit() -> OutputFileError? {
    writer.flush()
    var reason = writer.failure
    if reason == nil, replacement != nil { reason = FileCalls.synchronize(fd)?.description }
    let closing = FileCalls.closeFile(fd)
    reason = reason ?? closing?.description
    if let replacement {
      if reason == nil { reason = FileCalls.move(replacement.temporary, over: replacement.destination)?.description }
      if reason != nil { FileCalls.remove(replacement.temporary) }
    }
    committed.withLock { $0 = true }
    return reason.map { OutputFileError(path: path, reason: $0) }
  }

  private let committed = Mutex(false)

  /// A file never committed (the command failed, or returned early) is closed and removed.
  deinit {
    guard !committed.withLock({ $0 }) else { return }
    FileCalls.closeFile(fd)
    if let replacement { FileCalls.remove(replacement.temporary) }
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

extension CommandContext {
  /// Checks the outputs a command names (`OutputPlan`) before it reads anything.
  /// - Returns: The plan, or `nil` after reporting a destination that cannot be written.
  /// - Throws: `UsageError` for an output that would replace an input, or one named twice.
  func planOutputs(
    _ outputs: [(option: String, path: String?)], scanning scanned: [String], reading inputs: [String] = [],
    rewriting: (input: String, option: String)? = nil
  ) throws(UsageError) -> OutputPlan? {
    switch try OutputPlan.check(
      outputs.compactMap { output in output.path.map { (output.option, $0) } }, scanning: scanned, reading: inputs,
      rewriting: rewriting)
    {
    case .success(let plan): return plan
    case .failure(let error):
      streams.error("sdkvet: error: \(error.description)")
      return nil
    }
  }

  /// Writes each output with `write` into its temporary file, then, when every one was written,
  /// renames each into place.
  /// - Returns: `.success`, or `.failure` after reporting an output that could not be written (no
  ///   destination is replaced when any temporary file could not be created or written).
  func writeOutputs(
    _ destinations: [OutputDestination], _ write: (OutputDestination, OutputStreams) -> Void
  ) -> ExitStatus {
    var files: [OutputFile] = []
    for destination in destinations {
      switch OutputFile.create(destination) {
      case .success(let file):
        write(destination, streams.writingOutput(to: file.writer))
        files.append(file)
      case .failure(let error):
        streams.error("sdkvet: error: \(error.description)")
        return .failure
      }
    }
    for file in files {
      file.writer.flush()
      if let reason = file.writer.failure {
        streams.error("sdkvet: error: \(OutputFileError(path: file.path, reason: reason).description)")
        return .failure
      }
    }
    var status = ExitStatus.success
    for file in files {
      guard let failure = file.commit() else { continue }
      streams.error("sdkvet: error: \(failure.description)")
      status = .failure
    }
    return status
  }

  /// Writes a finished document to `destination`, or to standard output when it is `nil`.
  /// - Returns: `.success`, or `.failure` after reporting a file that cannot be written.
  func write(_ text: String, to destination: OutputDestination?) -> ExitStatus {
    guard let destination else {
      streams.output(text)
      return .success
    }
    return writeOutputs([destination]) { _, streams in streams.output(text) }
  }

  /// Says on standard error that the outputs were left as they were because the run failed.
  func leftUnwritten(_ destinations: [OutputDestination]) {
    for destination in destinations {
      streams.error(
        "sdkvet: '\(destination.path)' was not written: the run failed; any earlier file there is unchanged")
    }
  }
}
