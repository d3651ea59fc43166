#if canImport(CLibELF)
  import BinaryImage

  /// GNU symbol versioning for one dynamic symbol table: one version index per symbol
  /// (`.gnu.version`, `DT_VERSYM`) resolved through the versions needed, per library
  /// (`.gnu.version_r`, `DT_VERNEED`) and the versions defined (`.gnu.version_d`, `DT_VERDEF`).
  ///
  /// Version names are added to `Image.versions` once each; an index that names a needed
  /// version also names the library (`Image.libraries`) it must come from.
  struct ELFVersionTable {
    /// What one version index stands for.
    struct Entry {
      /// Index into `Image.versions`.
      var version: Int
      /// Index into `Image.libraries`, for versions needed from a `DT_NEEDED` library.
      var library: Int?
    }

    /// One chain of `Verneed` or `Verdef` records and the string table their names are in.
    struct Records {
      /// The records, converted by libelf.
      var data: ELFData
      /// How many records the chain holds at most (`sh_info`, `DT_VERNEEDNUM`, `DT_VERDEFNUM`).
      var count: Int
      /// Where their names are.
      var strings: ELFStrings
      /// The table's name for errors, e.g. `ELF .gnu.version_r`.
      var what: String
    }

    private let indices: ELFData
    private var entries: [UInt16: Entry] = [:]

    /// Resolves the version records; names and libraries are added to `image`.
    /// - Throws: when a record chain runs outside its data.
    init(indices: ELFData, needs: [Records], definitions: [Records], image: inout Image) throws(BinaryError) {
      self.indices = indices
      var names: [String: Int] = [:]
      for records in needs { try readNeeds(records, image: &image, names: &names) }
      for records in definitions { try readDefinitions(records, image: &image, names: &names) }
    }

    /// The version sections that belong to section `symbolTable`; `nil` when it has no `.gnu.version`.
    /// - Throws: when a version section's data cannot be read, or a record chain runs outside it.
    static func sections(
      _ elf: ELFDescriptor, _ sections: [ELFSection], symbolTable: ELFSection, image: inout Image
    ) throws(BinaryError) -> ELFVersionTable? {
      let symbolIndex = UInt32(truncatingIfNeeded: symbolTable.index)
      guard
        let versym = sections.first(where: {
          $0.type == ELFConstants.sectionVersionIndices && $0.link == symbolIndex
        })
      else { return nil }
      func records(_ type: UInt32, _ what: String) throws(BinaryError) -> [Records] {
        var result: [Records] = []
        for section in sections where section.type == type {
          result.append(
            Records(
              data: try LibELF.data(elf, section: section.index), count: Int(section.info),
              strings: .section(elf, index: Int(section.link)), what: what))
        }
        return result
      }
      return try ELFVersionTable(
        indices: try LibELF.data(elf, section: versym.index),
        needs: try records(ELFConstants.sectionVersionNeeds, "ELF .gnu.version_r"),
        definitions: try records(ELFConstants.sectionVersionDefinitions, "ELF .gnu.version_d"), image: &image)
    }

    /// The version of symbol `index`; `nil` for unversioned (local/global) or unknown indices.
    func entry(forSymbol index: Int32) -> Entry? {
      guard let raw = LibELF.versionIndex(indices, at: index) else { return nil }
      let versionIndex = raw & ~ELFConstants.versionHiddenBit
      guard versionIndex > ELFConstants.versionGlobal else { return nil }
      return entries[versionIndex]
    }

    private mutating func readNeeds(_ records: Records, image: inout Image, names: inout [String: Int])
      throws(BinaryError)
    {
      let data = records.data
      let what = records.what
      // Each library looked up by name once, and each auxiliary record read once: records that
      // share or overlap one auxiliary chain would otherwise cost needs × auxiliaries.
      var libraryIndex: [String: Int] = [:]
      for (index, library) in image.libraries.enumerated() where libraryIndex[library.name] == nil {
        libraryIndex[library.name] = index
      }
      var visitedAux = Set<Int32>()
      try Self.walk(count: records.count, limit: data.byteCount, what) { offset throws(BinaryError) in
        guard let need = LibELF.versionNeed(data, at: offset) else {
          throw BinaryError(.malformed, "\(what): record at \(offset) runs past the table")
        }
        let fileName = records.strings.text(at: UInt64(need.fileNameOffset))
        let library = fileName.flatMap { libraryIndex[$0] }
        let firstAux = try Int(offset).checkedAdding(need.auxOffset, "\(what): vn_aux")
        try Self.walk(from: firstAux, count: Int(need.auxCount), limit: data.byteCount, what) {
          auxOffset throws(BinaryError) in
          guard visitedAux.insert(auxOffset).inserted else { return 0 }
          guard let aux = LibELF.versionNeedAux(data, at: auxOffset) else {
            throw BinaryError(.malformed, "\(what): auxiliary record at \(auxOffset) runs past the table")
          }
          if let name = records.strings.text(at: UInt64(aux.nameOffset)) {
            let version = Self.intern(name, image: &image, names: &names)
            entries[aux.index & ~ELFConstants.versionHiddenBit] = Entry(version: version, library: library)
          }
          return aux.next
        }
        return need.next
      }
    }

    private mutating func readDefinitions(_ records: Records, image: inout Image, names: inout [String: Int])
      throws(BinaryError)
    {
      let data = records.data
      let what = records.what
      try Self.walk(count: records.count, limit: data.byteCount, what) { offset throws(BinaryError) in
        guard let definition = LibELF.versionDefinition(data, at: offset) else {
          throw BinaryError(.malformed, "\(what): record at \(offset) runs past the table")
        }
        let isFileName = definition.flags & ELFConstants.versionDefinitionBase != 0
        let auxOffset = try Int(offset).checkedAdding(definition.auxOffset, "\(what): vd_aux")
        if !isFileName, let auxOffset32 = Int32(exactly: auxOffset),
          let nameOffset = LibELF.versionDefinitionName(data, at: auxOffset32),
          let name = records.strings.text(at: UInt64(nameOffset))
        {
          let version = Self.intern(name, image: &image, names: &names)
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
          throw BinaryError(.malformed, "\(what): record offset \(offset) is outside the table (\(limit) bytes)")
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
