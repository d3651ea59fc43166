#if canImport(CLibELF)
  import BinaryImage

  /// A linked ELF image as the dynamic loader reads it: program headers → `PT_DYNAMIC` → the
  /// tables its entries name by address (`DT_SYMTAB`, `DT_STRTAB`, `DT_VERSYM`, `DT_VERNEED`,
  /// `DT_VERDEF`, hash tables, relocations), found through the `PT_LOAD` segments. Section
  /// headers play no part: the loader never reads them, so editing them changes nothing it binds.
  struct ELFLoaderView {
    /// Needed libraries, soname, search path and `DF_1_PIE`, from the dynamic segment.
    let info: ELFDynamicInfo
    /// The file offset of `DT_SYMTAB`, when the image has one.
    let symbolTableOffset: Int?
    /// The file offset of `DT_STRTAB`, when the image has one.
    let stringTableOffset: Int?
    /// How many entries of `DT_SYMTAB` the loader can reach (`ELFSymbolCount`).
    let symbolCount: Int

    private let elf: ELFDescriptor
    private let dynamic: ELFDynamicArray
    private let memory: ELFAddressSpace
    private let strings: ELFStrings
    private let symbols: ELFData?

    /// Reads the dynamic segment of `elf`; `nil` when the image has no `PT_DYNAMIC` (a static
    /// executable). A dynamic segment in the zero-filled part of a segment reads as empty, as
    /// the loader would see it (separate debug-information files are like that).
    /// - Throws: when the dynamic segment or a table it names lies outside the file's segments,
    ///   or an entry size or count is inconsistent.
    init?(_ elf: ELFDescriptor, header: ELFHeader, programHeaders: [ELFProgramHeader]) throws(BinaryError) {
      // The loader takes the last PT_DYNAMIC when there are several.
      guard let segment = programHeaders.last(where: { $0.type == ELFConstants.programDynamic }) else { return nil }
      let fileSize = LibELF.byteCount(elf)
      let memory = try ELFAddressSpace(programHeaders, fileSize: fileSize)
      var dynamic = ELFDynamicArray()
      if case .file(let offset, let available) = try memory.location(of: segment.address, "ELF PT_DYNAMIC") {
        let entrySize = LibELF.entrySize(elf, of: .dynamic)
        let size = available - available % max(entrySize, 1)  // read to DT_NULL, as the loader does
        if size > 0 { dynamic = ELFDynamicArray(try LibELF.chunk(elf, offset: offset, size: size, of: .dynamic)) }
      }
      var stringTableOffset: Int?
      var strings = ELFStrings.bytes(ByteReader(UnsafeRawBufferPointer(start: nil, count: 0)))
      if let address = dynamic.value(ELFConstants.dynamicStringTable) {
        let (offset, size) = try Self.extent(
          memory, at: address, size: dynamic.value(ELFConstants.dynamicStringTableSize), "ELF DT_STRTAB")
        let bytes =
          size > 0
          ? LibELF.bytes(try LibELF.chunk(elf, offset: offset, size: size, of: .bytes))
          : UnsafeRawBufferPointer(start: nil, count: 0)
        stringTableOffset = offset
        strings = .bytes(ByteReader(bytes, baseOffset: UInt64(offset)).throughLastNUL)
      }
      var symbolTableOffset: Int?
      var symbolCount = 0
      var symbols: ELFData?
      if let address = dynamic.value(ELFConstants.dynamicSymbolTable) {
        let entrySize = LibELF.entrySize(elf, of: .symbol)
        if let declared = dynamic.value(ELFConstants.dynamicSymbolEntrySize), declared != UInt64(entrySize) {
          throw BinaryError(.malformed, "ELF DT_SYMENT: \(declared), expected \(entrySize)")
        }
        symbolCount = try ELFSymbolCount.count(elf, dynamic, memory, is64Bit: header.is64Bit)
        let size = try symbolCount.checkedMultiplying(entrySize, "ELF DT_SYMTAB: \(symbolCount) symbols")
        let offset = try memory.fileOffset(of: address, size: size, "ELF DT_SYMTAB (\(symbolCount) symbols)")
        symbolTableOffset = offset
        if size > 0 { symbols = try LibELF.chunk(elf, offset: offset, size: size, of: .symbol) }
      }
      self.elf = elf
      self.dynamic = dynamic
      self.memory = memory
      self.strings = strings
      self.symbols = symbols
      self.symbolTableOffset = symbolTableOffset
      self.stringTableOffset = stringTableOffset
      self.symbolCount = symbolCount
      info = ELFDynamicInfo(dynamic, strings: strings)
    }

    /// Appends the dynamic symbols `options` asks for to `image`, with their versions when
    /// `versioned` (then `image.libraries` must already hold this image's needed libraries).
    /// - Throws: when a version table lies outside the file's segments or is malformed, or the
    ///   names take the image past its name limit (`NameTable`).
    func appendSymbols(options: ReadOptions, versioned: Bool, into image: inout Image) throws(BinaryError) {
      guard let symbols, let symbolTableOffset else { return }
      let versions = versioned ? try versionTable(image: &image) : nil
      try ELFSymbolTable.append(
        symbols, entrySize: LibELF.entrySize(elf, of: .symbol), at: UInt64(symbolTableOffset), extendedIndices: nil,
        strings: strings, origin: .dynamicSymbolTable, versions: versions, options: options, into: &image)
    }

    /// `DT_VERSYM` (one entry per symbol) with `DT_VERNEED` and `DT_VERDEF`; `nil` without `DT_VERSYM`.
    private func versionTable(image: inout Image) throws(BinaryError) -> ELFVersionTable? {
      guard let address = dynamic.value(ELFConstants.dynamicVersionIndices), symbolCount > 0 else { return nil }
      let size = try symbolCount.checkedMultiplying(2, "ELF DT_VERSYM")
      let offset = try memory.fileOffset(of: address, size: size, "ELF DT_VERSYM (\(symbolCount) entries)")
      let indices = try LibELF.chunk(elf, offset: offset, size: size, of: .versionIndex)
      return try ELFVersionTable(
        indices: indices,
        needs: try records(ELFConstants.dynamicVersionNeeds, ELFConstants.dynamicVersionNeedCount, .versionNeed),
        definitions: try records(
          ELFConstants.dynamicVersionDefinitions, ELFConstants.dynamicVersionDefinitionCount, .versionDefinition),
        image: &image)
    }

    /// The `Verneed` or `Verdef` chain at the address of `tag`, `countTag` records long.
    private func records(_ tag: Int64, _ countTag: Int64, _ type: ELFEntryType) throws(BinaryError)
      -> [ELFVersionTable.Records]
    {
      let what = type == .versionNeed ? "ELF DT_VERNEED" : "ELF DT_VERDEF"
      guard let address = dynamic.value(tag), let count = dynamic.value(countTag), count > 0 else { return [] }
      let (offset, size) = try memory.fileBytes(from: address, what)
      let data = try LibELF.chunk(elf, offset: offset, size: size, of: type)
      return [ELFVersionTable.Records(data: data, count: Int(clamping: count), strings: strings, what: what)]
    }

    /// The file offset of the table at `address` and its size: `size` when given (it must fit in
    /// the segment), otherwise the rest of the segment's file bytes.
    private static func extent(_ memory: ELFAddressSpace, at address: UInt64, size: UInt64?, _ what: String)
      throws(BinaryError) -> (offset: Int, size: Int)
    {
      guard let size else {
        let (offset, available) = try memory.fileBytes(from: address, what)
        return (offset, available)
      }
      guard let count = Int(exactly: size) else { throw BinaryError(.malformed, "\(what): size \(size) out of range") }
      return (try memory.fileOffset(of: address, size: count, what), count)
    }
  }
#endif
