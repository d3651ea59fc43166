import BinaryImage
import TestSupport
import Testing

@Suite struct ByteReaderTests {
  @Test func readsIntegersInBothByteOrders() throws {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04]
    #expect(try withReader(bytes) { try $0.read(UInt32.self, "field") } == 0x0403_0201)
    #expect(try withReader(bytes, byteOrder: .big) { try $0.read(UInt32.self, "field") } == 0x0102_0304)
  }

  @Test func readPastEndThrowsTruncatedWithFileOffset() {
    let error = withReader([1, 2, 3], baseOffset: 0x100) { reader in
      thrownBinaryError { _ = try reader.read(UInt32.self, "header") }
    }
    #expect(error?.kind == .truncated)
    #expect(error?.offset == 0x100)
    #expect(error?.description.hasPrefix("header: ") == true)
  }

  @Test func sliceRejectsOverflowingRanges() {
    withReader([UInt8](repeating: 0, count: 16)) { reader in
      #expect(thrownBinaryError { _ = try reader.slice(at: 8, count: 9, "table") }?.kind == .truncated)
      #expect(thrownBinaryError { _ = try reader.slice(at: Int.max, count: Int.max, "table") }?.kind == .malformed)
      #expect(thrownBinaryError { _ = try reader.slice(at: UInt64.max, count: 1, "table") }?.kind == .malformed)
      #expect(thrownBinaryError { _ = try reader.slice(at: 16, count: 0, "table") } == nil)
    }
  }

  @Test func slicesKeepAbsoluteOffsets() throws {
    let byte = try withReader([UInt8](0..<32), baseOffset: 1000) { reader in
      let sub = try reader.slice(at: 8, count: 8, "table")
      #expect(sub.baseOffset == 1008)
      return try sub.peek(UInt8.self, at: 0, "byte")
    }
    #expect(byte == 8)
  }

  @Test func forEachCStringGivesEachTerminatedStringWithItsOffset() {
    let section = Array("ab\0\0cde\0tail".utf8)
    var seen: [(String, Int)] = []
    section.withUnsafeBytes { raw in
      ByteReader.forEachCString(in: raw) { string, offset in
        seen.append((String(decoding: string, as: UTF8.self), offset))
        return true
      }
    }
    #expect(seen.map(\.0) == ["ab", "", "cde"], "the unterminated tail is not a string")
    #expect(seen.map(\.1) == [0, 3, 4])
    var count = 0
    section.withUnsafeBytes { raw in
      ByteReader.forEachCString(in: raw) { _, _ in
        count += 1
        return false
      }
    }
    #expect(count == 1, "stops when told to")
  }

  @Test func uleb128DecodesAndRejectsOverflow() throws {
    #expect(try withReader([0xe5, 0x8e, 0x26]) { try $0.readULEB128("value") } == 624_485)
    let tooLong = [UInt8](repeating: 0xff, count: 11) + [0x01]
    #expect(
      withReader(tooLong) { reader in thrownBinaryError { _ = try reader.readULEB128("value") } }?.kind == .malformed)
    #expect(
      withReader([0x80, 0x80]) { reader in thrownBinaryError { _ = try reader.readULEB128("value") } }?.kind
        == .truncated)
  }

  @Test func sleb128DecodesNegativeValues() throws {
    #expect(try withReader([0xc0, 0xbb, 0x78]) { try $0.readSLEB128("value") } == -123_456)
  }

  /// Nine bytes, the last with its sign bit set: the value is sign-extended from bit 63 (the
  /// Mach-O fuzzer's trap was `-(1 << 63)`).
  @Test func sleb128SignExtendedFromBit63DoesNotTrap() throws {
    let bytes: [UInt8] = Array(repeating: 0x80, count: 8) + [0x40]
    #expect(try withReader(bytes) { try $0.readSLEB128("value") } == Int64(bitPattern: 0xC000_0000_0000_0000))
  }

  @Test func cStringNeedsTerminator() throws {
    let name = try withReader(Array("abc\0def".utf8)) { reader in
      String(fileBytes: try reader.cString(at: 0, "name"))
    }
    #expect(name == "abc")
    withReader(Array("abc\0def".utf8)) { reader in
      #expect(thrownBinaryError { _ = try reader.cString(at: 4, "name") }?.kind == .truncated)
      #expect(thrownBinaryError { _ = try reader.cString(at: 99, "name") }?.kind == .malformed)
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

  @Test func errorsRenderWithPathMemberAndArchitecture() {
    let error = BinaryError(
      .malformed, "Mach-O load commands: cmdsize 0", offset: 0x20, member: "a.o", architecture: "arm64")
    #expect(error.rendered(path: "libX.a") == "libX.a[a.o](arm64): Mach-O load commands: cmdsize 0 at 0x20")
  }
}
