import BinaryImage

/// One `nlist` / `nlist_64` entry (`<mach-o/nlist.h>`); its name is read only when needed
/// (`SymbolTable.name(of:)`).
struct NListEntry {
  /// Where the entry is in the file, for errors.
  var fileOffset: UInt64
  /// `n_strx`: the name's offset in the string table.
  var stringIndex: UInt32
  /// `n_type`.
  var type: UInt8
  /// `n_sect`: 1-based section index, or 0.
  var section: UInt8
  /// `n_desc`.
  var description: UInt16
  /// `n_value`.
  var value: UInt64

  /// Whether this is a debugger (`N_STAB`) entry.
  var isDebugEntry: Bool { Self.isDebugEntry(type: type) }
  /// `n_type & N_TYPE`.
  var kind: UInt8 { type & NListBits.typeMask }
  /// Whether this is an import: `N_UNDF` with a zero value (a non-zero value is a common
  /// symbol, which nm counts as defined), or `N_PBUD`.
  var isUndefined: Bool {
    !isDebugEntry && ((kind == NListBits.undefined && value == 0) || kind == NListBits.preboundUndefined)
  }
  /// Whether this is an alias of another symbol (`N_INDR`), which nm lists as `I`, not defined.
  var isIndirect: Bool { !isDebugEntry && kind == NListBits.indirect }
  /// Whether the symbol is external (`N_EXT`).
  var isExternal: Bool { type & NListBits.external != 0 }
  /// Whether the symbol belongs to its source file alone: neither external nor a private
  /// external (`N_PEXT`, kept when a linker makes a hidden symbol local). A C `static`, a
  /// compiler's label or metadata, a Swift `private` declaration.
  var isFilePrivate: Bool { Self.isFilePrivate(type: type) }

  /// `isDebugEntry` of an entry of type `type`.
  static func isDebugEntry(type: UInt8) -> Bool { type & NListBits.stabMask != 0 }
  /// `isFilePrivate` of an entry of type `type`.
  static func isFilePrivate(type: UInt8) -> Bool { type & (NListBits.external | NListBits.privateExternal) == 0 }

  /// Whether an entry of type `type` is a debugger entry, or file-private and neither undefined
  /// nor prebound undefined (so neither an import nor, whatever its value, a common symbol
  /// taken for one): what a reader of imports and identities alone passes over.
  static func isDebugOrFilePrivateDefinition(type: UInt8) -> Bool {
    let kind = type & NListBits.typeMask
    return isDebugEntry(type: type)
      || isFilePrivate(type: type) && kind != NListBits.undefined && kind != NListBits.preboundUndefined
  }
  /// `GET_LIBRARY_ORDINAL(n_desc)`.
  var libraryOrdinal: UInt8 { UInt8(truncatingIfNeeded: description >> 8) }
}

/// The symbol table of `LC_SYMTAB`: the `nlist` array and its string table.
///
/// Mirrors `struct symtab_command`. Both tables are sliced, with overflow-checked sizes, before
/// any entry is read; a name whose `n_strx` is out of range or unterminated gets a placeholder
/// instead of failing the table. The string table is cut after its last NUL, so a name lookup
/// scans only the name it returns.
struct SymbolTable {
  private let entries: RecordTable
  private let strings: ByteReader
  private let is64Bit: Bool

  /// The number of entries.
  var count: Int { entries.count }

  /// Slices the tables named by an `LC_SYMTAB` command out of `image`.
  /// - Throws: `truncated`/`malformed` when either table does not fit the image.
  init(command: LoadCommand, image: ByteReader, is64Bit: Bool) throws(BinaryError) {
    let symbolOffset = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_SYMTAB: symoff")
    let symbolCount = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_SYMTAB: nsyms")
    let stringOffset = try command.body.peek(UInt32.self, at: 16, "Mach-O LC_SYMTAB: stroff")
    let stringSize = try command.body.peek(UInt32.self, at: 20, "Mach-O LC_SYMTAB: strsize")
    let entrySize = is64Bit ? 16 : 12
    self.is64Bit = is64Bit
    let tableSize = try symbolCount.checkedMultiplying(
      entrySize, "Mach-O symbol table: nsyms", offset: command.body.fileOffset(12))
    entries = RecordTable(
      try image.slice(at: symbolOffset, count: tableSize, "Mach-O symbol table (symoff, nsyms)"), stride: entrySize)
    strings = try image.slice(at: stringOffset, count: stringSize, "Mach-O string table (stroff, strsize)")
      .throughLastNUL
  }

  /// The entry at `index`, or `nil` outside `0..<count`.
  func entry(_ index: Int) -> NListEntry? {
    entries.record(index).map(entry(in:))
  }

  /// Calls `body` with each entry and its index, in table order; with `skippingFilePrivate`, a
  /// debugger entry or a definition private to its source file (`NListEntry.isFilePrivate`) is
  /// passed over by its type byte, before the rest of the entry is read.
  func forEachEntry<Failure: Error>(
    skippingFilePrivate: Bool = false, _ body: (Int, NListEntry) throws(Failure) -> Void
  ) throws(Failure) {
    try entries.forEachRecord { index, record throws(Failure) in
      if skippingFilePrivate && NListEntry.isDebugOrFilePrivateDefinition(type: record.field(UInt8.self, at: 4)) {
        return
      }
      try body(index, entry(in: record))
    }
  }

  /// The entry `record` holds.
  private func entry(in record: RecordTable.Record) -> NListEntry {
    NListEntry(
      fileOffset: record.fileOffset, stringIndex: record.field(UInt32.self, at: 0),
      type: record.field(UInt8.self, at: 4),
      section: record.field(UInt8.self, at: 5), description: record.field(UInt16.self, at: 6),
      value: is64Bit ? record.field(UInt64.self, at: 8) : UInt64(record.field(UInt32.self, at: 8)))
  }

  /// Reads the string table into cache ahead of a walk that looks up most entries' names
  /// (`ByteReader.warmCache()`).
  func warmStrings() {
    strings.warmCache()
  }

  /// The name bytes of `entry`, without the NUL: empty for `n_strx` 0, `nil` when `n_strx` is
  /// out of range or its string unterminated.
  func name(of entry: NListEntry) -> UnsafeRawBufferPointer? {
    guard entry.stringIndex != 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return try? strings.cString(at: entry.stringIndex, "Mach-O string table")
  }

  /// Up to `count` bytes of `entry`'s name, a NUL included if it comes first: what is there to
  /// test before measuring the name (fewer at the end of the table, none when out of range).
  func leadingBytes(of entry: NListEntry, count: Int) -> UnsafeRawBufferPointer {
    strings.leadingBytes(at: entry.stringIndex, count: count)
  }
}
