import BinaryImage
import Foundation
import TestSupport
import Testing

/// Each broken table the dynamic segment names fails with its own clear error, never a trap:
/// copies of the filestat sample (ELF64, little-endian) with one dynamic entry or program
/// header changed.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFDynamicSegmentTests {
  private static let tags: [String: UInt64] = [
    "DT_STRTAB": 5, "DT_SYMTAB": 6, "DT_STRSZ": 10, "DT_SYMENT": 11, "DT_PLTREL": 20, "DT_GNU_HASH": 0x6fff_fef5,
  ]

  @Test(
    arguments: [
      ("DT_SYMENT", 23, BinaryError.Kind.malformed, "ELF DT_SYMENT: 23, expected 24"),
      ("DT_GNU_HASH", 0xdead_0000, .malformed, "ELF DT_GNU_HASH: address 0xdead0000 is in no PT_LOAD segment"),
      ("DT_STRSZ", 0x7fff_ffff, .truncated, "ELF DT_STRTAB: 2147483647 bytes at address 0x360"),
      ("DT_PLTREL", 5, .malformed, "ELF DT_PLTREL: 5, expected DT_RELA or DT_REL"),
      ("DT_SYMTAB", 0x500, .truncated, "ELF DT_SYMTAB (9 symbols): 216 bytes at address 0x500"),
    ] as [(String, UInt64, BinaryError.Kind, String)])
  func brokenDynamicEntryFailsWithItsError(_ tag: String, _ value: UInt64, _ kind: BinaryError.Kind, _ prefix: String)
    throws
  {
    var library = try Self.library()
    try #require(Self.setDynamicEntry(Self.tags[tag] ?? 0, to: value, in: &library), "\(tag) is in the sample")
    let error = try #require(thrownBinaryError { _ = try ELFFixtures.readScratch(library) })
    #expect(error.kind == kind)
    #expect(error.message.hasPrefix(prefix), "\(error.message)")
  }

  @Test func dynamicSegmentOutsideEverySegmentIsMalformed() throws {
    var library = try Self.library()
    let header = try #require(Self.programHeaders(library).first { Self.word32(library, at: $0) == 2 })  // PT_DYNAMIC
    Self.setWord64(&library, at: header + 16, to: 0x7000_0000)  // p_vaddr
    let error = try #require(thrownBinaryError { _ = try ELFFixtures.readScratch(library) })
    #expect(error.kind == .malformed)
    #expect(error.message == "ELF PT_DYNAMIC: address 0x70000000 is in no PT_LOAD segment")
  }

  @Test func loadSegmentWhoseRangeOverflowsIsMalformed() throws {
    var library = try Self.library()
    let header = try #require(Self.programHeaders(library).last { Self.word32(library, at: $0) == 1 })  // PT_LOAD
    Self.setWord64(&library, at: header + 40, to: UInt64.max)  // p_memsz, from p_vaddr 0x3de8
    let error = try #require(thrownBinaryError { _ = try ELFFixtures.readScratch(library) })
    #expect(error.message.hasSuffix("(PT_LOAD): address or offset range overflows"))
  }

  /// A dynamic segment in the zero-filled part of its segment reads as empty, as the loader sees
  /// it (separate debug-information files look like this): no libraries, no symbols, no error.
  @Test func dynamicSegmentInZeroFilledMemoryIsEmpty() throws {
    var library = try Self.library()
    let headers = Self.programHeaders(library)
    let load = try #require(headers.last { Self.word32(library, at: $0) == 1 })
    let dynamic = try #require(headers.first { Self.word32(library, at: $0) == 2 })
    Self.setWord64(&library, at: load + 32, to: 0)  // p_filesz of the writable segment holding .dynamic
    Self.setWord64(&library, at: dynamic + 32, to: 0)
    let image = try #require(try ELFFixtures.readScratch(library).images.first)
    #expect(image.libraries.isEmpty)
    #expect(image.symbols.isEmpty)
  }

  private static func library() throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: TamperedELF.original)))
  }

  /// The file offsets of the program headers (ELF64 little-endian).
  private static func programHeaders(_ bytes: [UInt8]) -> [Int] {
    let start = Int(word64(bytes, at: 32))
    let size = Int(bytes[54]) | Int(bytes[55]) << 8
    let count = Int(bytes[56]) | Int(bytes[57]) << 8
    return (0..<count).map { start + $0 * size }
  }

  /// Sets the value of the first dynamic entry with `tag`; `false` when there is none.
  private static func setDynamicEntry(_ tag: UInt64, to value: UInt64, in bytes: inout [UInt8]) -> Bool {
    guard let header = programHeaders(bytes).first(where: { word32(bytes, at: $0) == 2 }) else { return false }
    var entry = Int(word64(bytes, at: header + 8))
    while entry + 16 <= bytes.count, word64(bytes, at: entry) != 0 {
      if word64(bytes, at: entry) == tag {
        setWord64(&bytes, at: entry + 8, to: value)
        return true
      }
      entry += 16
    }
    return false
  }

  private static func word32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }

  private static func word64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
  }

  private static func setWord64(_ bytes: inout [UInt8], at offset: Int, to value: UInt64) {
    for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }
}
