import BinaryImage
import Testing

@Suite struct ByteReaderTests {
  @Test func readsIntegersInBothByteOrders() throws {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04]
    try bytes.withUnsafeBytes { raw in
      var little = ByteReader(raw)
      #expect(try little.read(UInt32.self, "field") == 0x0403_0201)
      var big = ByteReader(raw, byteOrder: .big)
      #expect(try big.read(UInt32.self, "field") == 0x0102_0304)
    }
  }

  @Test func readPastEndThrowsTruncatedWithFileOffset() throws {
    let bytes: [UInt8] = [1, 2, 3]
    bytes.withUnsafeBytes { raw in
      var reader = ByteReader(raw, baseOffset: 0x100)
      #expect {
        _ = try reader.read(UInt32.self, "header")
      } throws: { error in
        let error = error as? BinaryError
        return error?.kind == .truncated && error?.offset == 0x100
      }
    }
  }

  @Test func sliceRejectsOverflowingRanges() {
    let bytes = [UInt8](repeating: 0, count: 16)
    bytes.withUnsafeBytes { raw in
      let reader = ByteReader(raw)
      #expect(throws: BinaryError.self) { try reader.slice(at: 8, count: 9, "table") }
      #expect(throws: BinaryError.self) { try reader.slice(at: Int.max, count: Int.max, "table") }
      #expect(throws: BinaryError.self) { try reader.slice(at: UInt64.max, count: 1, "table") }
    }
  }

  @Test func slicesKeepAbsoluteOffsets() throws {
    let bytes = [UInt8](0..<32)
    try bytes.withUnsafeBytes { raw in
      let reader = ByteReader(raw, baseOffset: 1000)
      let sub = try reader.slice(at: 8, count: 8, "table")
      #expect(sub.baseOffset == 1008)
      #expect(try sub.peek(UInt8.self, at: 0, "byte") == 8)
    }
  }

  @Test func uleb128DecodesAndRejectsOverflow() throws {
    let good: [UInt8] = [0xe5, 0x8e, 0x26]
    try good.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(try reader.readULEB128("value") == 624_485)
    }
    let tooLong = [UInt8](repeating: 0xff, count: 11) + [0x01]
    tooLong.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(throws: BinaryError.self) { try reader.readULEB128("value") }
    }
    let unterminated: [UInt8] = [0x80, 0x80]
    unterminated.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(throws: BinaryError.self) { try reader.readULEB128("value") }
    }
  }

  @Test func sleb128DecodesNegativeValues() throws {
    let bytes: [UInt8] = [0xc0, 0xbb, 0x78]
    try bytes.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(try reader.readSLEB128("value") == -123_456)
    }
  }

  @Test func cStringNeedsTerminator() throws {
    let bytes = Array("abc\0def".utf8)
    try bytes.withUnsafeBytes { raw in
      let reader = ByteReader(raw)
      #expect(String(fileBytes: try reader.cString(at: 0, "name")) == "abc")
      #expect(throws: BinaryError.self) { try reader.cString(at: 4, "name") }
      #expect(throws: BinaryError.self) { try reader.cString(at: 99, "name") }
    }
  }

  @Test func magicSniffing() {
    func magic(_ bytes: [UInt8]) -> FileMagic { bytes.withUnsafeBytes { FileMagic($0) } }
    #expect(magic([0x7f, 0x45, 0x4c, 0x46, 2]) == .elf)
    #expect(magic([0xcf, 0xfa, 0xed, 0xfe]) == .machO)
    #expect(magic([0xca, 0xfe, 0xba, 0xbe]) == .universal)
    #expect(magic(Array("!<arch>\nxx".utf8)) == .archive)
    #expect(magic([0x00, 0x01]) == .unknown)
  }
}
