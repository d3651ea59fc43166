import BinaryImage

/// Finds which of a set of byte prefixes a name starts with, without trying them one by one.
///
/// Prefixes are bucketed by their first `bucketLength` bytes (the length of the shortest prefix)
/// in a `ByteKeyTable`; a name is hashed once over that many bytes and then compared with the few
/// prefixes of its bucket. A table of possible first bytes rejects most names before any hashing.
struct PrefixIndex<Value: Sendable>: Sendable {
  private let prefixes: [(bytes: [UInt8], value: Value)]
  private let buckets: ByteKeyTable<[Int]>
  private let bucketLength: Int
  /// Indexed by byte: whether some prefix starts with it.
  private let firstBytes: [Bool]

  /// Builds the index; prefixes are kept in byte order so results are deterministic.
  init(_ entries: [(prefix: [UInt8], value: Value)]) {
    let nonEmpty = entries.filter { !$0.prefix.isEmpty }.sorted { $0.prefix.lexicographicallyPrecedes($1.prefix) }
    prefixes = nonEmpty.map { ($0.prefix, $0.value) }
    bucketLength = nonEmpty.map(\.prefix.count).min() ?? 0
    var grouped: [[UInt8]: [Int]] = [:]
    var firstBytes = [Bool](repeating: false, count: 256)
    for (index, entry) in nonEmpty.enumerated() {
      grouped[Array(entry.prefix.prefix(bucketLength)), default: []].append(index)
      firstBytes[Int(entry.prefix[0])] = true
    }
    buckets = ByteKeyTable(grouped.map { ($0.key, $0.value) })
    self.firstBytes = firstBytes
  }

  /// The prefixes that may start `name` (its bucket), as indices for `value(at:ifPrefixOf:)`;
  /// empty for most names.
  func candidates(for name: UnsafeRawBufferPointer) -> [Int] {
    guard bucketLength > 0, name.count >= bucketLength, firstBytes[Int(name[0])] else { return [] }
    return buckets.value(for: UnsafeRawBufferPointer(rebasing: name[0..<bucketLength])) ?? []
  }

  /// The value of candidate prefix `index` when `name` starts with that prefix.
  func value(at index: Int, ifPrefixOf name: UnsafeRawBufferPointer) -> Value? {
    name.begins(with: prefixes[index].bytes) ? prefixes[index].value : nil
  }
}

extension UnsafeRawBufferPointer {
  /// Whether the bytes start with `prefix`.
  func begins(with prefix: [UInt8]) -> Bool {
    guard count >= prefix.count else { return false }
    for offset in prefix.indices where self[offset] != prefix[offset] { return false }
    return true
  }
}
