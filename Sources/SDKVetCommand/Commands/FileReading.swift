import BinaryImage
import ImageLoader

/// The outcome of reading one input: its images, or why it could not be read.
enum FileReading: Sendable {
  /// The file was read (possibly with per-member or per-slice problems).
  case read(BinaryFile)
  /// The file could not be read at all.
  case failed(BinaryError)
  /// A file found while walking a folder that is not a binary: skipped silently.
  case skipped

  /// Reads `input`, turning a non-binary found in a folder into `.skipped`.
  static func read(_ input: InputFile, options: ReadOptions) -> FileReading {
    do {
      return .read(try BinaryFileReader.read(path: input.path, options: options))
    } catch {
      if error.kind == .notBinary && !input.isExplicit { return .skipped }
      return .failed(error)
    }
  }
}

/// Reads many inputs on every core and hands each result, in input order, to `deliver`.
///
/// The shared driver of `symbols` and `info`: expands folders, reads in bounded parallel
/// batches, renders each file in the worker, and reports every problem on standard error.
/// - Returns: `.failure` when any input or part of an input could not be read, else `.success`.
func forEachInput<Rendered: Sendable>(
  _ paths: [String], options: ReadOptions, context: CommandContext,
  render: @escaping @Sendable (BinaryFile) -> Rendered, deliver: (Rendered) -> Void
) -> ExitStatus {
  let walk = InputWalker.expand(paths)
  var status = ExitStatus.success
  for problem in walk.problems {
    context.report(BinaryError(.io, problem.message), path: problem.path)
    status = .failure
  }
  let files = walk.files
  OrderedParallelMap.run(count: files.count) { index -> (FileReading, Rendered?) in
    let reading = FileReading.read(files[index], options: options)
    guard case .read(let file) = reading else { return (reading, nil) }
    return (reading, render(file))
  } deliver: { index, result in
    switch result.0 {
    case .read(let file):
      if let rendered = result.1 { deliver(rendered) }
      for problem in file.problems {
        context.report(problem, path: file.path)
        status = .failure
      }
    case .failed(let error):
      context.report(error, path: files[index].path)
      status = .failure
    case .skipped:
      break
    }
  }
  return status
}
