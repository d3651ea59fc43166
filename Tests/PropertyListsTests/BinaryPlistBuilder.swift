import Foundation

/// Builds `bplist00` files object by object, so that tests can write what Foundation never
/// writes: shared references on purpose, cycles, offsets and references past the end.
struct BinaryPlistBuilder {
  /// The encoded objects, in index order.
  private(set) var objects: [[UInt8]] = []
  /// The width of object references (1 addresses up to 256 objects).
  var referenceSize = 1

  /// Adds an encoded object and returns its index.
  @discardableResult
  mutating func add(_ encoded: [UInt8]) -> Int {
    objects.append(encoded)
    return objects.count - 1
  }

  /// Replaces the encoding of object `index` (for containers whose children are added after them).
  mutating func replace(_ index: Int, with encoded: [UInt8]) {
    objects[index] = encoded
  }

  /// The file, with the top object, and any trailer field overridden.
  func build(
    top: Int = 0, offsetSize: Int = 2, offsets: [Int]? = nil, objectCount: Int? = nil, tableOffset: Int? = nil,
    version: String = "00"
  ) -> Data {
    var file = Array("bplist\(version)".utf8)
    var table: [Int] = []
    for object in objects {
      table.append(file.count)
      file += object
    }
    let tableStart = file.count
    for offset in offsets ?? table { file += Self.bigEndian(offset, width: offsetSize) }
    file += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    file += Self.bigEndian(objectCount ?? objects.count, width: 8)
    file += Self.bigEndian(top, width: 8)
    file += Self.bigEndian(tableOffset ?? tableStart, width: 8)
    return Data(file)
  }

  // MARK: Encodings

  /// A marker with a length in its low nibble, or 0xF and an integer object for lengths of 15 and more.
  static func marker(_ type: UInt8, count: Int) -> [UInt8] {
    count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0xF] + integer(Int64(count))
  }

  /// An integer object in the narrowest width Foundation would use (negative values take 8 bytes).
  static func integer(_ value: Int64) -> [UInt8] {
    switch value {
    case 0...0xFF: [0x10] + bigEndian(Int(value), width: 1)
    case 0...0xFFFF: [0x11] + bigEndian(Int(value), width: 2)
    case 0...0xFFFF_FFFF: [0x12] + bigEndian(Int(value), width: 4)
    default: [0x13] + bigEndian(Int(value), width: 8)
    }
  }

  static func ascii(_ text: String) -> [UInt8] { marker(0x5, count: text.utf8.count) + Array(text.utf8) }

  static func utf16(_ text: String) -> [UInt8] {
    let units = Array(text.utf16)
    return marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  static func data(_ bytes: [UInt8]) -> [UInt8] { marker(0x4, count: bytes.count) + bytes }

  static func double(_ value: Double) -> [UInt8] {
    [0x23] + bigEndian(Int(bitPattern: UInt(value.bitPattern)), width: 8)
  }

  static func float(_ value: Float) -> [UInt8] { [0x22] + bigEndian(Int(value.bitPattern), width: 4) }

  static func date(sinceReferenceDate seconds: Double) -> [UInt8] {
    [0x33] + bigEndian(Int(bitPattern: UInt(seconds.bitPattern)), width: 8)
  }

  func array(_ references: [Int]) -> [UInt8] {
    Self.marker(0xA, count: references.count) + references.flatMap { Self.bigEndian($0, width: referenceSize) }
  }

  func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
    Self.marker(0xD, count: keys.count) + (keys + values).flatMap { Self.bigEndian($0, width: referenceSize) }
  }

  static func bigEndian(_ value: Int, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(value)) >> (8 * UInt64($0))) }
  }
}
