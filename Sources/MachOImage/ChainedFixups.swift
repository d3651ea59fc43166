import BinaryImage

/// The `LC_DYLD_CHAINED_FIXUPS` payload: `struct dyld_chained_fixups_header`, the imports
/// table and the per-segment starts (`<mach-o/fixup-chains.h>`).
///
/// The whole payload is sliced out of the image first; every table offset is then checked
/// against that slice, so nothing outside `dataoff..<dataoff+datasize` is ever read.
struct ChainedFixups {
  private let blob: ByteReader
  private let startsOffset: UInt32
  private let importsOffset: UInt32
  private let symbolsOffset: UInt32
  private let importCount: UInt32
  private let importFormat: UInt32

  /// Reads the header of the payload named by `command` in `image`.
  /// - Throws: `truncated` when the payload does not fit the image, `unsupported` for an unknown
  ///   version or compressed symbol names.
  init(command: LoadCommand, image: ByteReader) throws(BinaryError) {
    let (offset, size) = try command.linkeditData("Mach-O LC_DYLD_CHAINED_FIXUPS")
    blob = try image.slice(at: offset, count: size, "Mach-O chained fixups (dataoff, datasize)")
    let version = try blob.peek(UInt32.self, at: 0, "Mach-O chained fixups: fixups_version")
    guard version == 0 else {
      throw BinaryError(
        .unsupported, "Mach-O chained fixups: unsupported fixups_version \(version)", offset: blob.baseOffset)
    }
    startsOffset = try blob.peek(UInt32.self, at: 4, "Mach-O chained fixups: starts_offset")
    importsOffset = try blob.peek(UInt32.self, at: 8, "Mach-O chained fixups: imports_offset")
    symbolsOffset = try blob.peek(UInt32.self, at: 12, "Mach-O chained fixups: symbols_offset")
    importCount = try blob.peek(UInt32.self, at: 16, "Mach-O chained fixups: imports_count")
    importFormat = try blob.peek(UInt32.self, at: 20, "Mach-O chained fixups: imports_format")
    let symbolsFormat = try blob.peek(UInt32.self, at: 24, "Mach-O chained fixups: symbols_format")
    guard symbolsFormat == ChainedFixupConstants.symbolsUncompressed else {
      throw BinaryError(
        .unsupported, "Mach-O chained fixups: compressed symbol names (symbols_format \(symbolsFormat))",
        offset: blob.fileOffset(24))
    }
  }

  /// The size of one import entry for `format`, or `nil` for an unknown format.
  static func importEntrySize(format: UInt32) -> Int? {
    switch format {
    case ChainedFixupConstants.importFormat: 4
    case ChainedFixupConstants.importAddendFormat: 8
    case ChainedFixupConstants.importAddend64Format: 16
    default: nil
    }
  }

  /// Calls `body` with each entry of the imports table, except those `filter` turns away by
  /// the first bytes of their names.
  ///
  /// The table must fit the payload (checked before the first entry); an entry whose name is
  /// out of range is skipped. The names are read from the payload cut after its last NUL, so
  /// each lookup scans only the name it returns.
  /// - Throws: `unsupported` for an unknown import format, `truncated` when the table does not
  ///   fit, or what `body` throws.
  func forEachImport(
    keeping filter: (any ImportFilter)? = nil, _ body: (DyldImport) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    let table = try importTable()
    let symbols = try tail(from: symbolsOffset, "Mach-O chained fixups: symbols_offset").throughLastNUL
    let leadingBytes = filter?.leadingBytes ?? .everything
    try table.forEachRecord { _, record throws(BinaryError) in
      let (ordinal, isWeak, nameOffset) = Self.decodeImport(record, format: importFormat)
      guard
        leadingBytes.mayReach(startingWith: symbols.leadingBytes(at: nameOffset, count: LeadingBytesFilter.keyLength))
      else { return }  // turned away by its first bytes: not even measured
      guard let name = try? symbols.cString(at: nameOffset, "Mach-O chained fixups: import name"), !name.isEmpty else {
        return
      }
      try body(
        DyldImport(
          name: name, libraryOrdinal: ordinal, isWeak: isWeak, origin: .chainedFixups, fileOffset: record.fileOffset))
    }
  }

  /// The imports table, each entry a record of the import format's size.
  /// - Throws: `unsupported` for an unknown import format, `truncated` when the table does not fit.
  private func importTable() throws(BinaryError) -> RecordTable {
    guard let entrySize = Self.importEntrySize(format: importFormat) else {
      throw BinaryError(
        .unsupported, "Mach-O chained fixups: unknown imports_format \(importFormat)", offset: blob.fileOffset(20))
    }
    let tableSize = try importCount.checkedMultiplying(
      entrySize, "Mach-O chained fixups: imports_count", offset: blob.fileOffset(16))
    let table = try blob.slice(
      at: importsOffset, count: tableSize, "Mach-O chained fixups imports (imports_offset, imports_count)")
    return RecordTable(table, stride: entrySize)
  }

  /// Decodes one import entry of `format` (whose record is at least as long as the format's
  /// entry): the sign-extended library ordinal, the weak flag and the name offset.
  static func decodeImport(_ record: RecordTable.Record, format: UInt32) -> (Int, Bool, UInt32) {
    if format == ChainedFixupConstants.importAddend64Format {
      let raw = record.field(UInt64.self, at: 0)
      let ordinal = UInt16(truncatingIfNeeded: raw)
      let signed = ordinal > 0xfff0 ? Int(Int16(bitPattern: ordinal)) : Int(ordinal)
      return (signed, (raw >> 16) & 1 != 0, UInt32(truncatingIfNeeded: raw >> 32))
    }
    let raw = record.field(UInt32.self, at: 0)
    let ordinal = UInt8(truncatingIfNeeded: raw)
    let signed = ordinal > 0xf0 ? Int(Int8(bitPattern: ordinal)) : Int(ordinal)
    return (signed, (raw >> 8) & 1 != 0, raw >> 9)
  }

  /// The `pointer_format` of the segment at `segmentIndex` (load-command order), or `nil` when
  /// the segment has no fixups.
  /// - Throws: when the starts tables do not fit the payload.
  func pointerFormat(segmentIndex: Int) throws(BinaryError) -> UInt16? {
    let starts = try tail(from: startsOffset, "Mach-O chained fixups: starts_offset")
    let segmentCount = try starts.peek(UInt32.self, at: 0, "Mach-O chained starts: seg_count")
    guard segmentIndex >= 0, segmentIndex < segmentCount else { return nil }
    let infoOffset = try starts.peek(UInt32.self, at: 4 + 4 * segmentIndex, "Mach-O chained starts: seg_info_offset")
    guard infoOffset != 0 else { return nil }
    let infoPosition = try infoOffset.checkedAdding(6, "Mach-O chained starts: seg_info_offset")
    return try starts.peek(UInt16.self, at: infoPosition, "Mach-O chained starts: pointer_format")
  }

  /// The name of the import at `ordinal` in the imports table, or `nil` when there is none or
  /// it cannot be read.
  func importName(ordinal: Int) -> UnsafeRawBufferPointer? {
    guard ordinal < importCount, let entrySize = Self.importEntrySize(format: importFormat),
      let record = try? RecordTable(
        tail(from: importsOffset, "Mach-O chained fixups: imports_offset"), stride: entrySize
      )
      .record(ordinal),
      let symbols = try? tail(from: symbolsOffset, "Mach-O chained fixups: symbols_offset")
    else { return nil }
    let (_, _, nameOffset) = Self.decodeImport(record, format: importFormat)
    return try? symbols.cString(at: nameOffset, "Mach-O chained fixups: import name")
  }

  /// The payload from `offset` to its end.
  private func tail(from offset: UInt32, _ what: String) throws(BinaryError) -> ByteReader {
    guard offset <= blob.count else {
      throw BinaryError(
        .truncated, "\(what) \(offset) is past the payload (\(blob.count) bytes)", offset: blob.baseOffset)
    }
    return try blob.slice(at: offset, count: blob.count - Int(truncatingIfNeeded: offset), what)
  }
}
