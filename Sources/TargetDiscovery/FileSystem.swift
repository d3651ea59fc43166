public import BinaryImage
public import Foundation

/// What a path is, after following a symbolic link when asked to.
public struct FileStatus: Sendable, Hashable {
  /// The kind of file system object.
  public enum Kind: Sendable, Hashable {
    /// A directory.
    case directory
    /// A regular file.
    case regular
    /// A symbolic link (only from `linkStatus`).
    case symbolicLink
    /// A device, socket, FIFO or anything else: never a target.
    case other
  }

  /// The kind of object.
  public var kind: Kind
  /// The device and inode pair that identifies the object, so that no object is visited twice.
  public var identity: FileIdentity

  /// Creates a status.
  public init(kind: Kind, identity: FileIdentity) {
    self.kind = kind
    self.identity = identity
  }
}

/// A file system object's identity: its device and inode numbers.
public struct FileIdentity: Sendable, Hashable {
  /// The device number.
  public var device: UInt64
  /// The inode number.
  public var inode: UInt64

  /// Creates an identity.
  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}

/// The file system a scan walks and reads: the one seam through which discovery finds targets
/// and the engine reads their binaries and documents, so a host can hand sdkvet files that are
/// not on the local disk (an archive's entries, bytes in memory).
///
/// The look-ups answer `nil` instead of throwing: a path that cannot be examined is simply
/// not a target, and discovery reports it as a problem where that matters.
public protocol ScanFileSystem: Sendable {
  /// The status of `path` itself, not following a final symbolic link (`lstat`).
  func linkStatus(_ path: String) -> FileStatus?
  /// The status of what `path` leads to, following symbolic links (`stat`).
  func status(_ path: String) -> FileStatus?
  /// The absolute path with every symbolic link resolved (`realpath`).
  func resolvedPath(_ path: String) -> String?
  /// The target text of the symbolic link at `path` (`readlink`).
  func linkTarget(_ path: String) -> String?
  /// The names in the directory, without `.` and `..`, in no particular order.
  func directoryEntries(_ path: String) -> [String]?
  /// Up to `limit` bytes from the start of the regular file at `path`, with the file's whole size.
  /// - Throws: `BinaryError` of kind `io` when it cannot be opened or read, or is not a regular file.
  func contents(of path: String, limit: Int) throws(BinaryError) -> FileBytes
  /// Up to `limit` bytes from the start of the regular file at `path`, of which the caller uses
  /// only as many as `needed` says from the first bytes and the file's size (a reader's tables).
  /// A source that must decompress to read (an archive entry) reads no further than that; the
  /// default reads as `contents(of:limit:)` does, since a mapped file costs only the pages used.
  /// - Throws: `BinaryError` as `contents(of:limit:)` does.
  func contents(
    of path: String, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes
  /// Opens the archive file at `path` as the folder `path + "!"`, or says why it cannot be
  /// opened. Discovery calls this for a file whose first bytes announce an archive.
  func mountArchive(at path: String) -> Result<MountedArchive, BinaryError>
}

extension ScanFileSystem {
  /// Reads as `contents(of:limit:)` does: the bytes a reader does not touch cost nothing.
  public func contents(
    of path: String, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    try contents(of: path, limit: limit)
  }

  /// The bytes of a manifest, `Info.plist` or strings file at `path`, or why there are none: a
  /// file larger than `ReadLimits.documentBytes` is not read past the limit and is refused as
  /// "larger than 8 MiB". Discovery and the engine read every document through this.
  public func document(at path: String) -> Result<Data, BinaryError> {
    let limit = ReadLimits.documentBytes
    do throws(BinaryError) {
      let file = try contents(of: path, limit: limit)
      guard file.fileSize <= limit else {
        return .failure(BinaryError(.io, "larger than \(ReadLimits.describe(limit))"))
      }
      return .success(Data(file.bytes))
    } catch {
      return .failure(error)
    }
  }
}
