import TargetDiscovery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Expands the paths on a command line into the files to read.
///
/// Files are taken as given; folders are walked depth-first in name order so output is
/// deterministic. Symbolic links are followed, but each directory and each file is visited at
/// most once (by device and inode), so link loops and links back up the tree end the walk
/// rather than repeat it. The file system is `TargetDiscovery`'s, the one `scan` walks with.
struct InputWalker {
  /// A path that could not be walked, reported like an unreadable file.
  struct Problem: Error, Sendable {
    let path: String
    let message: String
  }

  private let fileSystem = LocalFileSystem()
  private var seen: Set<FileIdentity> = []
  private(set) var files: [InputFile] = []
  private(set) var problems: [Problem] = []

  /// Walks every path in `paths`.
  static func expand(_ paths: [String]) -> InputWalker {
    var walker = InputWalker()
    for path in paths { walker.visit(path, explicit: true) }
    return walker
  }

  private mutating func visit(_ path: String, explicit: Bool) {
    guard let status = fileSystem.status(path) else {
      let reason = String(cString: strerror(errno))
      if explicit || fileSystem.linkStatus(path) == nil {
        problems.append(Problem(path: path, message: "cannot open: \(reason)"))
      }
      return  // a dangling link found while walking is not an input
    }
    switch status.kind {
    case .directory:
      guard seen.insert(status.identity).inserted else { return }
      for name in (fileSystem.directoryEntries(path) ?? []).sorted() {
        visit(path.hasSuffix("/") ? path + name : path + "/" + name, explicit: false)
      }
    case .regular:
      guard explicit || seen.insert(status.identity).inserted else { return }
      files.append(InputFile(path: path, isExplicit: explicit))
    case .symbolicLink, .other:
      if explicit { problems.append(Problem(path: path, message: "not a regular file or folder")) }
    }
  }
}
