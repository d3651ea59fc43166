public import BinaryImage

/// The real file system, through the C library (`FileCalls`).
public struct LocalFileSystem: ScanFileSystem {
  /// How files larger than `FileBytes.readThreshold` are read.
  public enum LargeFiles: Sendable {
    /// Copied, only as far as the reader's tables reach: nothing process-wide is changed.
    case copied
    /// Mapped privately, so a reader's pages are read from disk as it touches them, with
    /// `TruncationGuard` installed as the process's SIGBUS handler (once; it passes every fault
    /// outside a watched mapping to the handler it replaced). A file that cannot be watched is
    /// copied. This is what the CLI uses.
    case mapped
  }

  /// How this file system reads large files.
  public let largeFiles: LargeFiles

  /// The real file system, reading large files as `largeFiles` says.
  public init(largeFiles: LargeFiles = .copied) {
    self.largeFiles = largeFiles
    if largeFiles == .mapped { TruncationGuard.install() }
  }

  /// `lstat(2)`.
  public func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> {
    hostPath(path).flatMap { FileCalls.status($0, followingLinks: false) }.map(FileStatus.init)
  }

  /// `stat(2)`.
  public func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
    hostPath(path).flatMap { FileCalls.status($0, followingLinks: true) }.map(FileStatus.init)
  }

  /// `realpath(3)`.
  public func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> {
    hostPath(path).flatMap(FileCalls.resolvedPath).map { ScanPath($0) }
  }

  /// `readlink(2)`.
  public func linkTarget(_ path: ScanPath) -> Result<String, Errno> {
    hostPath(path).flatMap(FileCalls.linkTarget)
  }

  /// `opendir(3)`/`readdir(3)`.
  public func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
    hostPath(path).flatMap(FileCalls.directoryEntries)
  }

  /// `opendir(3)`/`readdir(3)`, and `fstatat(2)` of each name in the open folder.
  public func listing(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    hostPath(path).flatMap(FileCalls.listing).map { entries in
      entries.map { FolderEntry(name: $0.name, status: FileStatus($0.status)) }
    }
  }

  /// `opendir(3)`/`readdir(3)`; each regular file (by the entry's type) opened in the open folder,
  /// never through a link, its status from `fstat(2)` and its first bytes from `pread(2)`; every
  /// other entry, and a file that cannot be opened, as `listing(_:)` gives it.
  public func listing(_ path: ScanPath, leadingBytes count: Int) -> Result<[FolderEntry], Errno> {
    hostPath(path).flatMap { FileCalls.listing($0, leadingBytes: count) }.map { entries in
      entries.map { FolderEntry(name: $0.name, status: FileStatus($0.status), leadingBytes: $0.leadingBytes) }
    }
  }

  /// Reads at most `limit` bytes of a regular file, never waiting on a FIFO.
  public func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    try FileBytes(path: readablePath(path), limit: limit, mapping: largeFiles == .mapped)
  }

  /// Reads at most `limit` bytes of a regular file, a large one copied only as far as `needed` asks.
  public func contents(
    of path: ScanPath, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    try withoutActuallyEscaping(needed) { needed throws(BinaryError) in
      try FileBytes(path: readablePath(path), limit: limit, mapping: largeFiles == .mapped, needing: needed)
    }
  }

  /// The path on disk; an archive's entry is not on this file system.
  private func hostPath(_ path: ScanPath) -> Result<String, Errno> {
    path.isInsideArchive ? .failure(.noSuchFile) : .success(path.segments[0])
  }

  /// The path on disk to read, or the error a read of an archive's entry is.
  private func readablePath(_ path: ScanPath) throws(BinaryError) -> String {
    try hostPath(path).mapError { _ in
      BinaryError(.io, "cannot read: an archive's entry, and this file system opens no archives")
    }.get()
  }
}
