#if canImport(CLibELF)
  import BinaryImage

  /// Compares the section headers of a linked image with the dynamic segment the loader reads.
  ///
  /// Linkers write both views of the same tables, so they agree in every binary a toolchain
  /// produced; the loader reads only the dynamic segment, so a disagreement means the file was
  /// edited afterwards — section headers removed (`sstrip`) or altered to hide imports from tools
  /// that read sections. Each sentence says what disagrees; the reader keeps the loader's view.
  enum ELFSectionViewCheck {
    /// How many symbol names a sentence lists before "…".
    private static let namesShown = 5

    /// The disagreements between the section headers of `elf` and `loader`, whose undefined
    /// dynamic symbols are `loaderImports`; empty when the views agree.
    static func inconsistencies(
      _ elf: ELFDescriptor, header: ELFHeader, loader: ELFLoaderView, loaderImports: Set<String>
    ) -> [String] {
      guard header.sectionHeaderOffset != 0 else { return ["the file has no section headers (e_shoff is 0)"] }
      let sections: [ELFSection]
      do {
        sections = try LibELF.sections(elf)
      } catch {
        return ["the section headers cannot be read (\(error.message))"]
      }
      guard !sections.isEmpty else { return [unreadableTableDescription(elf, header)] }
      var found = symbolTableDisagreements(sections, loader: loader)
      found += importDisagreements(elf, sections, loaderImports: loaderImports)
      if let libraries = libraryDisagreement(elf, sections, loader: loader) { found.append(libraries) }
      return found
    }

    /// Where `.dynsym`, its string table and any extended-index table disagree with `DT_SYMTAB`/`DT_STRTAB`.
    private static func symbolTableDisagreements(_ sections: [ELFSection], loader: ELFLoaderView) -> [String] {
      guard let symbolTableOffset = loader.symbolTableOffset else { return [] }
      guard let dynsym = sections.first(where: { $0.type == ELFConstants.sectionDynamicSymbols }) else {
        return ["no SHT_DYNSYM section describes the dynamic symbol table (DT_SYMTAB at \(hex(symbolTableOffset)))"]
      }
      var found: [String] = []
      if dynsym.fileOffset != UInt64(symbolTableOffset) {
        found.append(
          "section \(dynsym.index) (SHT_DYNSYM) is at offset \(hex(dynsym.fileOffset)), but DT_SYMTAB is at \(hex(symbolTableOffset))"
        )
      }
      let link = Int(dynsym.link)
      if let stringTableOffset = loader.stringTableOffset {
        let strings = sections.first { $0.index == link }
        if let strings, strings.type == ELFConstants.sectionStringTable {
          if strings.fileOffset != UInt64(stringTableOffset) {
            found.append(
              "the string table of section \(dynsym.index) (SHT_DYNSYM) is at offset \(hex(strings.fileOffset)), but DT_STRTAB is at \(hex(stringTableOffset))"
            )
          }
        } else {
          found.append(
            "the string table of section \(dynsym.index) (SHT_DYNSYM), section \(link), is not a string table")
        }
      }
      let dynsymIndex = UInt32(truncatingIfNeeded: dynsym.index)
      for section in sections where section.type == ELFConstants.sectionSymbolIndices && section.link == dynsymIndex {
        found.append(
          "section \(section.index) is an SHT_SYMTAB_SHNDX table (\(section.size) bytes) for the \(loader.symbolCount) dynamic symbols, which the loader does not read"
        )
      }
      return found
    }

    /// The imports the section view (`.dynsym` read through the section headers) lacks or adds.
    private static func importDisagreements(
      _ elf: ELFDescriptor, _ sections: [ELFSection], loaderImports: Set<String>
    ) -> [String] {
      var sectionView = Image(
        format: .elf, architecture: "", kind: .other, fileType: "", imageSize: LibELF.byteCount(elf))
      if let dynsym = sections.first(where: { $0.type == ELFConstants.sectionDynamicSymbols }) {
        do {
          try ELFSymbolTable.read(
            elf, table: dynsym, sections: sections, versions: nil, options: ReadOptions(definedSymbols: false),
            into: &sectionView)
        } catch {
          return ["the dynamic symbols cannot be read through the section headers (\(error.message))"]
        }
      }
      let sectionImports = Set(sectionView.imports.map { sectionView.names.string($0.name) })
      var found: [String] = []
      let hidden = loaderImports.subtracting(sectionImports)
      if !hidden.isEmpty {
        found.append("the section headers do not show \(count(hidden, "import")) the loader binds: \(list(hidden))")
      }
      let invented = sectionImports.subtracting(loaderImports)
      if !invented.isEmpty {
        found.append(
          "the section headers show \(count(invented, "import")) the loader does not bind: \(list(invented))")
      }
      return found
    }

    /// Whether the `.dynamic` section lists other needed libraries than the dynamic segment.
    private static func libraryDisagreement(_ elf: ELFDescriptor, _ sections: [ELFSection], loader: ELFLoaderView)
      -> String?
    {
      let loaderNames = loader.info.libraries.map(\.name)
      guard let (array, strings) = try? ELFDynamicArray.section(elf, sections: sections) else {
        return loaderNames.isEmpty ? nil : "no readable SHT_DYNAMIC section lists the needed libraries \(loaderNames)"
      }
      let sectionNames = ELFDynamicInfo(array, strings: strings).libraries.map(\.name)
      guard sectionNames != loaderNames else { return nil }
      return
        "the SHT_DYNAMIC section lists the needed libraries \(sectionNames), but the dynamic segment \(loaderNames)"
    }

    /// Why libelf found no sections although `e_shoff` is set: the table does not fit in the
    /// file, or it holds no section besides section 0.
    private static func unreadableTableDescription(_ elf: ELFDescriptor, _ header: ELFHeader) -> String {
      let offset = header.sectionHeaderOffset
      let place = "the section header table at offset \(hex(offset))"
      guard let bytes = try? LibELF.fileBytes(elf) else { return "\(place) cannot be read" }
      let entrySize = UInt64(header.sectionEntrySize)
      var count = UInt64(header.sectionCount)
      var prefix = ""
      if count == 0 {
        guard let extended = LibELF.translatedSectionSize(bytes, at: offset, header: header) else {
          return "\(place) is past the end of the file (\(bytes.count) bytes)"
        }
        count = extended
        prefix = "e_shnum is 0 and section 0 gives \(extended) sections: "
      }
      let (size, overflow) = count.multipliedReportingOverflow(by: entrySize)
      let (end, past) = offset.addingReportingOverflow(size)
      guard overflow || past || end > UInt64(bytes.count) else {
        return prefix + "\(place) holds no section besides section 0"
      }
      return prefix + "\(place) (\(count) entries) does not fit in the file (\(bytes.count) bytes)"
    }

    private static func count(_ names: Set<String>, _ noun: String) -> String {
      "\(names.count) \(noun)\(names.count == 1 ? "" : "s")"
    }

    private static func list(_ names: Set<String>) -> String {
      let sorted = names.sorted()
      return sorted.prefix(namesShown).joined(separator: ", ") + (sorted.count > namesShown ? ", …" : "")
    }

    private static func hex(_ value: some BinaryInteger) -> String { "0x" + String(value, radix: 16) }
  }
#endif
