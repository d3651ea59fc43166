#if canImport(CLibELF)
  import BinaryImage

  /// GNU symbol versioning for one dynamic symbol table: `.gnu.version` (one index per symbol)
  /// resolved through `.gnu.version_r` (versions needed, per library) and `.gnu.version_d`
  /// (versions defined).
  ///
  /// Version names are added to `Image.versions` once each; an index that names a needed
  /// version also names the library (`Image.libraries`) it must come from.
  struct ELFVersionTable {
    /// What one `.gnu.version` index stands for.
    struct Entry {
      /// Index into `Image.versions`.
      var version: Int
      /// Index into `Image.libraries`, for versions needed from a `DT_NEEDED` library.
      var library: Int?
    }

    private let indices: ELFSectionData
    private var entries: [UInt16: Entry] = [:]

    /// Reads the version sections that belong to `symbolTable`; `nil` when it has no `.gnu.version`.
    /// - Throws: when a version section's data cannot be read.
    init?(_ elf: ELFDescriptor, sections: [ELFSection], symbolTable: ELFSection, image: inout Image) throws(BinaryError)
    {
      let symbolIndex = UInt32(truncatingIfNeeded: symbolTable.index)
      guard
        let versym = sections.first(where: {
          $0.type == ELFConstants.sectionVersionIndices && $0.link == symbolIndex
        })
      else { return nil }
      indices = try LibELF.data(elf, section: versym.index)
      var names: [String: Int] = [:]
      for section in sections where section.type == ELFConstants.sectionVersionNeeds {
        try readNeeds(elf, section, image: &image, names: &names)
      }
      for section in sections where section.type == ELFConstants.sectionVersionDefinitions {
        try readDefinitions(elf, section, image: &image, names: &names)
      }
    }

    /// The version of symbol `index`; `nil` for unversioned (local/global) or unknown indices.
    func entry(forSymbol index: Int32) -> Entry? {
      guard let raw = LibELF.versionIndex(indices, at: index) else { return nil }
      let versionIndex = raw & ~ELFConstants.versionHiddenBit
      guard versionIndex > ELFConstants.versionGlobal else { return nil }
      return entries[versionIndex]
    }

    private mutating func readNeeds(
      _ elf: ELFDescriptor, _ section: ELFSection, image: inout Image, names: inout [String: Int]
    ) throws(BinaryError) {
      let data = try LibELF.data(elf, section: section.index)
      let strings = Int(section.link)
      try Self.walk(count: Int(section.info), limit: data.byteCount, "ELF .gnu.version_r") {
        offset throws(BinaryError) in
        guard let need = LibELF.versionNeed(data, at: offset) else {
          throw BinaryError(.malformed, "ELF .gnu.version_r: record at \(offset) runs past the section")
        }
        let fileName = LibELF.string(elf, section: strings, offset: need.fileNameOffset).map { String(fileBytes: $0) }
        let library = fileName.flatMap { name in image.libraries.firstIndex { $0.name == name } }
        let firstAux = try Int(offset).checkedAdding(need.auxOffset, "ELF .gnu.version_r: vn_aux")
        try Self.walk(from: firstAux, count: Int(need.auxCount), limit: data.byteCount, "ELF .gnu.version_r") {
          auxOffset throws(BinaryError) in
          guard let aux = LibELF.versionNeedAux(data, at: auxOffset) else {
            throw BinaryError(.malformed, "ELF .gnu.version_r: auxiliary record at \(auxOffset) runs past the section")
          }
          if let bytes = LibELF.string(elf, section: strings, offset: aux.nameOffset) {
            let version = Self.intern(String(fileBytes: bytes), image: &image, names: &names)
            entries[aux.index & ~ELFConstants.versionHiddenBit] = Entry(version: version, library: library)
          }
          return aux.next
        }
        return need.next
      }
    }

    private mutating func readDefinitions(
      _ elf: ELFDescriptor, _ section: ELFSection, image: inout Image, names: inout [String: Int]
    ) throws(BinaryError) {
      let data = try LibELF.data(elf, section: section.index)
      let strings = Int(section.link)
      try Self.walk(count: Int(section.info), limit: data.byteCount, "ELF .gnu.version_d") {
        offset throws(BinaryError) in
        guard let definition = LibELF.versionDefinition(data, at: offset) else {
          throw BinaryError(.malformed, "ELF .gnu.version_d: record at \(offset) runs past the section")
        }
        let isFileName = definition.flags & ELFConstants.versionDefinitionBase != 0
        let auxOffset = try Int(offset).checkedAdding(definition.auxOffset, "ELF .gnu.version_d: vd_aux")
        if !isFileName, let auxOffset32 = Int32(exactly: auxOffset),
          let nameOffset = LibELF.versionDefinitionName(data, at: auxOffset32),
          let bytes = LibELF.string(elf, section: strings, offset: nameOffset)
        {
          let version = Self.intern(String(fileBytes: bytes), image: &image, names: &names)
          entries[definition.index & ~ELFConstants.versionHiddenBit] = Entry(version: version, library: nil)
        }
        return definition.next
      }
    }

    /// Visits a chain of records linked by relative `next` offsets, starting at `start`: at most
    /// `count` records and never more than there are bytes, stopping at a 0 link.
    private static func walk(
      from start: Int = 0, count: Int, limit: Int, _ what: String, _ visit: (Int32) throws(BinaryError) -> UInt32
    ) throws(BinaryError) {
      var offset = start
      for _ in 0..<min(count, limit) {
        guard let offset32 = Int32(exactly: offset), offset < limit else {
          throw BinaryError(.malformed, "\(what): record offset \(offset) is outside the section (\(limit) bytes)")
        }
        let next = try visit(offset32)
        if next == 0 { return }
        offset = try offset.checkedAdding(next, "\(what): next record")
      }
    }

    /// The index of `name` in `image.versions`, appending it the first time.
    private static func intern(_ name: String, image: inout Image, names: inout [String: Int]) -> Int {
      if let existing = names[name] { return existing }
      image.versions.append(name)
      names[name] = image.versions.count - 1
      return image.versions.count - 1
    }
  }
#endif
