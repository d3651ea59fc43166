#if canImport(CLibELF)
  import BinaryImage

  /// Checks an ELF header's identification and table extents before libelf sees the bytes.
  ///
  /// libelf rejects the same files, but with one generic "invalid ELF file"; this names what is
  /// wrong and where (truncated header, section or program headers past the end).
  ///
  /// Linked images (executables, shared objects) are read as the loader reads them, through
  /// program headers, so their section header table may be missing or unreadable: that is
  /// reported as a header inconsistency, not here.
  enum ELFHeaderCheck {
    /// Throws a `BinaryError` saying what is wrong when the header cannot be right for `bytes`.
    static func validate(_ bytes: UnsafeRawBufferPointer) throws(BinaryError) {
      var reader = ByteReader(bytes)
      let ident = try reader.slice(at: 0, count: 16, "ELF identification").bytes
      let fileClass = ident[4]
      let encoding = ident[5]
      guard fileClass == 1 || fileClass == 2 else {
        throw BinaryError(.malformed, "ELF header: unknown class \(fileClass)", offset: 4)
      }
      guard encoding == 1 || encoding == 2 else {
        throw BinaryError(.malformed, "ELF header: unknown data encoding \(encoding)", offset: 5)
      }
      reader.byteOrder = encoding == 2 ? .big : .little
      let is64Bit = fileClass == 2
      let headerSize = is64Bit ? 64 : 52
      _ = try reader.slice(at: 0, count: headerSize, "ELF header")
      let programOffset: UInt64
      let sectionOffset: UInt64
      if is64Bit {
        programOffset = try reader.peek(UInt64.self, at: 32, "e_phoff")
        sectionOffset = try reader.peek(UInt64.self, at: 40, "e_shoff")
      } else {
        programOffset = UInt64(try reader.peek(UInt32.self, at: 28, "e_phoff"))
        sectionOffset = UInt64(try reader.peek(UInt32.self, at: 32, "e_shoff"))
      }
      let fieldBase = is64Bit ? 54 : 42
      let programEntrySize = try reader.peek(UInt16.self, at: fieldBase, "e_phentsize")
      let programCount = try reader.peek(UInt16.self, at: fieldBase + 2, "e_phnum")
      let sectionEntrySize = try reader.peek(UInt16.self, at: fieldBase + 4, "e_shentsize")
      let sectionCount = try reader.peek(UInt16.self, at: fieldBase + 6, "e_shnum")
      if programOffset != 0 {
        try checkTable(
          reader, "ELF program headers", at: programOffset, count: programCount, entrySize: programEntrySize)
      }
      let type = try reader.peek(UInt16.self, at: 16, "e_type")
      if sectionOffset != 0, type != ELFConstants.typeExecutable, type != ELFConstants.typeShared {
        // e_shnum 0 with a table means the real count sits in section 0: at least that one must fit.
        try checkTable(
          reader, "ELF section headers", at: sectionOffset, count: max(sectionCount, 1), entrySize: sectionEntrySize)
      }
      if is64Bit, sectionOffset != 0, sectionCount == 0,
        let extendedCount = try? reader.peek(UInt64.self, at: Int(clamping: sectionOffset) &+ 32, "sh_size"),
        extendedCount > UInt64(UInt32.max)
      {
        throw BinaryError(
          .malformed,
          "ELF section headers: e_shnum is 0 and section 0 gives \(extendedCount) sections, more than libelf accepts",
          offset: sectionOffset &+ 32)
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
