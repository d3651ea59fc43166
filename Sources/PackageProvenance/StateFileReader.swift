import BinaryImage
import Foundation
import ScanFiles
import TargetDiscovery

/// Reads the managers' lock and state files through the scan's file system seam
/// (`ScanFileSystem.document(at:)`, so at most `ReadLimits.documentBytes` each), and only inside
/// the scanned root: a file outside it, or a link leading out of it, is treated as absent, as
/// discovery treats such links.
struct StateFileReader {
  let fileSystem: any ScanFileSystem
  /// The scanned root as given.
  let root: ScanPath
  /// The root with its links resolved; `nil` when it cannot be resolved (nothing is read).
  let resolvedRoot: ScanPath?

  init(fileSystem: any ScanFileSystem, root: ScanPath) {
    self.fileSystem = fileSystem
    self.root = root
    resolvedRoot = try? fileSystem.resolvedPath(root).get()
  }

  /// Whether `path` (as found under a root) lies inside this root, by whole components.
  func contains(_ path: ScanPath) -> Bool {
    path.starts(with: root)
  }

  /// The bytes of the regular file at `path`; `nil` when there is none inside the root, an issue
  /// when it is there but cannot be read.
  func read(_ path: ScanPath) -> Result<Data, LockFileIssue>? {
    guard contains(path), fileSystem.isRegularFile(path), let resolvedRoot,
      let resolved = try? fileSystem.resolvedPath(path).get(), resolved.starts(with: resolvedRoot)
    else { return nil }
    return fileSystem.document(at: path).mapError { error in
      LockFileIssue(file: path, message: "cannot be read (\(error.message))")
    }
  }

  /// The names in the folder at `path`, sorted; empty when it is not a folder inside the root.
  func entries(of path: ScanPath) -> [String] {
    guard contains(path) else { return [] }
    return ((try? fileSystem.directoryEntries(path).get()) ?? []).sorted()
  }

  /// Whether something exists at `path` inside the root.
  func exists(_ path: ScanPath) -> Bool {
    contains(path) && (try? fileSystem.linkStatus(path).get()) != nil
  }
}

/// The problems met while reading one file: the first (by line, when lines are known) is
/// described, the rest counted.
struct IssueCollector {
  let file: ScanPath
  private(set) var first: (line: Int?, message: String)?
  private(set) var count = 0

  init(file: ScanPath) {
    self.file = file
  }

  /// Records a problem at `line` (nil for a JSON path or a whole-file problem).
  mutating func add(line: Int? = nil, _ message: String) {
    if first == nil || (line ?? .max) < (first?.line ?? .max) { first = (line, message) }
    count += 1
  }

  /// The issue to report, `nil` when there was no problem.
  var issue: LockFileIssue? {
    first.map { LockFileIssue(file: file, line: $0.line, message: $0.message, moreProblems: count - 1) }
  }
}
