#if canImport(CLibELF)
  import BinaryImage

  /// Reads one `SHT_SYMTAB` or `SHT_DYNSYM` section into an image's symbols.
  enum ELFSymbolTable {
    /// Appends the symbols of `table` that `options` asks for to `image`.
    ///
    /// The null symbol, section and file symbols are skipped, and so is any entry whose name
    /// libelf cannot give. Names are copied byte for byte into `image.names`.
    /// - Throws: when the table's entry size or size is inconsistent, its data cannot be read, its
    ///   string table does not end with a NUL (libelf would then search the whole unterminated
    ///   tail again for every name), or its names take the image past its name limit (`NameTable`).
    static func read(
      _ elf: ELFDescriptor, table: ELFSection, sections: [ELFSection], versions: ELFVersionTable?,
      options: ReadOptions, into image: inout Image
    ) throws(BinaryError) {
      let what = table.type == ELFConstants.sectionDynamicSymbols ? "ELF .dynsym" : "ELF .symtab"
      let entrySize = LibELF.entrySize(elf, of: .symbol)
      guard entrySize > 0, table.entrySize == UInt64(entrySize) else {
        throw BinaryError(.malformed, "\(what): entry size \(table.entrySize), expected \(entrySize)")
      }
      guard table.size % table.entrySize == 0 else {
        throw BinaryError(.malformed, "\(what): size \(table.size) is not a multiple of the entry size \(entrySize)")
      }
      let data = try LibELF.data(elf, section: table.index)
      let count = min(data.byteCount / entrySize, Int(Int32.max))  // gelf_getsymshndx bounds-checks each index
      let tableIndex = UInt32(truncatingIfNeeded: table.index)
      let extendedIndices = try sections.first {
        $0.type == ELFConstants.sectionSymbolIndices && $0.link == tableIndex
      }.map { section throws(BinaryError) in try LibELF.data(elf, section: section.index) }
      let origin: Symbol.Origin = table.type == ELFConstants.sectionDynamicSymbols ? .dynamicSymbolTable : .symbolTable
      let strings = Int(table.link)
      if sections.contains(where: { $0.index == strings && $0.type == ELFConstants.sectionStringTable }),
        !(try LibELF.data(elf, section: strings)).endsWithNUL
      {
        throw BinaryError(.malformed, "\(what): its string table (section \(strings)) does not end with a NUL")
      }
      for index in 1..<max(count, 1) {
        let index32 = Int32(truncatingIfNeeded: index)
        guard let entry = LibELF.symbol(data, extendedIndices, at: index32) else { continue }
        guard entry.type != ELFConstants.symbolSection, entry.type != ELFConstants.symbolFile else { continue }
        let isDefined = entry.sectionIndex != ELFConstants.sectionUndefined
        guard isDefined ? options.definedSymbols : options.undefinedSymbols else { continue }
        guard let name = LibELF.string(elf, section: strings, offset: entry.nameOffset), !name.isEmpty else { continue }
        let version = versions?.entry(forSymbol: index32)
        image.symbols.append(
          Symbol(
            name: try image.names.append(name, at: table.fileOffset &+ UInt64(index) &* table.entrySize),
            isDefined: isDefined, binding: binding(entry.binding),
            kind: kind(entry.type), origin: origin,
            library: !isDefined ? version?.library.map { .linked($0) } ?? .unknown : .unknown,
            version: version?.version))
      }
    }

    private static func binding(_ raw: UInt8) -> Symbol.Binding {
      switch raw {
      case ELFConstants.bindLocal: return .local
      case ELFConstants.bindWeak: return .weak
      default: return .global  // STB_GLOBAL, STB_GNU_UNIQUE and processor-specific bindings
      }
    }

    private static func kind(_ raw: UInt8) -> Symbol.Kind {
      switch raw {
      case ELFConstants.symbolFunction, ELFConstants.symbolIndirectFunction: return .function
      case ELFConstants.symbolObject, ELFConstants.symbolCommon, ELFConstants.symbolTLS: return .object
      default: return .other
      }
    }
  }
#endif
