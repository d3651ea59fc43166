#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file mapped read-only into memory, unmapped when the last reference goes away.
///
/// Readers work on `bytes` directly, so only the pages of the tables they parse are ever read
/// from disk. The mapping is private and copy-on-write: a library that writes into the buffer
/// (libelf converting byte order in place) never changes the file.
public final class MappedFile: @unchecked Sendable {
  /// The mapped bytes; empty for an empty file.
  public let bytes: UnsafeRawBufferPointer
  private let base: UnsafeMutableRawPointer?

  /// Maps the file at `path`.
  /// - Throws: `BinaryError` of kind `io` when the file cannot be opened, is not a regular file, or cannot be mapped.
  public init(path: String) throws(BinaryError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BinaryError(.io, "cannot open: \(Self.errnoText())") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw BinaryError(.io, "cannot stat: \(Self.errnoText())") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw BinaryError(.io, "not a regular file") }
    let size = Int(info.st_size)
    guard size > 0 else {
      base = nil
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0)
    guard let address, address != MAP_FAILED else { throw BinaryError(.io, "cannot map: \(Self.errnoText())") }
    base = address
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    if let base { munmap(base, bytes.count) }
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
