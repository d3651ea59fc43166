#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through the C library.
public struct LocalFileSystem: DiscoveryFileSystem {
  /// Creates the real file system.
  public init() {}

  /// `lstat(2)`.
  public func linkStatus(_ path: String) -> FileStatus? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Self.status(of: info)
  }

  /// `stat(2)`.
  public func status(_ path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Self.status(of: info)
  }

  /// `realpath(3)`.
  public func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `readlink(2)`.
  public func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { $0.baseAddress.map { readlink(path, $0, 4096) } ?? -1 }
    guard count > 0, count < buffer.count else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// `opendir(3)`/`readdir(3)`.
  public func directoryEntries(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Reads at most `limit` bytes of a regular file with `read(2)`; anything else answers `nil`.
  public func readPrefix(_ path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // never wait on a FIFO swapped in for a file
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(max(limit, 0), 65536))
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let got = chunk.withUnsafeMutableBytes { $0.baseAddress.map { read(fd, $0, wanted) } ?? -1 }
      if got < 0 { return nil }
      if got == 0 { break }
      bytes.append(contentsOf: chunk[0..<got])
    }
    return bytes
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
