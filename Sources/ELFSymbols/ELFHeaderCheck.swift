#if canImport(CLibELF)
  import BinaryImage

  /// Checks an ELF header's identification and table extents before libelf opens the bytes.
  ///
  /// libelf rejects the same files, but with one generic "invalid ELF file", or opens a
  /// relocatable object whose section headers lie past the end as one without sections (so it
  /// would read as clean); this names what is wrong and where (truncated header, section or
  /// program headers past the end). The header's fields are translated by libelf for the
  /// file's class and byte order (`LibELF.translatedHeader`); only the identification bytes,
  /// which have no byte order, are read here.
  ///
  /// Linked images (executables, shared objects) are read as the loader reads them, through
  /// program headers, so their section header table may be missing or unreadable: that is
  /// reported as a header inconsistency, not here.
  enum ELFHeaderCheck {
    /// Throws a `BinaryError` saying what is wrong when the header cannot be right for `bytes`.
    static func validate(_ bytes: UnsafeRawBufferPointer) throws(BinaryError) {
      let reader = ByteReader(bytes)
      let ident = try reader.slice(at: 0, count: 16, "ELF identification").bytes
      let fileClass = ident[4]  // EI_CLASS
      let encoding = ident[5]  // EI_DATA
      guard fileClass == 1 || fileClass == 2 else {
        throw BinaryError(.malformed, "ELF header: unknown class \(fileClass)", offset: 4)
      }
      guard encoding == 1 || encoding == 2 else {
        throw BinaryError(.malformed, "ELF header: unknown data encoding \(encoding)", offset: 5)
      }
      _ = try reader.slice(at: 0, count: LibELF.fileSize(of: .header, is64Bit: fileClass == 2), "ELF header")
      guard let header = LibELF.translatedHeader(bytes) else {
        throw BinaryError(.malformed, "ELF header: libelf cannot translate it", offset: 0)
      }
      if header.programHeaderOffset != 0 {
        try checkTable(
          reader, "ELF program headers", at: header.programHeaderOffset, count: header.programCount,
          entrySize: header.programEntrySize)
      }
      let offset = header.sectionHeaderOffset
      if offset != 0, header.type != ELFConstants.typeExecutable, header.type != ELFConstants.typeShared {
        // e_shnum 0 with a table means the real count sits in section 0: at least that one must fit.
        try checkTable(
          reader, "ELF section headers", at: offset, count: max(header.sectionCount, 1),
          entrySize: header.sectionEntrySize)
      }
      if header.is64Bit, offset != 0, header.sectionCount == 0,
        let extendedCount = LibELF.translatedSectionSize(bytes, at: offset, header: header),
        extendedCount > UInt64(UInt32.max)
      {
        throw BinaryError(
          .malformed,
          "ELF section headers: e_shnum is 0 and section 0 gives \(extendedCount) sections, more than libelf accepts",
          offset: offset &+ 32)  // section 0's sh_size
      }
    }

    private static func checkTable(
      _ reader: ByteReader, _ what: String, at offset: UInt64, count: UInt16, entrySize: UInt16
    ) throws(BinaryError) {
      let size = try Int(count).checkedMultiplying(entrySize, what, offset: offset)
      _ = try reader.slice(at: offset, count: size, "\(what) (\(count) × \(entrySize) bytes)")
    }
  }
#endif
