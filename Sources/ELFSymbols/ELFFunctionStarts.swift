#if canImport(CLibELF)
  import BinaryImage
  import CodeScan

  /// Function starts from `.symtab` and `.dynsym` together (global and weak names preferred, and
  /// `.symtab`'s name where both name one start), so an image whose `.symtab` was cut down
  /// (`strip -K`) still names its exported functions; in an object, only those of one code section,
  /// whose values are offsets in it. A name is read only for a function that holds a site. Code no
  /// sized symbol covers (a stripped image's local functions) is placed in the function its
  /// `.eh_frame` FDE describes, unnamed like a Mach-O function known only from
  /// `LC_FUNCTION_STARTS` (`CallSite.functionStart` without a name).
  struct ELFFunctionStarts {
    private var locator = FunctionLocator()
    /// The tables read, `.symtab` first; a locator's symbol index is `tables.count * row + table`.
    private let tables: [ELFSymbolTable.Section]
    private var frames: ELFFrameDescriptions?
    /// Each named function's name, made once for all the sites in it (a site's name shares it).
    private var names: [Int: String?] = [:]
    /// The name bytes measured, within a limit of the image's: functions may be named by
    /// overlapping suffixes of one long string. Past it, sites are unnamed.
    private var measured: NameTable

    /// The functions of `.symtab` and `dynamic` (`.dynsym`, in a linked image), or in an object
    /// those of `.symtab` in code section `section`.
    /// - Throws: when a symbol table cannot be opened (`ELFSymbolTable.open`).
    init(_ elf: ELFDescriptor, _ sections: [ELFSection], dynamic: ELFSection?, section: Int?) throws(BinaryError) {
      var tables: [ELFSymbolTable.Section] = []
      let symbolTable = sections.first { $0.type == ELFConstants.sectionSymbolTable }
      for table in [symbolTable, dynamic].compactMap({ $0 }) {
        tables.append(try ELFSymbolTable.open(elf, table: table, sections: sections))
      }
      var locator = FunctionLocator()
      for (number, symbols) in tables.enumerated() {
        for index in 0..<symbols.count {
          guard let entry = symbols.entry(index), entry.type == ELFConstants.symbolFunction,
            entry.sectionIndex != ELFConstants.sectionUndefined, entry.nameOffset != 0,
            section == nil || Int(entry.sectionIndex) == section
          else { continue }
          let rank: FunctionLocator.Rank = entry.binding == ELFConstants.bindLocal ? .local : .global
          locator.add(entry.value, symbol: index &* tables.count &+ number, rank: rank)
        }
      }
      locator.finish()
      self.locator = locator
      self.tables = tables
      measured = NameTable(imageSize: LibELF.byteCount(elf))
    }

    /// `st_size` of the symbol a locator's index stands for.
    private func size(of symbol: Int) -> UInt64 {
      tables[symbol % tables.count].entry(symbol / tables.count)?.size ?? 0
    }

    /// The name of the symbol a locator's index stands for, read once however many sites it holds.
    private mutating func name(of symbol: Int) -> String? {
      if let known = names[symbol] { return known }
      let table = tables[symbol % tables.count]
      let bytes = table.entry(symbol / tables.count).flatMap { table.strings.string(at: UInt64($0.nameOffset)) }
      let charged = (try? measured.charge((bytes?.count ?? 0) + 1, at: nil)) != nil
      let name = charged && bytes?.isEmpty == false ? bytes.map { String(fileBytes: $0) } : nil
      names[symbol] = name
      return name
    }

    /// Reads the FDEs of `.eh_frame` (a linked image's, whose addresses are final). A section
    /// that cannot be read leaves the functions as the symbols place them.
    mutating func readFrames(_ elf: ELFDescriptor, _ sections: [ELFSection]) {
      guard
        let section = sections.first(where: { $0.name == ".eh_frame" && $0.type == ELFConstants.sectionProgramBits }),
        let contents = try? ELFCodeSearch.contents(elf, section)
      else { return }
      frames = try? ELFFrameDescriptions(ByteReader(contents, baseOffset: section.fileOffset), address: section.address)
    }

    /// Every function start, from the symbols and the FDEs read, ascending.
    var addresses: [UInt64] {
      let fromFrames = frames?.ranges.map(\.lowerBound) ?? []
      return (locator.addresses + fromFrames).sorted()
    }

    /// Whether the nearest symbol at or below `address` has a size that reaches it.
    func hasSymbol(covering address: UInt64) -> Bool {
      guard let start = locator.enclosing(address), let symbol = start.symbol else { return false }
      return address &- start.address < size(of: symbol)
    }

    /// The call site at `address`, named after the function that holds it: the symbol whose size
    /// covers it; else the function of the FDE that covers it, unless a symbol without a size
    /// starts inside that function at or below the address; else the nearest symbol below it.
    mutating func site(at address: UInt64) -> CallSite {
      let start = locator.enclosing(address)
      if !hasSymbol(covering: address), let frame = frames?.range(holding: address) {
        if let start, let symbol = start.symbol, size(of: symbol) == 0, start.address >= frame.lowerBound {
          return named(start, address)
        }
        return CallSite(address: address, function: nil, functionStart: frame.lowerBound)
      }
      guard let start else { return CallSite(address: address, function: nil, functionStart: nil) }
      return named(start, address)
    }

    private mutating func named(_ start: FunctionLocator.Start, _ address: UInt64) -> CallSite {
      var name: String?
      if let symbol = start.symbol { name = self.name(of: symbol) }
      return CallSite(address: address, function: name, functionStart: start.address)
    }
  }
#endif
