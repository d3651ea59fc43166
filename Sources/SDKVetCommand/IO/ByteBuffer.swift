/// An append-only byte buffer that text and TSV rows are rendered into before they are written out.
struct ByteBuffer {
  private(set) var bytes: [UInt8] = []

  var isEmpty: Bool { bytes.isEmpty }

  mutating func append(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ raw: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: raw)
  }

  /// Appends `raw` with tab, newline, carriage return and backslash escaped (`\t`, `\n`, `\r`, `\\`),
  /// so a hostile symbol name cannot break a TSV row.
  mutating func appendTSVField(_ raw: UnsafeRawBufferPointer) {
    guard raw.contains(where: { $0 == 0x09 || $0 == 0x0a || $0 == 0x0d || $0 == 0x5c }) else {
      bytes.append(contentsOf: raw)
      return
    }
    for byte in raw {
      switch byte {
      case 0x09: bytes.append(contentsOf: [0x5c, 0x74])
      case 0x0a: bytes.append(contentsOf: [0x5c, 0x6e])
      case 0x0d: bytes.append(contentsOf: [0x5c, 0x72])
      case 0x5c: bytes.append(contentsOf: [0x5c, 0x5c])
      default: bytes.append(byte)
      }
    }
  }

  /// Appends a string as a TSV field (escaped as `appendTSVField`).
  mutating func appendTSVField(_ text: String) {
    var copy = text
    copy.withUTF8 { appendTSVField(UnsafeRawBufferPointer($0)) }
  }

}
