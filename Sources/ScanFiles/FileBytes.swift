package import BinaryImage

/// A file's bytes in private, writable memory: what every reader takes, whether the bytes came
/// from the local disk, an archive entry or memory.
///
/// A small file (at most `readThreshold` bytes) is copied: mapping and unmapping it would cost
/// more than copying it. A larger one is copied only as far as its reader's tables reach or,
/// when the local file system maps files (`LocalFileSystem.LargeFiles.mapped`, which the CLI
/// uses), read whole into memory reused from file to file (`ReadBuffers`, up to
/// `ReadBuffers.capacity` bytes: a static library, whose members its reader reaches across; on
/// a kernel where populating a mapping pays, such a file is mapped with all its pages instead)
/// or, larger still, mapped privately, so only the pages a reader parses are read from disk; then
/// `TruncationGuard` keeps a file that shrinks while it is parsed (a build writing it, a sync
/// client) from raising SIGBUS, and `shrankWhileRead` says the result must be discarded. Either
/// way the memory is private and writable, so a library that converts byte order in place
/// (libelf) never changes the file.
public final class FileBytes: @unchecked Sendable {
  /// Files up to this size are read rather than mapped.
  package static let readThreshold = 256 << 10

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
    case reused(ReadBuffers.Buffer)
  }

  /// Whether the file shrank while its mapping was read: what was read past the new end was
  /// zeros, so anything parsed from these bytes must be discarded.
  package var shrankWhileRead: Bool {
    guard case .mapped(_, let slot) = storage else { return false }
    return TruncationGuard.hasFaulted(slot)
  }

  /// The bytes, writable: for a library that converts byte order in place.
  package var mutableBytes: UnsafeMutableRawBufferPointer {
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
  /// A file larger than `readThreshold` is, when `mapping` is on, read whole into a reused buffer
  /// up to `ReadBuffers.capacity` bytes (unless populating a mapping pays) and mapped otherwise
  /// (when `TruncationGuard` is installed); else it is copied, and then only as far as `needed`
  /// asks (a reader's tables), judged from the bytes copied so far, in at most four rounds before
  /// the rest is read.
  /// - Throws: `io` when the file cannot be opened, is not a regular file, or shrinks while it is read.
  package convenience init(
    path: String, limit: Int, mapping: Bool = false, needing needed: ((UnsafeRawBufferPointer, Int) -> Int)? = nil
  ) throws(BinaryError) {
    let fd = try FileCalls.openForReading(path).mapError { BinaryError(.io, "cannot open: \($0)") }.get()
    defer { FileCalls.closeFile(fd) }
    let (kind, fileSize) = try FileCalls.kindAndSize(of: fd).mapError { BinaryError(.io, "cannot stat: \($0)") }.get()
    guard kind == .regular else {
      throw BinaryError(.io, "is a \(kind?.description ?? "special file"), not a regular file")
    }
    let count = min(fileSize, max(0, limit))
    guard count > 0 else {
      self.init(owning: nil, count: 0, fileSize: fileSize)
      return
    }
    if mapping, count > Self.readThreshold {
      // A file up to `ReadBuffers.capacity` (a static archive, whose members its reader reaches
      // across) is read whole into a reused buffer or, where populating a mapping pays, mapped with
      // every page at once: on a kernel that maps a file a fault per 64 KiB touched, that cost less
      // than faulting the pages in (15% of a scan's CPU time on signed static xcframeworks) and
      // less than copying the archives into reused buffers (an earlier pass: 88.5 against 72.5 ms).
      let readsWhole = count <= ReadBuffers.capacity
      if readsWhole, !FileCalls.populatingPays, let buffer = ReadBuffers.take() {
        if let failure = Self.readFully(fd, into: buffer.start, from: 0, to: count) {
          ReadBuffers.give(buffer)
          throw failure
        }
        self.init(storage: .reused(buffer), count: count, fileSize: fileSize)
        return
      }
      if let mapped = Self.map(fd, count: count, populating: readsWhole && FileCalls.populatingPays) {
        self.init(storage: mapped, count: count, fileSize: fileSize)
        return
      }
    }
    let (buffer, copied) = try Self.copy(fd, count: count, fileSize: fileSize, needing: needed)
    self.init(owning: buffer, count: copied, fileSize: fileSize)
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
    case .reused(let buffer): bytes = UnsafeRawBufferPointer(start: buffer.start, count: count)
    }
    self.fileSize = fileSize
  }

  deinit {
    switch storage {
    case .none: break
    case .allocated(let buffer): buffer.deallocate()
    case .reused(let buffer): ReadBuffers.give(buffer)
    case .mapped(let address, let slot):
      FileCalls.unmap(address, count: bytes.count)
      TruncationGuard.release(slot)
    }
  }

  /// Maps `count` bytes of `fd` privately and watches the mapping, every page mapped at once when
  /// `populating` (`FileCalls.populate`); `nil` to read instead.
  private static func map(_ fd: Int32, count: Int, populating: Bool) -> Storage? {
    guard case .success(let address) = FileCalls.mapPrivately(fd, count: count) else { return nil }
    guard let slot = TruncationGuard.watch(address, count: count) else {
      FileCalls.unmap(address, count: count)
      return nil
    }
    if populating { FileCalls.populate(address, count: count) }
    return .mapped(address, guardSlot: slot)
  }

  /// Copies the first `count` bytes of `fd`, or only as many as `needed` asks for.
  private static func copy(
    _ fd: Int32, count: Int, fileSize: Int, needing needed: ((UnsafeRawBufferPointer, Int) -> Int)?
  ) throws(BinaryError) -> (UnsafeMutableRawPointer, Int) {
    var wanted = needed == nil || count <= readThreshold ? count : min(count, firstRead)
    var buffer = UnsafeMutableRawPointer.allocate(byteCount: wanted, alignment: 16)
    var copied = 0
    var rounds = 0
    while true {
      if let failure = readFully(fd, into: buffer, from: copied, to: wanted) {
        buffer.deallocate()
        throw failure
      }
      copied = wanted
      guard let needed, copied < count else { break }
      rounds += 1
      let asked =
        rounds > 3 ? count : min(count, needed(UnsafeRawBufferPointer(start: buffer, count: copied), fileSize))
      guard asked > copied else { break }
      let larger = UnsafeMutableRawPointer.allocate(byteCount: asked, alignment: 16)
      larger.copyMemory(from: buffer, byteCount: copied)
      buffer.deallocate()
      buffer = larger
      wanted = asked
    }
    return (buffer, copied)
  }

  /// Reads bytes `from..<to` into `buffer` at the same offsets; an error when the file ends first.
  private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, from: Int, to: Int) -> BinaryError? {
    switch FileCalls.read(fd, into: buffer + from, count: to - from, at: from) {
    case .failure(let error): return BinaryError(.io, "cannot read: \(error)", offset: UInt64(from))
    case .success(let got) where got < to - from:
      return BinaryError(
        .io, "the file shrank while it was read (\(from + got) of \(to) bytes)", offset: UInt64(from + got))
    case .success: return nil
    }
  }

  /// The bytes copied first when a reader says how many it needs: a Mach-O header and its load commands.
  private static let firstRead = 64 << 10
}
