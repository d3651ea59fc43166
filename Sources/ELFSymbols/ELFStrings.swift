#if canImport(CLibELF)
  import BinaryImage

  /// The string table a symbol table, dynamic array or version table names into.
  enum ELFStrings {
    /// A string section, read through `elf_strptr` (which checks the section and the offset).
    case section(ELFDescriptor, index: Int)
    /// The bytes `DT_STRTAB` and `DT_STRSZ` delimit, as the loader reads them.
    case bytes(ByteReader)

    /// The NUL-terminated string at `offset`, without its NUL; `nil` when the offset is outside
    /// the table or the string has no terminator inside it. The bytes point into the file.
    func string(at offset: UInt64) -> UnsafeRawBufferPointer? {
      switch self {
      case .section(let elf, let index):
        guard let offset = UInt32(exactly: offset) else { return nil }
        return LibELF.string(elf, section: index, offset: offset)
      case .bytes(let table):
        return try? table.cString(at: offset, "ELF dynamic string table")
      }
    }

    /// The string at `offset` decoded as UTF-8 (invalid sequences repaired).
    func text(at offset: UInt64) -> String? {
      string(at: offset).map { String(fileBytes: $0) }
    }
  }
#endif
