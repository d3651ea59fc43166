import BinaryImage
import Testing

/// Builds byte literals for unit tests: fixed-width integers in either byte order, LEB128,
/// C strings and padding, so each test spells out the structure it feeds the reader.
struct ByteBuilder {
  var bytes: [UInt8] = []
  var byteOrder: ByteOrder = .little

  init(byteOrder: ByteOrder = .little) { self.byteOrder = byteOrder }

  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u16(_ value: UInt16) { integer(value) }
  mutating func u32(_ value: UInt32) { integer(value) }
  mutating func u64(_ value: UInt64) { integer(value) }
  mutating func text(_ string: String) { bytes += Array(string.utf8) }
  mutating func cString(_ string: String) { bytes += Array(string.utf8) + [0] }
  mutating func pad(to count: Int, with byte: UInt8 = 0) {
    if bytes.count < count { bytes += [UInt8](repeating: byte, count: count - bytes.count) }
  }
  mutating func uleb(_ value: UInt64) {
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
