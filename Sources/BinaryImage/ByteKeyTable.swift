#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hash table keyed by byte strings, each key paired with a small integer tag: sdkvet's one
/// byte-keyed table, for readers that report each name once and for the catalog's name lookups.
///
/// Names are looked up straight from file or `NameTable` bytes, without building a `String` or
/// running Swift's `Hasher` per name. Open addressing with linear probing over a power-of-two
/// slot array, at most half full; keys are copied into one byte arena and confirmed with a byte
/// comparison. The hash is seeded once per process and ends in a full avalanche, so a file
/// cannot pick names that pile up in one probe run. The table grows with the entries inserted,
/// never by a count read from a file.
///
/// The lookup path is `@inlinable` so that readers and the catalog, in other modules, get it
/// specialised for their value type: a scan looks up every import of every image here.
public struct ByteKeyTable<Value> {
  @usableFromInline typealias Entry = ByteKeyEntry

  @usableFromInline var keyBytes: [UInt8] = []
  @usableFromInline var entries: [Entry] = []
  @usableFromInline var values: [Value] = []
  /// Entry index + 1 per slot; 0 marks an empty slot. None until the first insertion: a reader
  /// makes several tables per image, most of which stay empty or small, and an empty table is
  /// then no allocation (a lookup in it is turned away by `shortest` and `longest`).
  @usableFromInline var slots: [Int] = []
  /// The shortest and longest key, to reject most absent names before hashing them.
  @usableFromInline var shortest = Int.max
  @usableFromInline var longest = -1
  /// The process's hash seed, copied so that hashing a name reads no global.
  @usableFromInline let seed: UInt64

  /// The number of entries.
  public var count: Int { entries.count }

  /// Creates an empty table.
  public init() {
    seed = byteKeyHashSeed
  }

  /// Creates a table from `pairs`, tag 0; of equal keys the first is kept.
  public init(_ pairs: some Sequence<(key: [UInt8], value: Value)>) {
    self.init()
    for pair in pairs { pair.key.withUnsafeBytes { _ = insert($0, value: pair.value) } }
  }

  /// Inserts `key` with `tag` and `value` unless that key and tag are present.
  /// - Returns: Whether it was inserted (false when it was already there; its value is kept).
  @inlinable @discardableResult
  public mutating func insert(_ key: UnsafeRawBufferPointer, tag: Int = 0, value: Value) -> Bool {
    let hash = hash(key, tag: tag)
    if slots.isEmpty { grow() }
    guard index(of: key, tag: tag, hash: hash) == nil else { return false }
    if (entries.count + 1) * 2 > slots.count { grow() }
    entries.append(Entry(start: keyBytes.count, length: key.count, tag: tag, hash: hash))
    keyBytes.append(contentsOf: key)
    values.append(value)
    place(entries.count - 1)
    shortest = min(shortest, key.count)
    longest = max(longest, key.count)
    return true
  }

  /// The value stored under exactly `key` and `tag`.
  @inlinable
  public func value(for key: UnsafeRawBufferPointer, tag: Int = 0) -> Value? {
    guard key.count >= shortest, key.count <= longest else { return nil }
    guard let index = index(of: key, tag: tag, hash: hash(key, tag: tag)) else { return nil }
    return values[index]
  }

  /// The entry holding `key` and `tag`.
  @inlinable
  func index(of key: UnsafeRawBufferPointer, tag: Int, hash: UInt64) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = slots[slot] - 1
      let entry = entries[index]
      if entry.hash == hash && entry.tag == tag && entry.length == key.count && keyEquals(entry, key) { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Not inlined: it runs only when the hash matched, and its `memcmp` stays this module's.
  @usableFromInline
  func keyEquals(_ entry: Entry, _ key: UnsafeRawBufferPointer) -> Bool {
    keyBytes.withUnsafeBytes { stored in
      guard let start = stored.baseAddress, let other = key.baseAddress else { return key.isEmpty }
      return memcmp(start + entry.start, other, key.count) == 0
    }
  }

  /// Puts entry `index` in the first free slot of its probe run.
  @inlinable
  mutating func place(_ index: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = index + 1
  }

  @usableFromInline
  mutating func grow() {
    if slots.isEmpty {
      // Room for the first entries, at 32 bytes a name, at once: most tables stay this small (a
      // reader's per image), and growing each array from nothing took several allocations for a
      // handful of names.
      entries.reserveCapacity(Self.firstCapacity)
      keyBytes.reserveCapacity(Self.firstCapacity * 32)
      values.reserveCapacity(Self.firstCapacity)
    }
    slots = [Int](repeating: 0, count: max(2 * Self.firstCapacity, slots.count * 2))
    for index in entries.indices { place(index) }
  }

  /// The entries the first insertion makes room for; the slots are twice as many.
  @usableFromInline static var firstCapacity: Int { 8 }

  /// The hash of `key` under `tag`.
  @inlinable
  func hash(_ key: UnsafeRawBufferPointer, tag: Int) -> UInt64 {
    hash(key) ^ UInt64(bitPattern: Int64(tag)) &* 0x9e37_79b9_7f4a_7c15
  }
}

extension ByteKeyTable: Sendable where Value: Sendable {}

/// One key of a `ByteKeyTable`: where its bytes are in the arena, its tag and its hash. Outside
/// the generic table, so the lookup loop of a table used from another module (the catalog's)
/// needs no type metadata per probe.
@usableFromInline
struct ByteKeyEntry: Sendable {
  @usableFromInline var start: Int
  @usableFromInline var length: Int
  @usableFromInline var tag: Int
  @usableFromInline var hash: UInt64

  @inlinable
  init(start: Int, length: Int, tag: Int, hash: UInt64) {
    self.start = start
    self.length = length
    self.tag = tag
    self.hash = hash
  }
}

extension ByteKeyTable where Value == Void {
  /// Inserts `key` with `tag` unless that pair is present.
  /// - Returns: Whether it was inserted (false when it was already there).
  @inlinable @discardableResult
  public mutating func insert(_ key: UnsafeRawBufferPointer, tag: Int = 0) -> Bool {
    insert(key, tag: tag, value: ())
  }

  /// Whether `key` with `tag` is in the table.
  @inlinable
  public func contains(_ key: UnsafeRawBufferPointer, tag: Int = 0) -> Bool {
    value(for: key, tag: tag) != nil
  }
}

/// The seed of the hashes of what a file chose (`ByteKeyTable`'s keys, the offsets of
/// `MachOImage`'s `StringLengthCache`), drawn once per process.
@usableFromInline package let byteKeyHashSeed = UInt64.random(in: .min ... .max)

/// MurmurHash3's 64-bit finalizer: every bit of the result depends on every bit of `hash`, so a
/// table that indexes by the low bits spreads out keys a file chose, once seeded.
@inlinable @inline(__always)
package func avalanched(_ hash: UInt64) -> UInt64 {
  var hash = hash
  hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
  hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
  return hash ^ (hash >> 33)
}

extension ByteKeyTable {
  /// FNV-1a over 64-bit words instead of single bytes, from the per-process seed: each 8-byte
  /// little-endian word (the last one zero-padded) is XORed in and multiplied by the FNV prime,
  /// then the length is mixed in and the result avalanched (MurmurHash3's 64-bit finalizer), so
  /// every output bit depends on every input bit. Eight times fewer dependent multiplies than
  /// byte-wise FNV-1a; equality is confirmed by a byte comparison, so collisions cost time,
  /// never correctness.
  @inlinable
  func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* prime
      offset += 8
    }
    let remaining = bytes.count - offset
    if remaining > 0 {
      var tail: UInt64 = 0
      if bytes.count >= 8 {
        // The last eight bytes, shifted so that only those not hashed yet remain.
        let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        tail = last >> UInt64(8 * (8 - remaining))
      } else {
        for index in 0..<remaining { tail |= UInt64(bytes[index]) << UInt64(8 * index) }
      }
      hash = (hash ^ tail) &* prime
    }
    return avalanched((hash ^ UInt64(bytes.count)) &* prime)
  }
}
