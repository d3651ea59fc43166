public import BinaryImage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through the C library.
public struct LocalFileSystem: ScanFileSystem {
  /// Creates the real file system.
  public init() {}

  /// `lstat(2)`.
  public func linkStatus(_ path: String) -> FileStatus? {
    var info = stat()
    guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { return nil }
    return Self.status(of: info)
  }

  /// `stat(2)`.
  public func status(_ path: String) -> FileStatus? {
    var info = stat()
    guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
    return Self.status(of: info)
  }

  /// `realpath(3)`.
  public func resolvedPath(_ path: String) -> String? {
    guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return PathBytes.decode(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }

  /// `readlink(2)`.
  public func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { base in PathBytes.withCString(path) { readlink($0, base, 4096) } } ?? -1
    }
    guard count > 0, count < buffer.count else { return nil }
    return PathBytes.decode(buffer[0..<count])
  }

  /// `opendir(3)`/`readdir(3)`.
  public func directoryEntries(_ path: String) -> [String]? {
    guard let directory = PathBytes.withCString(path, { opendir($0) }) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
          // "." and ".." are the only names that start with a dot and end right after one or two.
          name[0] == 0x2E && (name[1] == 0 || name[1] == 0x2E && name[2] == 0) ? nil : PathBytes.decode(cString: name)
        }
      }
      if let name { names.append(name) }
    }
    return names
  }

  /// Reads at most `limit` bytes of a regular file with `read(2)`, never waiting on a FIFO.
  public func contents(of path: String, limit: Int) throws(BinaryError) -> FileBytes {
    try FileBytes(path: path, limit: limit)
  }

  private static func status(of info: stat) -> FileStatus {
    let kind: FileStatus.Kind
    switch info.st_mode & S_IFMT {
    case S_IFDIR: kind = .directory
    case S_IFREG: kind = .regular
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    let identity = FileIdentity(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    return FileStatus(kind: kind, identity: identity)
  }
}
