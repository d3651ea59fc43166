#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  public let kind: Kind
  /// The device and inode pair that identifies the object, so that no object is visited twice.
  public let identity: FileIdentity

  /// Creates a status.
  public init(kind: Kind, identity: FileIdentity) {
    self.kind = kind
    self.identity = identity
  }
}

/// One entry of a folder (`ScanFileSystem.listing(_:)`): its name and its `lstat` status.
public struct FolderEntry: Sendable, Hashable {
  /// The entry's name in its folder.
  public let name: String
  /// Its status, a final symbolic link not followed.
  public let status: FileStatus
  /// The first bytes of a regular file, when the listing read them
  /// (`ScanFileSystem.listing(_:leadingBytes:)`): fewer for a short file, none when it could not
  /// be read. `nil` when the listing did not read them.
  public let leadingBytes: [UInt8]?

  /// Creates an entry.
  public init(name: String, status: FileStatus, leadingBytes: [UInt8]? = nil) {
    self.name = name
    self.status = status
    self.leadingBytes = leadingBytes
  }
}

/// A file system object's identity: its device and inode numbers.
public struct FileIdentity: Sendable, Hashable {
  /// The device number.
  public let device: UInt64
  /// The inode number.
  public let inode: UInt64

  /// Creates an identity.
  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}

extension FileStatus {
  /// The status `stat(2)` describes.
  init(_ info: stat) {
    let kind: Kind
    switch info.st_mode & S_IFMT {
    case S_IFDIR: kind = .directory
    case S_IFREG: kind = .regular
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    self.init(
      kind: kind,
      identity: FileIdentity(
        device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)))
  }
}

/// What kind of file system object a `stat` mode describes, named for messages.
package enum FileKindName: String, Sendable, CustomStringConvertible {
  /// A regular file.
  case regular = "regular file"
  /// A directory.
  case directory = "folder"
  /// A symbolic link.
  case symbolicLink = "symbolic link"
  /// A named pipe.
  case fifo = "FIFO (named pipe)"
  /// A socket.
  case socket
  /// A character device.
  case characterDevice = "character device"
  /// A block device.
  case blockDevice = "block device"

  /// The kind of `mode`'s file type bits; `nil` for an unknown type.
  package init?(mode: UInt32) {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): self = .regular
    case UInt32(S_IFDIR): self = .directory
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .fifo
    case UInt32(S_IFSOCK): self = .socket
    case UInt32(S_IFCHR): self = .characterDevice
    case UInt32(S_IFBLK): self = .blockDevice
    default: return nil
    }
  }

  /// The name used in messages ("FIFO (named pipe)", "folder", …).
  package var description: String { rawValue }
}
