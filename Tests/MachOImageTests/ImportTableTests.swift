import BinaryImage
import TestSupport
import Testing

@testable import MachOImage

/// Bind opcode streams and chained-fixup import tables from byte literals.
@Suite struct ImportTableTests {
  struct Decoded: Equatable {
    var name: String
    var ordinal: Int
    var isWeak: Bool
  }

  private func binds(_ bytes: [UInt8], _ stream: DyldInfoBinds.Stream) throws -> [Decoded] {
    try withReader(bytes) { reader in
      var found: [Decoded] = []
      try DyldInfoBinds.forEachImport(in: reader, stream: stream) {
        found.append(Decoded(name: String(fileBytes: $0.name), ordinal: $0.libraryOrdinal, isWeak: $0.isWeak))
      }
      return found
    }
  }

  @Test func bindOpcodesYieldEachBoundSymbolWithItsOrdinal() throws {
    var stream = ByteBuilder()
    stream.u8(0x12)  // SET_DYLIB_ORDINAL_IMM 2
    stream.u8(0x41)  // SET_SYMBOL_TRAILING_FLAGS_IMM weak_import
    stream.cString("_getattrlistbulk")
    stream.u8(0x51)  // SET_TYPE_IMM pointer
    stream.u8(0x72)  // SET_SEGMENT_AND_OFFSET_ULEB segment 2
    stream.uleb(0x1_0000)
    stream.u8(0x90)  // DO_BIND
    stream.u8(0x20)  // SET_DYLIB_ORDINAL_ULEB
    stream.uleb(300)
    stream.u8(0x40)
    stream.cString("_far")
    stream.u8(0x60)  // SET_ADDEND_SLEB -8
    stream.u8(0x78)
    stream.u8(0xc0)  // DO_BIND_ULEB_TIMES_SKIPPING_ULEB 3 times, skip 8
    stream.uleb(3)
    stream.uleb(8)
    stream.u8(0x3e)  // SET_DYLIB_SPECIAL_IMM -2 (flat lookup)
    stream.u8(0x40)
    stream.cString("_flat")
    stream.u8(0xa0)  // DO_BIND_ADD_ADDR_ULEB
    stream.uleb(16)
    stream.u8(0x3f)  // SET_DYLIB_SPECIAL_IMM -1 (main executable)
    stream.u8(0x40)
    stream.cString("_main_thing")
    stream.u8(0xb1)  // DO_BIND_ADD_ADDR_IMM_SCALED
    stream.u8(0x00)  // DONE: the bind stream ends here
    stream.u8(0x40)
    stream.cString("_after_done")
    stream.u8(0x90)
    #expect(
      try binds(stream.bytes, .bind) == [
        Decoded(name: "_getattrlistbulk", ordinal: 2, isWeak: true), Decoded(name: "_far", ordinal: 300, isWeak: false),
        Decoded(name: "_flat", ordinal: -2, isWeak: false), Decoded(name: "_main_thing", ordinal: -1, isWeak: false),
      ])
  }

  @Test func lazyBindRecordsContinuePastDone() throws {
    var stream = ByteBuilder()
    for (ordinal, name) in [(1, "_strlen"), (3, "_objc_msgSend")] {
      stream.u8(0x72)
      stream.uleb(0x20)
      stream.u8(0x10 | UInt8(ordinal))
      stream.u8(0x40)
      stream.cString(name)
      stream.u8(0x90)
      stream.u8(0x00)
    }
    #expect(
      try binds(stream.bytes, .lazyBind) == [
        Decoded(name: "_strlen", ordinal: 1, isWeak: false), Decoded(name: "_objc_msgSend", ordinal: 3, isWeak: false),
      ])
  }

  @Test func weakBindSkipsNonWeakDefinitions() throws {
    var stream = ByteBuilder()
    stream.u8(0x48)  // SET_SYMBOL with BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION
    stream.cString("_strong")
    stream.u8(0x90)
    stream.u8(0x40)
    stream.cString("_coalesced")
    stream.u8(0x90)
    #expect(try binds(stream.bytes, .weakBind) == [Decoded(name: "_coalesced", ordinal: -3, isWeak: true)])
  }

  @Test(arguments: [
    ("unknown opcode", [UInt8(0xe0)]), ("ULEB runs past the end", [0x20, 0x80, 0x80]),
    ("ULEB overflows", [0x20] + [UInt8](repeating: 0xff, count: 10) + [0x7f]),
    ("unterminated name", [0x40, 0x5f, 0x61]),
    ("SLEB runs past the end", [0x60, 0x80]),
  ])
  func brokenStreamsThrow(_ what: String, bytes: [UInt8]) {
    #expect(thrownBinaryError { _ = try binds(bytes, .bind) } != nil, "\(what)")
  }

  @Test(arguments: [
    // DYLD_CHAINED_IMPORT: lib_ordinal 8 bits, weak_import bit 8, name_offset bits 9-31.
    (UInt32(1), UInt64(0x0000_0202), 2, false, UInt32(1)),
    (1, 0x0000_03ff, -1, true, 1),  // ordinal 0xff is BIND_SPECIAL_DYLIB_MAIN_EXECUTABLE
    (1, 0x0000_00fe, -2, false, 0),
    (1, 0x0000_00f0, 240, false, 0),  // 0xf0 is still a real ordinal
    // DYLD_CHAINED_IMPORT_ADDEND: the same word, then an int32 addend.
    (2, 0x0000_0b01, 1, true, 5),
    // DYLD_CHAINED_IMPORT_ADDEND64: lib_ordinal 16 bits, weak_import bit 16, name_offset bits 32-63.
    (3, 0x0000_0007_0001_fffd, -3, true, 7), (3, 0x0000_0002_0000_0123, 0x123, false, 2),
  ])
  func chainedImportFormatsDecodeSignedOrdinals(
    format: UInt32, raw: UInt64, ordinal: Int, isWeak: Bool, nameOffset: UInt32
  ) throws {
    var entry = ByteBuilder()
    if format == 3 { entry.u64(raw) } else { entry.u32(UInt32(raw)) }
    let decoded = try withReader(entry.bytes) {
      ChainedFixups.decodeImport(try #require(RecordTable($0, stride: entry.bytes.count).record(0)), format: format)
    }
    #expect(decoded.0 == ordinal)
    #expect(decoded.1 == isWeak)
    #expect(decoded.2 == nameOffset)
  }

  /// A whole `LC_DYLD_CHAINED_FIXUPS` payload: header, empty starts, imports, names.
  private func fixupsPayload(
    format: UInt32, entries: [(ordinal: UInt64, weak: Bool, name: String)], count: UInt32? = nil
  ) -> [UInt8] {
    var names = ByteBuilder()
    names.u8(0)
    var imports = ByteBuilder()
    for entry in entries {
      let offset = UInt64(names.bytes.count)
      names.cString(entry.name)
      switch format {
      case 1: imports.u32(UInt32(entry.ordinal & 0xff | (entry.weak ? 0x100 : 0) | offset << 9))
      case 2:
        imports.u32(UInt32(entry.ordinal & 0xff | (entry.weak ? 0x100 : 0) | offset << 9))
        imports.u32(0)
      default:
        imports.u64(entry.ordinal & 0xffff | (entry.weak ? 0x1_0000 : 0) | offset << 32)
        imports.u64(0)
      }
    }
    var payload = ByteBuilder()
    let startsOffset: UInt32 = 28
    let importsOffset: UInt32 = 32
    payload.u32(0)  // fixups_version
    payload.u32(startsOffset)
    payload.u32(importsOffset)
    payload.u32(importsOffset + UInt32(imports.bytes.count))
    payload.u32(count ?? UInt32(entries.count))
    payload.u32(format)
    payload.u32(0)  // symbols_format
    payload.u32(0)  // seg_count
    payload.bytes += imports.bytes + names.bytes
    return payload.bytes
  }

  /// A minimal `LC_DYLD_CHAINED_FIXUPS` command pointing at a payload placed right after it.
  private func readImports(_ payload: [UInt8]) throws -> [Decoded] {
    var file = ByteBuilder()
    file.u32(0x8000_0034)
    file.u32(16)
    file.u32(16)
    file.u32(UInt32(payload.count))
    file.bytes += payload
    return try withReader(file.bytes) { image in
      let command = LoadCommand(type: 0x8000_0034, body: try image.slice(at: 0, count: 16, "command"))
      let fixups = try ChainedFixups(command: command, image: image)
      var found: [Decoded] = []
      try fixups.forEachImport {
        found.append(Decoded(name: String(fileBytes: $0.name), ordinal: $0.libraryOrdinal, isWeak: $0.isWeak))
      }
      return found
    }
  }

  @Test(arguments: [UInt32(1), 2, 3])
  func chainedImportTablesListEveryImport(format: UInt32) throws {
    let payload = fixupsPayload(
      format: format, entries: [(3, false, "_objc_msgSend"), (format == 3 ? 0xfffe : 0xfe, true, "_flat")])
    #expect(
      try readImports(payload) == [
        Decoded(name: "_objc_msgSend", ordinal: 3, isWeak: false), Decoded(name: "_flat", ordinal: -2, isWeak: true),
      ])
  }

  @Test func chainedImportCountMustFitThePayload() {
    let payload = fixupsPayload(format: 1, entries: [(1, false, "_a")], count: 0x4000_0000)
    #expect(thrownBinaryError { _ = try readImports(payload) }?.kind == .truncated)
    var unknown = fixupsPayload(format: 1, entries: [(1, false, "_a")])
    unknown[20] = 9  // imports_format 9
    #expect(thrownBinaryError { _ = try readImports(unknown) }?.kind == .unsupported)
  }
}
