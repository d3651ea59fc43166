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
  var isDebugEntry: Bool { type & NListBits.stabMask != 0 }
  /// `n_type & N_TYPE`.
  var kind: UInt8 { type & NListBits.typeMask }
  /// Whether this is an import: `N_UNDF` with a zero value (a non-zero value is a common
  /// symbol, which nm counts as defined), or `N_PBUD`.
  var isUndefined: Bool {
    !isDebugEntry && ((kind == NListBits.undefined && value == 0) || kind == NListBits.preboundUndefined)
  }
  /// Whether the symbol is external (`N_EXT`).
  var isExternal: Bool { type & NListBits.external != 0 }
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
  private var entries: ByteReader
  private var strings: ByteReader
  private let entrySize: Int
  private let is64Bit: Bool

  /// The number of entries.
  var count: Int { entries.count / entrySize }

  /// Slices the tables named by an `LC_SYMTAB` command out of `image`.
  /// - Throws: `truncated`/`malformed` when either table does not fit the image.
  init(command: LoadCommand, image: ByteReader, is64Bit: Bool) throws(BinaryError) {
    let symbolOffset = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_SYMTAB: symoff")
    let symbolCount = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_SYMTAB: nsyms")
    let stringOffset = try command.body.peek(UInt32.self, at: 16, "Mach-O LC_SYMTAB: stroff")
    let stringSize = try command.body.peek(UInt32.self, at: 20, "Mach-O LC_SYMTAB: strsize")
    entrySize = is64Bit ? 16 : 12
    self.is64Bit = is64Bit
    let tableSize = try symbolCount.checkedMultiplying(
      entrySize, "Mach-O symbol table: nsyms", offset: command.body.fileOffset(12))
    entries = try image.slice(at: symbolOffset, count: tableSize, "Mach-O symbol table (symoff, nsyms)")
    strings = try image.slice(at: stringOffset, count: stringSize, "Mach-O string table (stroff, strsize)")
      .throughLastNUL
  }

  /// The entry at `index` (`0..<count`).
  func entry(_ index: Int) throws(BinaryError) -> NListEntry {
    let base = try index.checkedMultiplying(entrySize, "Mach-O symbol table: index")
    let stringIndex = try entries.peek(UInt32.self, at: base, "Mach-O nlist: n_strx")
    let type = try entries.peek(UInt8.self, at: base + 4, "Mach-O nlist: n_type")
    let section = try entries.peek(UInt8.self, at: base + 5, "Mach-O nlist: n_sect")
    let description = try entries.peek(UInt16.self, at: base + 6, "Mach-O nlist: n_desc")
    let value =
      is64Bit
      ? try entries.peek(UInt64.self, at: base + 8, "Mach-O nlist_64: n_value")
      : UInt64(try entries.peek(UInt32.self, at: base + 8, "Mach-O nlist: n_value"))
    return NListEntry(
      fileOffset: entries.fileOffset(base), stringIndex: stringIndex, type: type, section: section,
      description: description, value: value)
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
    let start = min(Int(entry.stringIndex), strings.count)
    return UnsafeRawBufferPointer(rebasing: strings.bytes[start..<min(start + count, strings.count)])
  }
}
