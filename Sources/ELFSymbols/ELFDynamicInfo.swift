#if canImport(CLibELF)
  import BinaryImage

  /// What an image's `.dynamic` section says about linking: needed libraries, its own soname,
  /// and whether `DF_1_PIE` marks it as a position-independent executable.
  struct ELFDynamicInfo {
    /// `DT_NEEDED` entries in order.
    var libraries: [LinkedLibrary] = []
    /// `DT_SONAME`.
    var soname: String?
    /// Whether `DT_FLAGS_1` has `DF_1_PIE`.
    var isPositionIndependentExecutable = false

    /// No dynamic information (relocatable objects).
    init() {}

    /// Reads the first `SHT_DYNAMIC` section of `sections`; an empty result when there is none.
    /// - Throws: when the section's data cannot be read or its entry size is wrong.
    init(_ elf: ELFDescriptor, sections: [ELFSection]) throws(BinaryError) {
      guard let section = sections.first(where: { $0.type == ELFConstants.sectionDynamic }) else { return }
      let entrySize = LibELF.entrySize(elf, of: .dynamic)
      guard entrySize > 0 else { throw BinaryError(.malformed, "ELF .dynamic: unknown entry size") }
      let data = try LibELF.data(elf, section: section.index)
      let count = min(data.byteCount / entrySize, Int(Int32.max))  // gelf_getdyn bounds-checks each index
      let strings = Int(section.link)
      for index in 0..<count {
        guard let entry = LibELF.dynamicEntry(data, at: Int32(truncatingIfNeeded: index)) else { break }
        switch entry.tag {
        case ELFConstants.dynamicNull:
          return
        case ELFConstants.dynamicNeeded:
          if let name = Self.name(elf, strings, entry.value) { libraries.append(LinkedLibrary(name: name)) }
        case ELFConstants.dynamicSoname:
          soname = Self.name(elf, strings, entry.value)
        case ELFConstants.dynamicFlags1:
          isPositionIndependentExecutable = entry.value & ELFConstants.flags1PIE != 0
        default:
          continue
        }
      }
    }

    /// A string of the dynamic string table; `nil` (entry skipped) when it cannot be read.
    private static func name(_ elf: ELFDescriptor, _ section: Int, _ offset: UInt64) -> String? {
      guard let offset = UInt32(exactly: offset), let bytes = LibELF.string(elf, section: section, offset: offset)
      else { return nil }
      return String(fileBytes: bytes)
    }
  }
#endif
