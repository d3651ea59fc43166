import BinaryImage
import ScanEngine
import TargetDiscovery

/// Reads many inputs on every core and hands each result, in input order, to `deliver`.
///
/// The shared driver of `symbols` and `info`: `BinaryListing` walks and reads, each file is
/// rendered in the worker that read it, and every problem is reported on standard error.
/// With `findsCallSites`, each image's `callSites` is filled in before it is rendered.
/// - Returns: `.failure` when any input or part of an input could not be read, else `.success`;
///   and what the walk found besides binaries (the archives opened, the xcframeworks' signatures).
func forEachInput<Rendered: Sendable>(
  _ paths: [String], options: ReadOptions, findsCallSites: Bool = false, context: CommandContext,
  render: @escaping @Sendable (BinaryFile) -> Rendered, deliver: (Rendered) -> Void
) -> (status: ExitStatus, walk: BinaryListing.Walk) {
  var status = ExitStatus.success
  var listing = BinaryListing(fileSystem: context.fileSystem)
  listing.findsCallSites = findsCallSites
  let walk = listing.run(paths: paths, options: options, render: render) { entry in
    switch entry {
    case .read(let file, let rendered):
      deliver(rendered)
      for problem in file.problems {
        context.report(problem, path: file.path)
        status = .failure
      }
    case .failed(let path, let error):
      context.report(error, path: path)
      status = .failure
    }
  }
  for problem in walk.problems {
    context.streams.error("sdkvet: \(problem.path): \(problem.message)")
    status = .failure
  }
  return (status, walk)
}
