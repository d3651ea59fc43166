#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes in memory: memory-mapped when large, read into a private buffer when small.
///
/// Readers work on `bytes` directly. A large file is mapped, so only the pages of the tables a
/// reader parses are ever read from disk. A small file (at most `readThreshold` bytes) is read
/// with one `read`: mapping and unmapping it would cost more than copying it, and unmapping in
/// a multithreaded process interrupts every core to flush its TLB. Either way the memory is
/// private and writable: a library that writes into the buffer (libelf converting byte order in
/// place) never changes the file.
public final class MappedFile: @unchecked Sendable {
  /// Files up to this size are read rather than mapped.
  public static let readThreshold = 256 << 10

  /// The file's bytes; empty for an empty file.
  public let bytes: UnsafeRawBufferPointer
  private let storage: Storage

  private enum Storage {
    case empty
    case mapped(UnsafeMutableRawPointer)
    case allocated(UnsafeMutableRawPointer)
  }

  /// Loads the file at `path`.
  /// - Throws: `BinaryError` of kind `io` when the file cannot be opened, is not a regular file,
  ///   or cannot be read or mapped.
  public init(path: String) throws(BinaryError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BinaryError(.io, "cannot open: \(Self.errnoText())") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw BinaryError(.io, "cannot stat: \(Self.errnoText())") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw BinaryError(.io, "not a regular file") }
    guard let size = Int(exactly: info.st_size), size > 0 else {
      storage = .empty
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    if size <= Self.readThreshold {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
      guard Self.readFully(fd, into: buffer, count: size) else {
        let reason = Self.errnoText()
        buffer.deallocate()
        throw BinaryError(.io, "cannot read: \(reason)")
      }
      storage = .allocated(buffer)
      bytes = UnsafeRawBufferPointer(start: buffer, count: size)
      return
    }
    let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0)
    guard let address, address != MAP_FAILED else { throw BinaryError(.io, "cannot map: \(Self.errnoText())") }
    storage = .mapped(address)
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    switch storage {
    case .empty: break
    case .mapped(let address): munmap(address, bytes.count)
    case .allocated(let buffer): buffer.deallocate()
    }
  }

  /// Reads exactly `count` bytes, retrying short reads and interrupts; false on error or early end.
  private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
    var done = 0
    while done < count {
      let got = read(fd, buffer + done, count - done)
      if got > 0 {
        done += got
      } else if got < 0 && errno == EINTR {
        continue
      } else {
        if got == 0 { errno = EIO }  // the file shrank while being read
        return false
      }
    }
    return true
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
