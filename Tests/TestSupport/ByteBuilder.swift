package import BinaryImage

/// Builds byte literals for unit tests: fixed-width integers in either byte order, LEB128,
/// C strings and padding, so each test spells out the structure it feeds the reader.
package struct ByteBuilder {
  /// The bytes built so far.
  package var bytes: [UInt8] = []
  /// The byte order integers are written in.
  package var byteOrder: ByteOrder = .little

  /// Creates an empty builder writing integers in `byteOrder`.
  package init(byteOrder: ByteOrder = .little) { self.byteOrder = byteOrder }

  /// Appends one byte.
  package mutating func u8(_ value: UInt8) { bytes.append(value) }
  /// Appends a 16-bit integer.
  package mutating func u16(_ value: UInt16) { integer(value) }
  /// Appends a 32-bit integer.
  package mutating func u32(_ value: UInt32) { integer(value) }
  /// Appends a 64-bit integer.
  package mutating func u64(_ value: UInt64) { integer(value) }
  /// Appends the UTF-8 bytes of `string`.
  package mutating func text(_ string: String) { bytes += Array(string.utf8) }
  /// Appends the UTF-8 bytes of `string` and a NUL.
  package mutating func cString(_ string: String) { bytes += Array(string.utf8) + [0] }
  /// Appends `byte` until there are `count` bytes.
  package mutating func pad(to count: Int, with byte: UInt8 = 0) {
    if bytes.count < count { bytes += [UInt8](repeating: byte, count: count - bytes.count) }
  }
  /// Appends `value` as unsigned LEB128.
  package mutating func uleb(_ value: UInt64) {
    var rest = value
    repeat {
      var byte = UInt8(rest & 0x7f)
      rest >>= 7
      if rest != 0 { byte |= 0x80 }
      bytes.append(byte)
    } while rest != 0
  }

  private mutating func integer<T: FixedWidthInteger>(_ value: T) {
    let ordered = byteOrder == .little ? value.littleEndian : value.bigEndian
    withUnsafeBytes(of: ordered) { bytes += $0 }
  }
}
