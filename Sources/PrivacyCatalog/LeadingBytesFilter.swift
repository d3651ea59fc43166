/// A 4,096-bit set of the first four bytes of every name a `CatalogMatcher`'s tables can reach,
/// so that its `importFilter` turns most of an image's imports away with one load and a bit
/// test, before hashing the whole name. A name shorter than four bytes always passes on to the
/// tables; so does every name when a table key is too short to contribute its four bytes.
/// Collisions only let a name through to the exact check: they cost time, never a match.
struct LeadingBytesFilter: Sendable {
  private static let keyLength = 4
  private var bits = [UInt64](repeating: 0, count: 64)
  private var passesEverything = false

  /// Adds a name whose whole spelling is looked up: `name` itself must pass.
  mutating func add(name: some Collection<UInt8>) {
    guard name.count >= Self.keyLength else { return }  // shorter names pass anyway
    set(Self.bit(of: Array(name.prefix(Self.keyLength))))
  }

  /// Adds a prefix that a name matches by starting with it, as spelled or after one leading `_`.
  mutating func add(prefix: some Collection<UInt8>, orAfterUnderscore: Bool) {
    guard prefix.count >= Self.keyLength else { return passesEverything = true }
    set(Self.bit(of: Array(prefix.prefix(Self.keyLength))))
    if orAfterUnderscore { set(Self.bit(of: [UInt8(ascii: "_")] + prefix.prefix(Self.keyLength - 1))) }
  }

  /// Whether `name` may reach a table entry (false: it certainly does not).
  func mayReach(_ name: UnsafeRawBufferPointer) -> Bool {
    guard !passesEverything, name.count >= Self.keyLength else { return true }
    let bit = Self.bit(UInt32(littleEndian: name.loadUnaligned(as: UInt32.self)))
    return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  private mutating func set(_ bit: Int) {
    bits[bit >> 6] |= 1 << UInt64(bit & 63)
  }

  private static func bit(of key: [UInt8]) -> Int {
    bit(key.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
  }

  /// The top 12 bits of a multiplicative hash of the four leading bytes (read little-endian).
  private static func bit(_ key: UInt32) -> Int {
    Int((key &* 0x9e37_79b1) >> 20)
  }
}
