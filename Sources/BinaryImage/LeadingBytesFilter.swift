/// A 4,096-bit set of the first four bytes of names, so that a reader turns most of an image's
/// imports away with one load and a bit test, before measuring or hashing the whole name (an
/// `ImportFilter` gives one). A name shorter than four bytes always passes; so does every name
/// when a name or prefix added is too short to contribute its four bytes. Collisions only let a
/// name through to the filter's exact check: they cost time, never a name the filter keeps.
public struct LeadingBytesFilter: Sendable {
  /// How many leading bytes a name is tested by.
  public static let keyLength = 4
  @usableFromInline var bits = [UInt64](repeating: 0, count: 64)
  @usableFromInline var passesEverything = false

  /// A filter that passes nothing until names are added.
  public init() {}

  /// A filter that passes every name: for a reader without an `ImportFilter`.
  public static var everything: LeadingBytesFilter {
    var filter = LeadingBytesFilter()
    filter.passesEverything = true
    return filter
  }

  /// Adds a name whose whole spelling is looked up: `name` itself must pass.
  public mutating func add(name: some Collection<UInt8>) {
    guard name.count >= Self.keyLength else { return }  // shorter names pass anyway
    set(Self.bit(of: Array(name.prefix(Self.keyLength))))
  }

  /// Adds a prefix that a name matches by starting with it, as spelled or after one leading `_`.
  public mutating func add(prefix: some Collection<UInt8>, orAfterUnderscore: Bool) {
    guard prefix.count >= Self.keyLength else { return passesEverything = true }
    set(Self.bit(of: Array(prefix.prefix(Self.keyLength))))
    if orAfterUnderscore { set(Self.bit(of: [UInt8(ascii: "_")] + prefix.prefix(Self.keyLength - 1))) }
  }

  /// Whether a name starting with `leading` may pass (false: it certainly does not). `leading`
  /// is the whole name or its first `keyLength` bytes, its NUL included when the name is
  /// shorter, or fewer when its table ends first: a NUL among them ends a shorter name, which
  /// passes.
  @inlinable
  public func mayReach(startingWith leading: UnsafeRawBufferPointer) -> Bool {
    guard !passesEverything, leading.count >= Self.keyLength else { return true }
    let key = UInt32(littleEndian: leading.loadUnaligned(as: UInt32.self))
    let hasNUL = (key &- 0x0101_0101) & ~key & 0x8080_8080 != 0
    guard !hasNUL else { return true }
    let bit = Self.bit(key)
    return bits.withUnsafeBufferPointer { $0[bit &>> 6] } & (1 &<< UInt64(bit & 63)) != 0
  }

  private mutating func set(_ bit: Int) {
    bits[bit >> 6] |= 1 << UInt64(bit & 63)
  }

  private static func bit(of key: [UInt8]) -> Int {
    bit(key.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
  }

  /// The top 12 bits of a multiplicative hash of the four leading bytes (read little-endian).
  @inlinable
  static func bit(_ key: UInt32) -> Int {
    Int((key &* 0x9e37_79b1) &>> 20)
  }
}
