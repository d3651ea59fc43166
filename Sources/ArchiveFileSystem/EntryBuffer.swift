import BinaryImage
import ScanFiles

/// An archive entry's bytes as they are decompressed: memory that grows with the data that
/// actually arrives, never by a size the archive declares, and becomes the reader's
/// `FileBytes` without a copy.
struct EntryBuffer: ~Copyable {
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  /// The bytes written so far.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes to start with.
  init(capacity: Int) {
    self.capacity = max(capacity, 4096)
    start = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
  }

  deinit { start.deallocate() }

  /// The bytes written so far.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

  /// Free space past the written bytes, at most `wanted` bytes of it; the buffer doubles when full.
  mutating func freeSpace(atMost wanted: Int) -> UnsafeMutableRawBufferPointer {
    if count == capacity {
      let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
      grown.copyMemory(from: start, byteCount: count)
      start.deallocate()
      (start, capacity) = (grown, capacity * 2)
    }
    return UnsafeMutableRawBufferPointer(start: start + count, count: min(wanted, capacity - count))
  }

  /// Counts `written` bytes put into the last free space as data.
  mutating func commit(_ written: Int) {
    count += written
  }

  /// The bytes as a file of `fileSize` bytes (more than `count` when only a prefix was read).
  consuming func fileBytes(fileSize: Int) -> FileBytes {
    let file = FileBytes(adopting: start, count: count, fileSize: fileSize)
    discard self
    return file
  }
}
