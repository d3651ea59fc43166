#if canImport(CLibELF)
  import BinaryImage

  /// Reads a symbol table — an `SHT_SYMTAB` or `SHT_DYNSYM` section, or the `DT_SYMTAB` the loader
  /// reads — into an image's symbols.
  enum ELFSymbolTable {
    /// A symbol table section opened for reading: its entries, its `SHT_SYMTAB_SHNDX` table and
    /// its string table.
    struct Section {
      /// The entries, converted by libelf.
      var data: ELFData
      /// The size of one entry in the file.
      var entrySize: Int
      /// The extended section indices (`SHT_SYMTAB_SHNDX`) that belong to the table, if any.
      var extendedIndices: ELFData?
      /// The string table `sh_link` names.
      var strings: ELFStrings

      /// How many entries the table holds (the null symbol included).
      var count: Int { data.byteCount / entrySize }

      /// Entry `index`, `nil` when it is outside the table.
      func entry(_ index: Int) -> ELFSymbolEntry? {
        guard let index = Int32(exactly: index) else { return nil }
        return LibELF.symbol(data, extendedIndices, at: index)  // gelf_getsymshndx bounds-checks the index
      }
    }

    /// Opens section `table` of `sections`.
    /// - Throws: when the table's entry size or size is inconsistent, its data cannot be read, or
    ///   its string table does not end with a NUL (libelf would then search the whole unterminated
    ///   tail again for every name).
    static func open(_ elf: ELFDescriptor, table: ELFSection, sections: [ELFSection]) throws(BinaryError) -> Section {
      let what = table.type == ELFConstants.sectionDynamicSymbols ? "ELF .dynsym" : "ELF .symtab"
      let entrySize = LibELF.entrySize(elf, of: .symbol)
      guard entrySize > 0, table.entrySize == UInt64(entrySize) else {
        throw BinaryError(.malformed, "\(what): entry size \(table.entrySize), expected \(entrySize)")
      }
      guard table.size % table.entrySize == 0 else {
        throw BinaryError(.malformed, "\(what): size \(table.size) is not a multiple of the entry size \(entrySize)")
      }
      let data = try LibELF.data(elf, section: table.index)
      let tableIndex = UInt32(truncatingIfNeeded: table.index)
      let extendedIndices = try sections.first {
        $0.type == ELFConstants.sectionSymbolIndices && $0.link == tableIndex
      }.map { section throws(BinaryError) in try LibELF.data(elf, section: section.index) }
      let strings = Int(table.link)
      if sections.contains(where: { $0.index == strings && $0.type == ELFConstants.sectionStringTable }),
        !(try LibELF.data(elf, section: strings)).endsWithNUL
      {
        throw BinaryError(.malformed, "\(what): its string table (section \(strings)) does not end with a NUL")
      }
      return Section(
        data: data, entrySize: entrySize, extendedIndices: extendedIndices, strings: .section(elf, index: strings))
    }

    /// Appends the symbols of section `table` that `options` asks for to `image`.
    /// - Throws: when the table cannot be opened (`open`), or its names take the image past its
    ///   name limit (`NameTable`).
    static func read(
      _ elf: ELFDescriptor, table: ELFSection, sections: [ELFSection], versions: ELFVersionTable?,
      options: ReadOptions, into image: inout Image
    ) throws(BinaryError) {
      let section = try open(elf, table: table, sections: sections)
      try append(
        section.data, entrySize: section.entrySize, at: table.fileOffset, extendedIndices: section.extendedIndices,
        strings: section.strings,
        origin: table.type == ELFConstants.sectionDynamicSymbols ? .dynamicSymbolTable : .symbolTable,
        versions: versions, options: options, into: &image)
    }

    /// Appends the symbols of `data` (entries of `entrySize` bytes from file offset `fileOffset`)
    /// that `options` asks for to `image`.
    ///
    /// The null symbol, section and file symbols are skipped, and so is any entry that cannot
    /// be read or whose name cannot be read. Names are copied byte for byte into `image.names`.
    /// - Throws: when the names take the image past its name limit (`NameTable`).
    static func append(
      _ data: ELFData, entrySize: Int, at fileOffset: UInt64, extendedIndices: ELFData?, strings: ELFStrings,
      origin: Symbol.Origin, versions: ELFVersionTable?, options: ReadOptions, into image: inout Image
    ) throws(BinaryError) {
      let count = data.byteCount / max(entrySize, 1)
      var identities = DefinedIdentities(documenting: options.definedIdentities ? options.definitionFilter : nil)
      for index in 1..<Int32(clamping: max(count, 1)) {  // gelf_getsymshndx bounds-checks each index
        guard let entry = LibELF.symbol(data, extendedIndices, at: index) else { continue }
        guard entry.type != ELFConstants.symbolSection, entry.type != ELFConstants.symbolFile else { continue }
        let isDefined = entry.sectionIndex != ELFConstants.sectionUndefined
        let keeps = isDefined ? options.definedSymbols : options.undefinedSymbols
        guard keeps || (isDefined && options.definedIdentities) else { continue }
        // No class, Swift type or SDK function is private to its source file (`DefinedIdentities`).
        guard keeps || !entry.isFilePrivate else { continue }
        guard let name = strings.string(at: UInt64(entry.nameOffset)), !name.isEmpty else { continue }
        if isDefined && options.definedIdentities {
          try identities.note(name, at: fileOffset &+ UInt64(index) &* UInt64(entrySize), into: &image)
        }
        guard keeps else { continue }
        let version = versions?.entry(forSymbol: index)
        image.symbols.append(
          Symbol(
            name: try image.names.append(name, at: fileOffset &+ UInt64(index) &* UInt64(entrySize)),
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
