#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes in private, writable memory: what every reader takes, whether the bytes came
/// from the local disk, an archive entry or memory.
///
/// A small file (at most `readThreshold` bytes) is read with `read(2)`: mapping and unmapping it
/// would cost more than copying it. A larger file is memory-mapped privately, so only the pages
/// of the tables a reader parses are ever read from disk; `TruncationGuard` keeps a mapped file
/// that shrinks while it is parsed (a build writing it, a sync client) from raising SIGBUS, and
/// `shrankWhileRead` then says the result must be discarded. Either way the memory is private
/// and writable, so a library that converts byte order in place (libelf) never changes the file.
public final class FileBytes: @unchecked Sendable {
  /// Files up to this size are read rather than mapped.
  public static let readThreshold = 256 << 10

  /// The bytes; empty for an empty file.
  public let bytes: UnsafeRawBufferPointer
  /// The size of the whole file when it was opened; larger than `bytes.count` when only a
  /// prefix was asked for.
  public let fileSize: Int
  private let storage: Storage

  private enum Storage {
    case none
    case allocated(UnsafeMutableRawPointer)
    case mapped(UnsafeMutableRawPointer, guardSlot: Int)
  }

  /// Whether the file shrank while its mapping was read: what was read past the new end was
  /// zeros, so anything parsed from these bytes must be discarded.
  public var shrankWhileRead: Bool {
    guard case .mapped(_, let slot) = storage else { return false }
    return TruncationGuard.hasFaulted(slot)
  }

  /// The bytes, writable: for a library that converts byte order in place.
  public var mutableBytes: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(mutating: bytes)
  }

  /// Copies `contents` into a new buffer (an archive entry, a test's bytes).
  /// - Parameter fileSize: The whole file's size when `contents` is only its prefix.
  public convenience init(copying contents: some Collection<UInt8>, fileSize: Int? = nil) {
    let buffer = contents.isEmpty ? nil : UnsafeMutableRawPointer.allocate(byteCount: contents.count, alignment: 16)
    if let buffer {
      UnsafeMutableRawBufferPointer(start: buffer, count: contents.count).copyBytes(from: contents)
    }
    self.init(owning: buffer, count: contents.count, fileSize: max(fileSize ?? 0, contents.count))
  }

  /// Reads at most `limit` bytes of the regular file at `path`.
  ///
  /// The file is opened without waiting (a FIFO or device swapped in for a file never blocks)
  /// and must be a regular file. Reading stops at `limit`; `fileSize` tells whether there was more.
  /// - Throws: `io` when the file cannot be opened, is not a regular file, or shrinks while it is read.
  public convenience init(path: String, limit: Int) throws(BinaryError) {
    let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard fd >= 0 else { throw BinaryError(.io, "cannot open: \(Self.errnoText())") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw BinaryError(.io, "cannot stat: \(Self.errnoText())") }
    let kind = FileKindName(mode: UInt32(info.st_mode))
    guard kind == .regular else {
      throw BinaryError(.io, "is a \(kind?.description ?? "special file"), not a regular file")
    }
    let fileSize = Int(exactly: info.st_size) ?? 0
    let count = min(fileSize, max(0, limit))
    guard count > 0 else {
      self.init(owning: nil, count: 0, fileSize: fileSize)
      return
    }
    if count > Self.readThreshold, let mapped = Self.map(fd, count: count) {
      self.init(storage: mapped, count: count, fileSize: fileSize)
      return
    }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    if let failure = Self.readFully(fd, into: buffer, count: count) {
      buffer.deallocate()
      throw failure
    }
    self.init(owning: buffer, count: count, fileSize: fileSize)
  }

  /// Takes `buffer` (from `UnsafeMutableRawPointer.allocate`, `count` bytes written) as the
  /// bytes, to free it when done: an archive entry decompressed straight into its own memory.
  package convenience init(adopting buffer: UnsafeMutableRawPointer, count: Int, fileSize: Int) {
    self.init(owning: buffer, count: count, fileSize: max(fileSize, count))
  }

  private convenience init(owning buffer: UnsafeMutableRawPointer?, count: Int, fileSize: Int) {
    self.init(storage: buffer.map { .allocated($0) } ?? .none, count: count, fileSize: fileSize)
  }

  private init(storage: Storage, count: Int, fileSize: Int) {
    self.storage = storage
    switch storage {
    case .none: bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    case .allocated(let start), .mapped(let start, _): bytes = UnsafeRawBufferPointer(start: start, count: count)
    }
    self.fileSize = fileSize
  }

  deinit {
    switch storage {
    case .none: break
    case .allocated(let buffer): buffer.deallocate()
    case .mapped(let address, let slot):
      munmap(address, bytes.count)
      TruncationGuard.release(slot)
    }
  }

  /// Maps `count` bytes of `fd` privately and watches the mapping; `nil` to read instead.
  private static func map(_ fd: Int32, count: Int) -> Storage? {
    guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
      return nil
    }
    guard let slot = TruncationGuard.watch(address, count: count) else {
      munmap(address, count)
      return nil
    }
    return .mapped(address, guardSlot: slot)
  }

  /// Reads exactly `count` bytes, retrying short reads and interrupts.
  private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> BinaryError? {
    var done = 0
    while done < count {
      let got = read(fd, buffer + done, count - done)
      if got > 0 {
        done += got
      } else if got < 0 && errno == EINTR {
        continue
      } else if got == 0 {
        return BinaryError(.io, "the file shrank while it was read (\(done) of \(count) bytes)", offset: UInt64(done))
      } else {
        return BinaryError(.io, "cannot read: \(errnoText())", offset: UInt64(done))
      }
    }
    return nil
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}

/// What kind of file system object a `stat` mode describes, named for messages.
public enum FileKindName: String, Sendable, CustomStringConvertible {
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
  public init?(mode: UInt32) {
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
  public var description: String { rawValue }
}
