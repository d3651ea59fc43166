import BinaryImage
import CodeScan

/// The section headers of a 64-bit little-endian ELF image (`Elf64_Shdr`), read by hand for
/// the call-site search; every offset and size is checked against the image before use.
struct ELFSectionHeaders {
  /// One `Elf64_Shdr`.
  struct Section {
    var name: String
    var type: UInt32
    var flags: UInt64
    var address: UInt64
    var offset: UInt64
    var size: UInt64
    var link: Int
    var info: UInt32

    /// `SHT_PROGBITS` with `SHF_EXECINSTR`.
    var isCode: Bool { type == 1 && flags & 0x4 != 0 }
  }

  /// `SHT_SYMTAB`.
  static let symbols: UInt32 = 2
  /// `SHT_RELA`.
  static let relocationsWithAddends: UInt32 = 4
  /// `SHT_DYNSYM`.
  static let dynamicSymbols: UInt32 = 11

  /// Every section, by index.
  let all: [Section]

  /// Reads the section headers `e_shoff`, `e_shnum` and `e_shstrndx` name.
  /// - Throws: when the table does not fit the image.
  init(_ image: ByteReader) throws(BinaryError) {
    let offset = try image.peek(UInt64.self, at: 0x28, "ELF e_shoff")
    let entrySize = try image.peek(UInt16.self, at: 0x3a, "ELF e_shentsize")
    let count = try image.peek(UInt16.self, at: 0x3c, "ELF e_shnum")
    let namesIndex = Int(try image.peek(UInt16.self, at: 0x3e, "ELF e_shstrndx"))
    guard count > 0 else {
      all = []
      return
    }
    guard entrySize >= 64 else { throw BinaryError(.malformed, "ELF e_shentsize \(entrySize) < 64", offset: 0x3a) }
    let table = try image.slice(
      at: offset, count: Int(count) * Int(entrySize), "ELF section headers (e_shoff, e_shnum)")
    var raw: [(nameOffset: UInt32, section: Section)] = []
    for index in 0..<Int(count) {
      let base = index * Int(entrySize)
      raw.append(
        (
          try table.peek(UInt32.self, at: base, "ELF sh_name"),
          Section(
            name: "", type: try table.peek(UInt32.self, at: base + 4, "ELF sh_type"),
            flags: try table.peek(UInt64.self, at: base + 8, "ELF sh_flags"),
            address: try table.peek(UInt64.self, at: base + 16, "ELF sh_addr"),
            offset: try table.peek(UInt64.self, at: base + 24, "ELF sh_offset"),
            size: try table.peek(UInt64.self, at: base + 32, "ELF sh_size"),
            link: Int(try table.peek(UInt32.self, at: base + 40, "ELF sh_link")),
            info: try table.peek(UInt32.self, at: base + 44, "ELF sh_info"))
        ))
    }
    let names = raw.indices.contains(namesIndex) ? try? Self.slice(raw[namesIndex].section, of: image) : nil
    all = raw.map { entry in
      var section = entry.section
      if let name = try? names?.cString(at: entry.nameOffset, "ELF section name") {
        section.name = String(decoding: name, as: UTF8.self)
      }
      return section
    }
  }

  /// The index of the first section of `type`.
  func index(ofType type: UInt32) -> Int? { all.firstIndex { $0.type == type } }

  /// The bytes of `section` in `image`.
  func contents(_ section: Section, in image: ByteReader) throws(BinaryError) -> UnsafeRawBufferPointer {
    try Self.slice(section, of: image).bytes
  }

  private static func slice(_ section: Section, of image: ByteReader) throws(BinaryError) -> ByteReader {
    try image.slice(at: section.offset, count: section.size, "ELF section \(section.name) (sh_offset, sh_size)")
  }

  /// Calls `body` with `r_offset`, the symbol index and the type of each `Elf64_Rela` in `section`.
  static func forEachRelocation(
    _ image: ByteReader, _ section: Section, _ body: (UInt64, Int, UInt32) -> Void
  ) throws(BinaryError) {
    let table = try slice(section, of: image)
    var position = 0
    while position + 24 <= table.count {
      defer { position += 24 }
      let offset = try table.peek(UInt64.self, at: position, "ELF r_offset")
      let info = try table.peek(UInt64.self, at: position + 8, "ELF r_info")
      body(offset, Int(info >> 32), UInt32(truncatingIfNeeded: info))
    }
  }

  /// The string table section `link` names, cut after its last NUL.
  func strings(linkedFrom section: Section, in image: ByteReader) throws(BinaryError) -> ByteReader {
    guard all.indices.contains(section.link) else {
      throw BinaryError(.malformed, "ELF section \(section.name): sh_link \(section.link) names no section")
    }
    return try Self.slice(all[section.link], of: image).throughLastNUL
  }
}

/// The entries of one ELF symbol table (`Elf64_Sym`, 24 bytes) and its string table.
struct ELFSymbolEntries {
  private let entries: ByteReader
  private let strings: ByteReader

  init(_ image: ByteReader, _ sections: ELFSectionHeaders, table: Int) throws(BinaryError) {
    let section = sections.all[table]
    entries = try image.slice(at: section.offset, count: section.size, "ELF symbol table (sh_offset, sh_size)")
    strings = try sections.strings(linkedFrom: section, in: image)
  }

  private var count: Int { entries.count / 24 }

  /// Symbol index → name index, for the undefined symbols `search` looks for.
  func undefinedIndices(_ search: CallSiteSearch) throws(BinaryError) -> [Int: Int] {
    var found: [Int: Int] = [:]
    for index in 0..<count {
      let base = index * 24
      guard try entries.peek(UInt16.self, at: base + 6, "ELF st_shndx") == 0,
        let name = try? strings.cString(at: try entries.peek(UInt32.self, at: base, "ELF st_name"), "ELF symbol name"),
        let target = search.importIndex(name)
      else { continue }
      found[index] = target
    }
    return found
  }

  /// Calls `body` with the value, section index, global-or-weak flag and index of each defined
  /// `STT_FUNC` symbol that has a name.
  func forEachFunction(_ body: (UInt64, Int, Bool, Int) -> Void) throws(BinaryError) {
    for index in 0..<count {
      let base = index * 24
      let info = try entries.peek(UInt8.self, at: base + 4, "ELF st_info")
      let section = try entries.peek(UInt16.self, at: base + 6, "ELF st_shndx")
      guard info & 0xf == 2, section != 0, try entries.peek(UInt32.self, at: base, "ELF st_name") != 0 else { continue }
      let value = try entries.peek(UInt64.self, at: base + 8, "ELF st_value")
      body(value, Int(section), info >> 4 != 0, index)
    }
  }

  /// `st_size` of the symbol at `index`, or 0 when it is out of range.
  func size(of index: Int) -> UInt64 {
    guard index >= 0, index < count else { return 0 }
    return (try? entries.peek(UInt64.self, at: index * 24 + 16, "ELF st_size")) ?? 0
  }

  /// The name of the symbol at `index`, or `nil` when it is out of range or unreadable.
  func name(of index: Int) -> String? {
    guard index >= 0, index < count, let offset = try? entries.peek(UInt32.self, at: index * 24, "ELF st_name"),
      let name = try? strings.cString(at: offset, "ELF symbol name"), !name.isEmpty
    else { return nil }
    return String(decoding: name, as: UTF8.self)
  }
}
