import Synchronization

extension ByteReader {
  /// The largest table `warmCache()` reads ahead: one that fits a core's own cache with room to
  /// spare, so the lines read are still there when the look-ups come.
  private static let warmedTableLimit = 1 << 20

  /// Reads one byte of each 64-byte line of a table that look-ups will land in at random, front
  /// to back, so that they find it in cache: a streamed pass, which the hardware prefetcher runs
  /// ahead of, costs far less than a cache miss at each scattered first touch. A symbol table's
  /// string table is read so (a linker orders names by suffix, not by symbol), and it was a
  /// tenth of a scan of static archives. A table larger than `warmedTableLimit` is left alone:
  /// its first lines would be evicted before they are used.
  package func warmCache() {
    guard let base = bytes.baseAddress, bytes.count <= Self.warmedTableLimit else { return }
    var folded: UInt8 = 0
    var offset = 0
    while offset < bytes.count {
      folded |= base.load(fromByteOffset: offset, as: UInt8.self)
      offset &+= 64
    }
    // Published so that the optimizer cannot drop the loads; the value itself means nothing.
    Self.warmedBytesSink.store(folded, ordering: .relaxed)
  }

  /// Where `warmCache()` leaves what it read.
  private static let warmedBytesSink = Atomic<UInt8>(0)
}
