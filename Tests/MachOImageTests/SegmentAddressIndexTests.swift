import BinaryImage
import TestSupport
import Testing

@testable import MachOImage

/// `SegmentAddressIndex` gives the answer of a walk over the segments in load-command order,
/// however the segments overlap or reach the end of the address space.
@Suite struct SegmentAddressIndexTests {
  /// Parses an `LC_SEGMENT_64` with these fields.
  private func segment(address: UInt64, fileOffset: UInt64, fileSize: UInt64) throws -> Segment {
    var command = ByteBuilder()
    command.u32(0x19)
    command.u32(72)
    command.pad(to: 24)
    for field in [address, fileSize, fileOffset, fileSize] { command.u64(field) }
    command.pad(to: 72)
    return try withReader(command.bytes) { reader in
      try Segment(parsing: LoadCommand(type: 0x19, body: reader), is64Bit: true)
    }
  }

  /// The first segment, in order, whose file-backed bytes hold `address`.
  private func walk(_ segments: [Segment], _ address: UInt64) -> UInt64? {
    for segment in segments where address >= segment.address {
      let delta = address - segment.address
      guard delta < segment.fileSize else { continue }
      let (offset, overflow) = segment.fileOffset.addingReportingOverflow(delta)
      if !overflow { return offset }
    }
    return nil
  }

  @Test func overlappingSegmentsResolveToTheFirstInCommandOrder() throws {
    let segments = [
      try segment(address: 0x1000, fileOffset: 0, fileSize: 0x100),
      try segment(address: 0x800, fileOffset: 0x5000, fileSize: 0x1000),
      try segment(address: 0x1080, fileOffset: 0x9000, fileSize: 0x10),
    ]
    let index = SegmentAddressIndex(segments)
    #expect(index.fileOffset(ofAddress: 0x1000) == 0)
    #expect(index.fileOffset(ofAddress: 0x1088) == 0x88)
    #expect(index.fileOffset(ofAddress: 0x0fff) == 0x57ff)
    #expect(index.fileOffset(ofAddress: 0x1100) == 0x5900)
    #expect(index.fileOffset(ofAddress: 0x1800) == nil)
    #expect(index.fileOffset(ofAddress: 0x7ff) == nil)
  }

  @Test func randomSegmentsAgreeWithTheWalk() throws {
    var random = SeededGenerator(seed: 0x5e6_ad0e)
    for _ in 0..<200 {
      let nearEnd = Bool.random(using: &random)
      var segments: [Segment] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        let address =
          nearEnd ? UInt64.max - UInt64.random(in: 0...0x400, using: &random) : .random(in: 0...0x400, using: &random)
        let fileOffset =
          Bool.random(using: &random)
          ? UInt64.max - .random(in: 0...0x100, using: &random) : .random(in: 0...0x1000, using: &random)
        let fileSize: UInt64 = Bool.random(using: &random) ? .random(in: 0...0x200, using: &random) : .max
        segments.append(try segment(address: address, fileOffset: fileOffset, fileSize: fileSize))
      }
      let index = SegmentAddressIndex(segments)
      var probes: [UInt64] = [0, 1, .max, .max - 1]
      for segment in segments {
        probes += [segment.address, segment.address &- 1, segment.address &+ segment.fileSize, segment.address &+ 1]
      }
      for _ in 0..<50 {
        probes.append(
          nearEnd ? UInt64.max - .random(in: 0...0x800, using: &random) : .random(in: 0...0x800, using: &random))
      }
      for address in probes {
        #expect(index.fileOffset(ofAddress: address) == walk(segments, address), "address \(address)")
      }
    }
  }
}
