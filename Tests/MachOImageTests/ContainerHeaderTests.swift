import BinaryImage
import ScanFiles
import TestSupport
import Testing

@testable import MachOImage

/// Universal headers and ar headers from byte literals.
@Suite struct ContainerHeaderTests {
  /// A universal header with the given `(cputype, cpusubtype, offset, size)` entries.
  private func fatHeader(magic: UInt32, _ slices: [(UInt32, UInt32, UInt64, UInt64)]) -> [UInt8] {
    var builder = ByteBuilder(byteOrder: .big)
    builder.u32(magic)
    builder.u32(UInt32(slices.count))
    for (cpuType, subtype, offset, size) in slices {
      builder.u32(cpuType)
      builder.u32(subtype)
      if magic == 0xcafe_babf {
        builder.u64(offset)
        builder.u64(size)
        builder.u32(14)
        builder.u32(0)
      } else {
        builder.u32(UInt32(offset))
        builder.u32(UInt32(size))
        builder.u32(14)
      }
    }
    return builder.bytes
  }

  @Test func fatMagicListsSlicesWithLLVMArchNames() throws {
    let bytes = fatHeader(magic: 0xcafe_babe, [(0x0100_000c, 0, 0x4000, 0x100), (0x0100_0007, 3, 0x8000, 0x200)])
    let header = try withReader(bytes) { try FatHeader(parsing: $0) }
    #expect(header.slices.map(\.architecture) == ["arm64", "x86_64"])
    #expect(header.slices.map(\.offset) == [0x4000, 0x8000])
    #expect(header.slices.map(\.size) == [0x100, 0x200])
  }

  @Test func fatMagic64ReadsSixtyFourBitEntries() throws {
    let bytes = fatHeader(magic: 0xcafe_babf, [(0x0100_000c, 0x8000_0002, 0x1_0000_0000, 0x20)])
    let header = try withReader(bytes) { try FatHeader(parsing: $0) }
    #expect(header.slices.map(\.architecture) == ["arm64e"])
    #expect(header.slices.first?.offset == 0x1_0000_0000)
  }

  @Test func javaClassFileIsNotMachO() {
    // CAFEBABE, minor 0, major 52 (Java 8), then a constant pool count.
    let bytes: [UInt8] = [0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34, 0x00, 0x1d, 0x0a, 0x00]
    #expect(bytes.withUnsafeBytes { FileMagic($0) } == .javaClass)
    let whole = bytes.withUnsafeBytes { raw in
      thrownBinaryError { _ = try MachOReader.read(FileBytes(copying: raw), path: "Hello.class", options: .all) }
    }
    #expect(whole?.kind == .notBinary)
    #expect(whole?.message == "not Mach-O (looks like a Java class file)")
  }

  @Test func fatTableThatDoesNotFitIsMalformed() {
    var bytes = fatHeader(magic: 0xcafe_babf, [(0x0100_000c, 0, 0x4000, 0x100)])
    bytes[7] = 2  // nfat_arch 2, one entry present
    let error = withReader(bytes) { reader in thrownBinaryError { _ = try FatHeader(parsing: reader) } }
    #expect(error?.kind == .malformed)
  }

  @Test func sliceOutsideTheFileIsAProblemOfThatSlice() throws {
    let bytes = fatHeader(magic: 0xcafe_babe, [(0x0100_000c, 0, 0x4000, 0x100)])
    let error = bytes.withUnsafeBytes { raw in
      thrownBinaryError { _ = try MachOReader.read(FileBytes(copying: raw), path: "x", options: .all) }
    }
    #expect(error?.kind == .truncated)
    #expect(error?.architecture == "arm64")
  }

  @Test(arguments: [
    (UInt32(7), UInt32(3), "i386"), (0x0100_0007, 8, "x86_64h"), (12, 9, "armv7"), (12, 11, "armv7s"),
    (12, 12, "armv7k"),
    (0x0200_000c, 1, "arm64_32"), (0x0100_000c, 2, "arm64e"), (0x0100_000c, 1, "arm64"),
  ])
  func architectureNames(cpuType: UInt32, subtype: UInt32, name: String) {
    #expect(ArchNames.name(cpuType: cpuType, cpuSubtype: subtype) == name)
  }

  /// One ar member header: name field, size, then the data (with a `#1/NN` name first if given).
  private func arMember(_ name: String, data: [UInt8], bsdLongName: String? = nil) -> [UInt8] {
    var builder = ByteBuilder()
    var content = data
    var nameField = name
    if let long = bsdLongName {
      var stored = Array(long.utf8)
      while stored.count % 8 != 0 { stored.append(0) }
      nameField = "#1/\(stored.count)"
      content = stored + data
    }
    func field(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
    builder.text(
      field(nameField, 16) + field("0", 12) + field("0", 6) + field("0", 6) + field("644", 8)
        + field("\(content.count)", 10) + "`\n")
    builder.bytes += content
    if content.count % 2 == 1 { builder.u8(0x0a) }
    return builder.bytes
  }

  private func members(_ archive: [UInt8]) throws -> [(String, [UInt8])] {
    try archive.withUnsafeBytes { raw in
      var walker = try ArArchive(raw)
      var found: [(String, [UInt8])] = []
      while let member = try walker.next() { found.append((member.name, Array(raw[member.range]))) }
      return found
    }
  }

  @Test func bsdArchiveSkipsSymbolIndexesAndReadsLongNames() throws {
    let archive =
      Array("!<arch>\n".utf8) + arMember("", data: [1, 2, 3, 4], bsdLongName: "__.SYMDEF SORTED")
      + arMember("", data: [9, 9], bsdLongName: "__.SYMDEF_64") + arMember("short.o", data: [0xcf, 0xfa, 0xed])
      + arMember("", data: [5, 6], bsdLongName: "a_rather_long_member_name_for_bsd_ar.o")
    let found = try members(archive)
    #expect(found.map(\.0) == ["short.o", "a_rather_long_member_name_for_bsd_ar.o"])
    #expect(found.map(\.1) == [[0xcf, 0xfa, 0xed], [5, 6]])
  }

  @Test func gnuArchiveResolvesLongNamesAndSkipsIndexes() throws {
    let names = Array("a_very_long_object_name_here.o/\n".utf8)
    let archive =
      Array("!<arch>\n".utf8) + arMember("/", data: [0, 0, 0, 0]) + arMember("/SYM64/", data: [0, 0, 0, 0, 0, 0, 0, 0])
      + arMember("//", data: names) + arMember("small.o/", data: [1]) + arMember("/0", data: [2, 3])
    let found = try members(archive)
    #expect(found.map(\.0) == ["small.o", "a_very_long_object_name_here.o"])
    #expect(found.map(\.1) == [[1], [2, 3]])
  }

  @Test(arguments: [
    ("bad terminator", 58, UInt8(ascii: "x")), ("size not a number", 48, UInt8(ascii: "z")),
    ("mode not octal", 40, UInt8(ascii: "9")), ("uid not a number", 28, UInt8(ascii: "-")),
  ])
  func everyHeaderFieldIsValidated(_ what: String, offset: Int, byte: UInt8) {
    var archive = Array("!<arch>\n".utf8) + arMember("x.o", data: [1, 2])
    archive[8 + offset] = byte
    let error = thrownBinaryError { _ = try members(archive) }
    #expect(error?.kind == .malformed, "\(what)")
    #expect(error?.offset.map { $0 >= 8 && $0 < 68 } == true, "\(what): offset \(String(describing: error?.offset))")
  }

  @Test func longNamesAndSizesMustFit() {
    var tooLongName = Array("!<arch>\n".utf8) + arMember("", data: [1, 2], bsdLongName: "name.o")
    tooLongName.replaceSubrange(8..<24, with: Array("#1/999          ".utf8))
    #expect(thrownBinaryError { _ = try members(tooLongName) }?.kind == .malformed)
    var hugeSize = Array("!<arch>\n".utf8) + arMember("x.o", data: [1, 2])
    hugeSize.replaceSubrange(56..<66, with: Array("9999999999".utf8))
    #expect(thrownBinaryError { _ = try members(hugeSize) }?.kind == .truncated)
    let gnuWithoutTable = Array("!<arch>\n".utf8) + arMember("/4", data: [1, 2])
    #expect(thrownBinaryError { _ = try members(gnuWithoutTable) }?.kind == .malformed)
  }
}
