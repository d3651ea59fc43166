import BinaryImage
import Foundation
import ScanFiles
import TestSupport
import Testing

@testable import ELFSymbols

/// Stripped ELF code placed by `.eh_frame`: the call-site fixture whose static function loses its
/// symbol, the FDE ranges of every linked image the call-site differential reads compared with
/// `llvm-objdump --dwarf=frames`, and hand-made hostile sections.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason))
struct ELFFrameDescriptionTests {
  private static func sites(_ path: String) throws -> [CallSite] {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let image = try #require(try ELFReader.read(file, path: path, options: .all).images.first)
    return try #require(try ELFCallSites.find(in: file, image: image, query: CallSiteQuery(imports: ["stat"])))
      .imports["stat"] ?? []
  }

  /// The same link with its symbol table (`Samples/callsites/stat-local`) names the static
  /// function; stripped, its site is the same instruction, unnamed, at the same function start.
  @Test(arguments: ["x86_64", "aarch64"])
  func aStrippedStaticFunctionStartsWhereItsFDEDoes(architecture: String) throws {
    let named = try Self.sites(SampleLocator.sample("callsites/stat-local/libstatlocal-\(architecture).so"))
    let stripped = try Self.sites(SampleLocator.sample("callsites/bin/libstatlocal-\(architecture)-stripped.so"))
    #expect(named.map(\.function) == ["probe_exported", "probe_local"])
    #expect(stripped.map(\.function) == ["probe_exported", nil], "the static function has no symbol left")
    #expect(stripped.map(\.address) == named.map(\.address))
    #expect(stripped.map(\.functionStart) == named.map(\.functionStart))
  }

  /// A `.symtab` cut down to one local name (`strip -K`) leaves the exported functions to
  /// `.dynsym`: both tables name functions, so no site is left unnamed or named after its neighbour.
  @Test(arguments: ["x86_64", "aarch64"])
  func aCutDownSymbolTableLeavesExportedNamesToTheDynamicOne(architecture: String) throws {
    let named = try Self.sites(SampleLocator.sample("callsites/stat-local/libstatlocal-\(architecture).so"))
    let kept = try Self.sites(SampleLocator.sample("callsites/bin/libstatlocal-\(architecture)-kept-local.so"))
    #expect(kept.map(\.function) == ["probe_exported", "probe_local"])
    #expect(kept.map(\.address) == named.map(\.address))
    #expect(kept.map(\.functionStart) == named.map(\.functionStart))
  }

  @Test(
    .enabled(if: ReferenceTools.areExecutable(ELFCallSiteTests.objdump), "needs the toolchain's llvm-objdump"),
    arguments: ELFCallSiteTests.linked)
  func rangesMatchLLVMObjdump(path: String) throws {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let bytes = ByteReader(file.bytes)
    let sections = try ELFSectionHeaders(bytes)
    let section = try #require(sections.all.first { $0.name == ".eh_frame" })
    let frames = try ELFFrameDescriptions(
      try bytes.slice(at: section.fileOffset, count: section.size, ".eh_frame"), address: section.address)
    var expected: [Range<UInt64>] = []
    for line in try ReferenceTools.output(of: ELFCallSiteTests.objdump, ["--dwarf=frames", path]).split(separator: "\n")
    where line.contains(" FDE ") {
      guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("pc=") }) else { continue }
      let bounds = field.dropFirst(3).split(separator: ".", omittingEmptySubsequences: true)
      let start = try #require(UInt64(bounds[0], radix: 16))
      let end = try #require(UInt64(bounds[1], radix: 16))
      if end > start { expected.append(start..<end) }
    }
    if path.contains("callsites") { #expect(!expected.isEmpty) }
    #expect(frames.ranges == expected.sorted { $0.lowerBound < $1.lowerBound })
  }

  /// A "zR" CIE (pcrel|sdata4) and a "zPLR" CIE (absolute udata8) with one FDE each, the section
  /// loaded at 0x1000, ended by a zero length.
  static func section(fdeLength: UInt32 = 16, cieOfSecondFDE: UInt32? = nil, encoding: UInt8 = 0x1b) -> [UInt8] {
    var bytes = ByteBuilder()
    // CIE at 0: version 1, "zR", code align 1, data align -8, return register 16, data length 1, encoding.
    bytes.u32(16)
    bytes.u32(0)
    bytes.bytes += [1] + Array("zR".utf8) + [0, 1, 0x78, 16, 1, encoding, 0, 0, 0]
    // FDE at 20: CIE pointer 24 (back to 0), pc_begin pcrel 0x100 from its field (0x1000 + 28), range 0x40.
    bytes.u32(fdeLength)
    bytes.u32(24)
    bytes.u32(0x100)
    bytes.u32(0x40)
    bytes.u32(0)
    // CIE at 40: "zPLR": personality udata4 (4 bytes), LSDA encoding, FDE encoding udata8.
    bytes.u32(24)
    bytes.u32(0)
    bytes.bytes += [1] + Array("zPLR".utf8) + [0, 1, 0x78, 16, 7, 0x03, 0xaa, 0xbb, 0xcc, 0xdd, 0x1b, 0x04, 0, 0, 0]
    // FDE at 68: CIE pointer 32 (back to 40), pc_begin 0x2000, range 0x20, augmentation length 0.
    bytes.u32(20)
    bytes.u32(cieOfSecondFDE ?? 32)
    bytes.u64(0x2000)
    bytes.u64(0x20)
    bytes.u32(0)
    return bytes.bytes
  }

  static func frames(_ bytes: [UInt8]) throws -> [Range<UInt64>] {
    try withReader(bytes) { reader in try ELFFrameDescriptions(reader, address: 0x1000).ranges }
  }

  @Test func bothCIEFormsAreRead() throws {
    let frames = try Self.frames(Self.section())
    let relative: UInt64 = 0x1000 + 28 + 0x100  // the field's address plus its value
    let expected: [Range<UInt64>] = [relative..<(relative + 0x40), 0x2000..<0x2020]
    #expect(frames == expected)
    let found = try withReader(Self.section()) { try ELFFrameDescriptions($0, address: 0x1000) }
    #expect(found.range(holding: 0x2010) == 0x2000..<0x2020)
    #expect(found.range(holding: 0x2020) == nil)
  }

  @Test func hostileSectionsFailWithTypedErrors() {
    let runsPast = thrownBinaryError { _ = try Self.frames(Self.section(fdeLength: 0xffff_fff0)) }
    #expect(runsPast?.kind == .truncated)
    let noCIE = thrownBinaryError { _ = try Self.frames(Self.section(cieOfSecondFDE: 0xffff)) }
    #expect(noCIE?.kind == .malformed)
    let pointsAtAnFDE = thrownBinaryError { _ = try Self.frames(Self.section(cieOfSecondFDE: 52)) }
    #expect(pointsAtAnFDE?.kind == .malformed)
    let unknownFormat = thrownBinaryError { _ = try Self.frames(Self.section(encoding: 0x0f)) }
    #expect(unknownFormat?.kind == .malformed)
    let wide = thrownBinaryError { _ = try Self.frames([0xff, 0xff, 0xff, 0xff] + Array(repeating: 0xff, count: 8)) }
    #expect(wide?.kind == .malformed || wide?.kind == .truncated)
    #expect(thrownBinaryError { _ = try Self.frames([1, 2]) }?.kind == .truncated)
  }

  @Test func unreadablePointersSkipTheirFDEs() throws {
    // datarel (0x30) names no address here; omit (0xff) gives none.
    #expect(try Self.frames(Self.section(encoding: 0x3b)) == [0x2000..<0x2020])
    #expect(try Self.frames(Self.section(encoding: 0xff)) == [0x2000..<0x2020])
  }
}
