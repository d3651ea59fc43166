import Foundation
import Synchronization

/// Memory reused from file to file for the binaries read whole (`FileBytes`): a static
/// library's members reach across the whole file, so its reader touches most of it anyway.
///
/// Read into a buffer that stays mapped, a file costs one copy from the page cache. Mapped
/// instead, it cost a page fault for every few pages touched and, when unmapped, a TLB
/// shootdown on every other core running the scan: on the signed static xcframeworks that was
/// a sixth of the scan's CPU time, and reading into these buffers cut it by 9% (Linux 6.18).
/// Where populating a mapping pays (`FileCalls.populatingPays`), files are mapped instead.
/// A buffer is taken for one file and given back when its bytes are freed; at most one per core
/// is kept, so the memory held does not grow with the number of files read.
enum ReadBuffers {
  /// The largest file read into a reused buffer, and each buffer's size; a larger file is mapped.
  static let capacity = 4 << 20

  /// One buffer of `capacity` bytes, owned by whoever took it until it is given back.
  struct Buffer: @unchecked Sendable {
    let start: UnsafeMutableRawPointer
  }

  private static let idle = Mutex<[Buffer]>([])
  private static let keptAtMost = max(2, ProcessInfo.processInfo.activeProcessorCount)

  /// A buffer of `capacity` bytes: an idle one, else a new one; `nil` when no memory is left for
  /// one (the file is then mapped).
  static func take() -> Buffer? {
    idle.withLock { $0.popLast() } ?? FileCalls.allocateReusableBuffer(count: capacity).map(Buffer.init)
  }

  /// Gives `buffer` back for the next file; freed when enough are idle already.
  static func give(_ buffer: Buffer) {
    let kept = idle.withLock { buffers in
      guard buffers.count < keptAtMost else { return false }
      buffers.append(buffer)
      return true
    }
    if !kept { FileCalls.freeReusableBuffer(buffer.start) }
  }
}
