#if canImport(CLibELF)
  import BinaryImage

  /// The entries of one dynamic array — the `.dynamic` section, or the `PT_DYNAMIC` segment the
  /// loader reads — up to `DT_NULL`.
  struct ELFDynamicArray {
    /// The tags whose value the reader uses, besides `DT_NEEDED`.
    private static let tracked: Set<Int64> = [
      ELFConstants.dynamicSoname, ELFConstants.dynamicRPath, ELFConstants.dynamicRunPath, ELFConstants.dynamicFlags1,
      ELFConstants.dynamicSymbolTable, ELFConstants.dynamicStringTable, ELFConstants.dynamicStringTableSize,
      ELFConstants.dynamicSymbolEntrySize, ELFConstants.dynamicHash, ELFConstants.dynamicGNUHash,
      ELFConstants.dynamicVersionIndices, ELFConstants.dynamicVersionNeeds, ELFConstants.dynamicVersionNeedCount,
      ELFConstants.dynamicVersionDefinitions, ELFConstants.dynamicVersionDefinitionCount,
      ELFConstants.dynamicPLTRelocations, ELFConstants.dynamicPLTRelocationsSize,
      ELFConstants.dynamicPLTRelocationType, ELFConstants.dynamicRelocationsWithAddend,
      ELFConstants.dynamicRelocationsWithAddendSize, ELFConstants.dynamicRelocationWithAddendEntrySize,
      ELFConstants.dynamicRelocations, ELFConstants.dynamicRelocationsSize, ELFConstants.dynamicRelocationEntrySize,
    ]

    /// The string-table offsets of the `DT_NEEDED` entries, in order.
    private(set) var neededNames: [UInt64] = []
    private var values: [Int64: UInt64] = [:]

    /// No entries.
    init() {}

    /// Reads entries from `data` until `DT_NULL` or the end of the data.
    init(_ data: ELFData) {
      for index in 0..<Int32.max {  // gelf_getdyn bounds-checks each index against the data
        guard let entry = LibELF.dynamicEntry(data, at: index), entry.tag != ELFConstants.dynamicNull else { return }
        if entry.tag == ELFConstants.dynamicNeeded {
          neededNames.append(entry.value)
        } else if Self.tracked.contains(entry.tag) {
          values[entry.tag] = entry.value  // a repeated tag: the last one counts, as in the loader
        }
      }
    }

    /// The value of `tag` (one of the tags the reader uses), `nil` when the array has none.
    func value(_ tag: Int64) -> UInt64? { values[tag] }

    /// The first `SHT_DYNAMIC` section and the string section it links to; `nil` when there is none.
    /// - Throws: when the section's data cannot be read.
    static func section(_ elf: ELFDescriptor, sections: [ELFSection]) throws(BinaryError) -> (
      array: ELFDynamicArray, strings: ELFStrings
    )? {
      guard let section = sections.first(where: { $0.type == ELFConstants.sectionDynamic }) else { return nil }
      let data = try LibELF.data(elf, section: section.index)
      return (ELFDynamicArray(data), .section(elf, index: Int(section.link)))
    }
  }

  /// What a dynamic array says about linking: needed libraries, the image's own soname, its
  /// library search path, and whether `DF_1_PIE` marks it as a position-independent executable.
  struct ELFDynamicInfo {
    /// `DT_NEEDED` entries in order.
    var libraries: [LinkedLibrary] = []
    /// `DT_SONAME`.
    var soname: String?
    /// `DT_RUNPATH`, or `DT_RPATH` without it (the loader ignores `DT_RPATH` then), split at `:`.
    var runPaths: [String] = []
    /// Whether `DT_FLAGS_1` has `DF_1_PIE`.
    var isPositionIndependentExecutable = false

    /// No dynamic information (relocatable objects, static executables).
    init() {}

    /// Resolves the names of `array` in `strings`; an entry whose name cannot be read is skipped.
    init(_ array: ELFDynamicArray, strings: ELFStrings) {
      libraries = array.neededNames.compactMap { strings.text(at: $0) }.map { LinkedLibrary(name: $0) }
      soname = array.value(ELFConstants.dynamicSoname).flatMap(strings.text(at:))
      let searchPath = array.value(ELFConstants.dynamicRunPath) ?? array.value(ELFConstants.dynamicRPath)
      runPaths = searchPath.flatMap(strings.text(at:)).map { $0.split(separator: ":").map(String.init) } ?? []
      isPositionIndependentExecutable =
        (array.value(ELFConstants.dynamicFlags1) ?? 0) & ELFConstants.flags1PIE != 0
    }
  }
#endif
