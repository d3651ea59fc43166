import BinaryImage
import TestSupport
import Testing

@testable import MachOImage

/// The pointers classic bind opcodes bind inside a range (how `__objc_classrefs` slots are named
/// without chained fixups), on hand-made streams: hostile counts and strides stay bounded by the
/// range, and malformed streams fail with typed errors.
@Suite struct DyldInfoBindTests {
  /// Segment vmaddrs, in load-command order.
  static let segments: [UInt64] = [0, 0x1000, 0x2000]
  /// ULEB128 of `UInt64.max`.
  static let largestCount: [UInt8] = Array(repeating: 0xff, count: 9) + [0x01]
  /// `BIND_OPCODE_SET_DYLIB_ORDINAL_IMM 1`, `SET_SYMBOL_TRAILING_FLAGS_IMM "_A"`, `SET_TYPE_IMM pointer`.
  static let symbolA: [UInt8] = [0x11, 0x40] + Array("_A".utf8) + [0, 0x51]

  static func bound(_ stream: [UInt8], within range: Range<UInt64>) throws -> [String] {
    var found: [String] = []
    try withReader(stream) { reader in
      try DyldInfoBinds.forEachBoundPointer(
        in: reader, segmentAddresses: segments, pointerSize: 8, within: range
      ) { address, name in found.append("\(String(address, radix: 16)) \(String(decoding: name, as: UTF8.self))") }
    }
    return found
  }

  @Test func aBindAndAHugeRepeatStopAtTheEndOfTheRange() throws {
    // Segment 2 offset 0x10: one bind, then UInt64.max binds 8 bytes apart.
    let stream = Self.symbolA + [0x72, 0x10, 0x90, 0xc0] + Self.largestCount + [0x00, 0x00]
    #expect(
      try Self.bound(stream, within: 0x2000..<0x2040) == [
        "2010 _A", "2018 _A", "2020 _A", "2028 _A", "2030 _A", "2038 _A",
      ])
    #expect(try Self.bound(stream, within: 0x2028..<0x2030) == ["2028 _A"], "the pointers before the range are skipped")
    #expect(try Self.bound(stream, within: 0x1000..<0x2000) == [])
  }

  @Test func aRepeatWithAWrappingStrideBindsOnce() throws {
    // skip 2^64 - 8: the stride (pointer size + skip) wraps to 0.
    let wrapping: [UInt8] = [0xf8] + Array(repeating: 0xff, count: 8) + [0x01]
    let stream = Self.symbolA + [0x72, 0x00, 0xc0] + Self.largestCount + wrapping + [0x00]
    #expect(try Self.bound(stream, within: 0x2000..<0x2040) == ["2000 _A"])
  }

  @Test func bindsAddressedPastTheSegmentsAreSkipped() throws {
    let outOfRange = Self.symbolA + [0x79, 0x00, 0x90, 0x00]  // segment 9 does not exist
    #expect(try Self.bound(outOfRange, within: 0..<UInt64.max) == [])
    let wrapping = Self.symbolA + [0x72] + Self.largestCount + [0x90, 0x00]  // vmaddr + offset overflows
    #expect(try Self.bound(wrapping, within: 0..<UInt64.max) == [])
  }

  @Test func threadedBindsAreUnsupportedAndTruncatedStreamsFail() {
    let threaded = Self.symbolA + [0xd0, 0x01, 0x72, 0x00, 0x90, 0x00]
    #expect(thrownBinaryError { _ = try Self.bound(threaded, within: 0x2000..<0x2040) }?.kind == .unsupported)
    let truncated = Self.symbolA + [0x72, 0x80]
    #expect(thrownBinaryError { _ = try Self.bound(truncated, within: 0x2000..<0x2040) }?.kind == .truncated)
    let unknown = Self.symbolA + [0xe0]
    #expect(thrownBinaryError { _ = try Self.bound(unknown, within: 0x2000..<0x2040) }?.kind == .malformed)
  }
}
