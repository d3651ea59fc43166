import BinaryImage

/// A read-only hash table keyed by byte strings, so that symbol names can be looked up straight
/// from an image's `NameTable` bytes without building a `String` per symbol.
///
/// Open addressing with linear probing over a power-of-two slot array, at most half full; keys
/// are hashed with `ByteStringSet.hash` and confirmed with a byte comparison. Built once per
/// catalog.
struct ByteKeyTable<Value: Sendable>: Sendable {
  /// Where a key's bytes are and its hash; plain data, so probing never retains anything.
  private struct Key: Sendable {
    var start: Int
    var length: Int
    var hash: UInt64
  }

  private let keyBytes: [UInt8]
  private let keys: [Key]
  private let values: [Value]
  /// Key index + 1 per slot; 0 marks an empty slot.
  private let slots: [Int]
  private let mask: Int
  /// The shortest and longest key, to reject most names before hashing them.
  private let lengthRange: Range<Int>

  /// Builds a table from keys that are already unique.
  init(_ pairs: [(key: [UInt8], value: Value)]) {
    var capacity = 8
    while capacity < pairs.count * 2 { capacity *= 2 }
    var keyBytes: [UInt8] = []
    var keys: [Key] = []
    var slots = [Int](repeating: 0, count: capacity)
    for pair in pairs {
      let hash = pair.key.withUnsafeBytes { Self.hash($0) }
      keys.append(Key(start: keyBytes.count, length: pair.key.count, hash: hash))
      keyBytes.append(contentsOf: pair.key)
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = keys.count
    }
    self.keyBytes = keyBytes
    self.keys = keys
    self.values = pairs.map(\.value)
    self.slots = slots
    self.mask = capacity - 1
    let lengths = pairs.map(\.key.count)
    self.lengthRange = (lengths.min() ?? 0)..<((lengths.max() ?? -1) + 1)
  }

  /// The value stored under exactly these bytes.
  func value(for bytes: UnsafeRawBufferPointer) -> Value? {
    guard lengthRange.contains(bytes.count) else { return nil }
    let hash = Self.hash(bytes)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = slots[slot] - 1
      let key = keys[index]
      if key.hash == hash && key.length == bytes.count
        && keyBytes[key.start..<(key.start + key.length)].elementsEqual(bytes)
      {
        return values[index]
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The hash every byte-keyed table in sdkvet uses (`ByteStringSet.hash`).
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteStringSet.hash(bytes) }
}
