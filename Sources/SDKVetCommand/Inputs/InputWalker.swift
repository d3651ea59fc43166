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
/// rather than repeat it.
struct InputWalker {
  /// A path that could not be walked, reported like an unreadable file.
  struct Problem: Error, Sendable {
    let path: String
    let message: String
  }

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
    var info = stat()
    guard stat(path, &info) == 0 else {
      if explicit || lstat(path, &info) != 0 {
        problems.append(Problem(path: path, message: "cannot open: \(String(cString: strerror(errno)))"))
      }
      return  // a dangling link found while walking is not an input
    }
    let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      guard seen.insert(identity).inserted else { return }
      for name in Self.entries(of: path) {
        visit(path.hasSuffix("/") ? path + name : path + "/" + name, explicit: false)
      }
    case S_IFREG:
      guard explicit || seen.insert(identity).inserted else { return }
      files.append(InputFile(path: path, isExplicit: explicit))
    default:
      if explicit { problems.append(Problem(path: path, message: "not a regular file or folder")) }
    }
  }

  private static func entries(of directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}

/// A file's identity on disk, independent of the path that reached it.
private struct FileIdentity: Hashable {
  let device: UInt64
  let inode: UInt64
}
