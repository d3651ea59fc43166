#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file system call failed, as the C library's `errno` says: kept as the number, so a caller
/// can tell "no such file" from "permission denied", and worded by the system for messages.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
  /// The `errno` value.
  public let rawValue: Int32

  /// The error numbered `rawValue`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The system's words for it ("No such file or directory").
  public var description: String {
    String(cString: strerror(rawValue))
  }

  /// The calling thread's current `errno`.
  static var current: Errno { Errno(rawValue: errno) }

  /// No such file or folder (`ENOENT`).
  public static let noSuchFile = Errno(rawValue: ENOENT)
  /// A path component that must be a folder is not one (`ENOTDIR`).
  public static let notADirectory = Errno(rawValue: ENOTDIR)
  /// A folder where a file was expected (`EISDIR`).
  public static let isADirectory = Errno(rawValue: EISDIR)
  /// Not a symbolic link, or an argument the call does not take (`EINVAL`).
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// The operation is not supported by this file system (`ENOTSUP`).
  public static let notSupported = Errno(rawValue: ENOTSUP)
  /// A path longer than the system takes (`ENAMETOOLONG`).
  public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// A file that was to be created exists already (`EEXIST`).
  package static let fileExists = Errno(rawValue: EEXIST)
}
