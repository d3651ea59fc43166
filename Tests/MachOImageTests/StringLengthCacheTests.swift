import Testing

@testable import MachOImage

/// `StringLengthCache` answers as a dictionary of offsets to lengths would, sized for the strings
/// recorded or grown past its first room, for offsets that share their low bits and for the
/// edges of the offset range.
@Suite struct StringLengthCacheTests {
  @Test(arguments: [0, 3_000])
  func everyRecordedLengthIsFoundAndNoOtherOffset(expected room: Int) {
    var cache = StringLengthCache(expected: room)
    var expected: [UInt64: Int] = [:]
    // Offsets 4 KiB apart share their low twelve bits; lengths include 0 (an empty string).
    let offsets = (0..<3_000).map { UInt64($0) << 12 } + [1, 2, .max, .max - 1]
    for (index, offset) in offsets.enumerated() {
      #expect(cache.length(at: offset) == nil)
      cache.record(index % 7, at: offset)
      expected[offset] = index % 7
    }
    for (offset, length) in expected { #expect(cache.length(at: offset) == length) }
    for absent: UInt64 in [3, 4095, 4097, .max - 2] { #expect(cache.length(at: absent) == nil) }
  }

  @Test func anEmptyCacheFindsNothing() {
    #expect(StringLengthCache(expected: 0).length(at: 0) == nil)
  }
}
