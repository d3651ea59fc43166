#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hash set of byte strings that live elsewhere (a mapped file), each paired with a small tag.
///
/// Readers use it to report each name once without building a `String` or running Swift's
/// seeded `Hasher` per symbol: names are hashed with `ByteStringSet.hash` and confirmed with a
/// byte comparison. The set stores pointers into the caller's bytes, so it must not outlive
/// them. It grows with the entries inserted, never by a count read from a file.
public struct ByteStringSet {
  private struct Entry {
    var start: UnsafeRawPointer?
    var length: Int
    var tag: Int
    var hash: UInt64
  }

  private static let emptyLength = -1
  private var slots: [Entry]
  /// The number of entries.
  public private(set) var count = 0

  /// Creates an empty set.
  public init() {
    slots = Array(repeating: Entry(start: nil, length: Self.emptyLength, tag: 0, hash: 0), count: 64)
  }

  /// Inserts `bytes` with `tag` unless that pair is present.
  /// - Returns: Whether it was inserted (false when it was already there).
  @discardableResult
  public mutating func insert(_ bytes: UnsafeRawBufferPointer, tag: Int = 0) -> Bool {
    let hash = Self.hash(bytes) &+ UInt64(bitPattern: Int64(tag)) &* 0x9e37_79b9_7f4a_7c15
    if let _ = find(bytes, tag: tag, hash: hash).found { return false }
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let slot = find(bytes, tag: tag, hash: hash).slot
    slots[slot] = Entry(start: bytes.baseAddress, length: bytes.count, tag: tag, hash: hash)
    count += 1
    return true
  }

  /// Whether `bytes` with `tag` is in the set.
  public func contains(_ bytes: UnsafeRawBufferPointer, tag: Int = 0) -> Bool {
    let hash = Self.hash(bytes) &+ UInt64(bitPattern: Int64(tag)) &* 0x9e37_79b9_7f4a_7c15
    return find(bytes, tag: tag, hash: hash).found != nil
  }

  /// The slot holding the pair, or the empty slot where it would go.
  private func find(_ bytes: UnsafeRawBufferPointer, tag: Int, hash: UInt64) -> (slot: Int, found: Int?) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry.length == Self.emptyLength { return (slot, nil) }
      if entry.hash == hash && entry.tag == tag && entry.length == bytes.count
        && Self.equal(entry.start, bytes)
      {
        return (slot, slot)
      }
      slot = (slot + 1) & mask
    }
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Entry(start: nil, length: Self.emptyLength, tag: 0, hash: 0), count: old.count * 2)
    let mask = slots.count - 1
    for entry in old where entry.length != Self.emptyLength {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot].length != Self.emptyLength { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  private static func equal(_ start: UnsafeRawPointer?, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let start, let other = bytes.baseAddress else { return bytes.isEmpty }
    return start == other || memcmp(start, other, bytes.count) == 0
  }

  /// FNV-1a over 64-bit words instead of single bytes: each 8-byte native-endian word (the last
  /// one zero-padded) is XORed in and multiplied by the FNV prime, then the length is mixed in.
  /// Eight times fewer dependent multiplies than byte-wise FNV-1a; equality is confirmed by a
  /// byte comparison, so collisions cost time, never correctness.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
      hash = (hash ^ tail) &* prime
    }
    hash = (hash ^ UInt64(bytes.count)) &* prime
    return hash ^ (hash >> 29)
  }
}
