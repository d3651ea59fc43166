import BinaryImage

/// Reads one thin Mach-O image (a whole file, a universal slice or an archive member) into
/// the shared `Image` model.
///
/// Order: header, load commands, then only the tables `ReadOptions` asks for: the symbol
/// table, the export trie's definitions, the dyld bind streams and chained-fixup imports
/// (merged, symbol table first), the selector references, and the code signature. A table that fails is reported in the
/// returned problems and the image keeps everything else, unless the names its tables take in
/// go over the image's limit (`NameTable`): then the image fails.
enum ThinImageReader {
  /// Reads the image in `bytes`: the image, and the tables or commands of it that could not be
  /// read. A tuple, so that the caller takes the image without copying it.
  /// - Parameters:
  ///   - bytes: The image's bytes; its `baseOffset` is the image's offset in the file.
  ///   - size: The image's size, which bounds the name bytes it may hold: `bytes.count`, or
  ///     more when only the leading bytes its tables reach were read (`MachOReadExtent`).
  ///   - member: The archive member name, when the image is one.
  ///   - options: Which tables to read.
  /// - Throws: when the header or the load-command list is unreadable, or the image's names go
  ///   over its limit.
  static func read(_ bytes: ByteReader, size: Int, member: String?, options: ReadOptions) throws(BinaryError)
    -> (image: Image, problems: [BinaryError])
  {
    let header = try MachHeader(parsing: bytes)
    var image = bytes
    image.byteOrder = header.byteOrder
    let summary = try LoadCommandSummary(image: image, header: header)
    var problems = summary.problems
    func attempt(_ body: () throws(BinaryError) -> Void) {  // a section two readers walk is reported once
      do throws(BinaryError) { try body() } catch { if !problems.contains(error) { problems.append(error) } }
    }

    var symbolTable: SymbolTable?
    if let command = summary.symbolTable {
      attempt { () throws(BinaryError) in
        symbolTable = try SymbolTable(command: command, image: image, is64Bit: header.is64Bit)
      }
    }
    let readsWeakBinds = summary.dyldInfo != nil && options.undefinedSymbols
    let exportsCommand =
      options.definedSymbols || options.definedIdentities ? summary.exportsTrie ?? summary.dyldInfo : nil
    var merger = ImportMerger(
      image: describedImage(header: header, summary: summary, member: member, size: size, bytes: bytes),
      tracksNames: readsWeakBinds, readsExports: exportsCommand != nil && options.definedSymbols,
      filter: options.importFilter, definitions: options.definedIdentities ? options.definitionFilter : nil)
    if options.undefinedSymbols || options.definedSymbols || options.definedIdentities, let symbolTable {
      attempt { () throws(BinaryError) in
        try readSymbolTable(
          symbolTable, header: header, sections: summary.segments.sections, options: options, into: &merger)
      }
    }
    if let exportsCommand {
      attempt { () throws(BinaryError) in
        try readExports(
          try ExportTrie.bytes(of: exportsCommand, in: image), segments: summary.segments, options: options,
          into: &merger)
      }
    }
    var chainedFixups: ChainedFixups?
    if let command = summary.chainedFixups {
      attempt { () throws(BinaryError) in chainedFixups = try ChainedFixups(command: command, image: image) }
    }
    if options.undefinedSymbols {
      if let command = summary.dyldInfo {
        for stream in [DyldInfoBinds.Stream.bind, .lazyBind, .weakBind] {
          attempt { () throws(BinaryError) in
            let (offset, size) = try DyldInfoBinds.streamRange(stream, in: command)
            let opcodes = try image.slice(at: offset, count: size, "\(stream.tableName) (offset, size)")
            try DyldInfoBinds.forEachImport(in: opcodes, stream: stream) { entry throws(BinaryError) in
              try merger.addImport(entry)
            }
          }
        }
      }
      if let chainedFixups {
        attempt { () throws(BinaryError) in
          try chainedFixups.forEachImport(keeping: options.importFilter) { entry throws(BinaryError) in
            try merger.addImport(entry)
          }
        }
      }
    }
    var result = merger.finished()
    let context = ObjCSelectorReferences.Context(
      image: image, header: header, segments: summary.segments, chainedFixups: chainedFixups, symbolTable: symbolTable
    )
    if options.selectorReferences {
      var seen = ByteKeyTable<Void>()
      attempt { () throws(BinaryError) in
        try ObjCSelectorReferences.forEachSelector(context) { selector, slotOffset throws(BinaryError) in
          // A string met before was kept or turned away then: looked at once, whatever points at it.
          guard !selector.isRepeated else { return }
          let name = selector.bytes
          guard options.importFilter?.keepsSelector(name) ?? true, seen.insert(name) else {
            return try result.names.charge(name.count, at: slotOffset)
          }
          result.selectorReferences.append(try result.names.append(name, at: slotOffset))
        }
      }
    }
    if options.lookupStrings && options.undefinedSymbols {
      attempt { () throws(BinaryError) in
        try LookupStrings.read(context, keeping: options.importFilter, into: &result)
      }
    }
    if options.hosts {
      attempt { () throws(BinaryError) in try HostStrings.read(context, into: &result) }
    }
    if let command = summary.codeSignature {
      attempt { () throws(BinaryError) in
        result.machO?.signature = try CodeSignatureInfo(command: command, image: image)
      }
    }
    if let error = result.names.limitError { throw error }
    let architecture = header.architecture
    return (consume result, problems.map { $0.located(member: member, architecture: architecture) })
  }

  /// The image as its header and load commands describe it, before its tables are read.
  private static func describedImage(
    header: MachHeader, summary: LoadCommandSummary, member: String?, size: Int, bytes: ByteReader
  ) -> Image {
    var image = Image(
      format: .machO, architecture: header.architecture, member: member, kind: kind(of: header.fileType),
      fileType: MachOFileType.name(header.fileType), imageSize: size)
    image.libraries = summary.libraries
    image.installName = summary.installName
    image.machO = summary.metadata
    if let start = Int(exactly: bytes.baseOffset) { image.byteRange = start..<(start + bytes.count) }
    return image
  }

  /// Adds the symbol table's imports and (when asked) definitions. Defined names are also
  /// noted when the merger filters weak-bind entries with them; otherwise they are not read.
  ///
  /// When only identities are wanted, a definition private to its source file
  /// (`NListEntry.isFilePrivate`) is passed over unread: the classes, Swift type descriptors and
  /// SDK functions `DefinedIdentities` keeps are external or, hidden, private externals (a
  /// Swift `private` type's descriptor carries a discriminator `DefinedIdentities` turns away).
  /// Two thirds of a static archive's symbols are such labels and metadata.
  ///
  /// Undefined symbols of linked two-level images carry their library in
  /// `GET_LIBRARY_ORDINAL(n_desc)`; flat-namespace images look every import up by name, and
  /// object files have no libraries yet.
  private static func readSymbolTable(
    _ table: SymbolTable, header: MachHeader, sections: [Section], options: ReadOptions,
    into merger: inout ImportMerger
  ) throws(BinaryError) {
    let isObject = header.fileType == MachOFileType.object
    let isTwoLevel = header.flags & MachOHeaderFlags.twoLevelNamespace != 0
    let libraryCount = merger.libraryCount
    // Whether defined names are needed beyond the classes and modules they give.
    let readsDefinitions = options.definedSymbols || merger.tracksNames
    // Read out of `options` once: a copy of the options (and a retain of the filter) per entry
    // would cost more than the entry.
    let (undefinedSymbols, definedSymbols, definedIdentities) =
      (options.undefinedSymbols, options.definedSymbols, options.definedIdentities)
    let leadingBytes = options.importFilter?.leadingBytes ?? .everything
    let definitions = definedIdentities ? options.definitionFilter : nil
    table.warmStrings()
    try table.forEachEntry(skippingFilePrivate: !readsDefinitions) { _, entry throws(BinaryError) in
      guard !entry.isDebugEntry else { return }
      if entry.isUndefined {
        guard undefinedSymbols else { return }
        guard leadingBytes.mayReach(startingWith: table.leadingBytes(of: entry, count: LeadingBytesFilter.keyLength))
        else { return }  // turned away by its first bytes: not even measured
        let library: Symbol.Library =
          isObject
          ? .unknown
          : isTwoLevel
            ? Symbol.Library(symbolTableOrdinal: entry.libraryOrdinal, libraryCount: libraryCount) : .flatLookup
        guard let name = table.name(of: entry) else {
          return try merger.addUnreadableImport(
            stringIndex: entry.stringIndex, library: library, origin: .symbolTable, at: entry.fileOffset)
        }
        guard !name.isEmpty else { return }
        let isWeak = entry.description & NListBits.weakReference != 0
        return try merger.addImport(
          name: name, library: library, isWeak: isWeak, origin: .symbolTable, at: entry.fileOffset)
      }
      guard readsDefinitions || definedIdentities else { return }
      if !readsDefinitions {
        guard !entry.isFilePrivate else { return }  // no class, Swift type or SDK function (see above)
        let leading = table.leadingBytes(of: entry, count: DefinedIdentities.leadingByteCount)
        guard DefinedIdentities.mayNote(startingWith: leading, documenting: definitions) else {
          return  // neither a class, a Swift module nor a documented symbol: not even measured
        }
      }
      guard let name = table.name(of: entry), !name.isEmpty else { return }
      // An alias defines nothing here; its name is remembered so the export trie's entry for it
      // is not taken for a definition either.
      if entry.isIndirect { return try merger.noteAlias(name, at: entry.fileOffset) }
      if definedIdentities { try merger.noteIdentity(name, at: entry.fileOffset) }
      guard readsDefinitions else { return }
      guard definedSymbols else { return try merger.noteDefinition(name, at: entry.fileOffset) }
      let binding: Symbol.Binding =
        !entry.isExternal ? .local : entry.description & NListBits.weakDefinition != 0 ? .weak : .global
      try merger.addDefinition(
        name: name, binding: binding, kind: symbolKind(entry, sections: sections), at: entry.fileOffset)
    }
  }

  /// Adds the export trie's definitions the symbol table does not list (when definitions are
  /// asked for) and notes every exported class and Swift module (when identities are): a
  /// stripped image keeps its exports only there. Re-exports name another image's symbols and
  /// are passed over.
  private static func readExports(
    _ trie: ByteReader, segments: SegmentMap, options: ReadOptions, into merger: inout ImportMerger
  ) throws(BinaryError) {
    let (definedSymbols, definedIdentities) = (options.definedSymbols, options.definedIdentities)
    let sections = definedSymbols ? segments.sections : []
    let loadAddress = segments.preferredLoadAddress
    // Without definitions only classes, Swift modules and documented symbols are wanted: a
    // subtree whose names cannot be one (by their first two bytes) is not walked.
    let definitions = definedIdentities ? options.definitionFilter : nil
    let mayNote: (UnsafeRawBufferPointer) -> Bool = {
      DefinedIdentities.mayNote(startingWith: $0, documenting: definitions)
    }
    let wanted: ((UnsafeRawBufferPointer) -> Bool)? = definedSymbols ? nil : mayNote
    try ExportTrie.forEachExport(in: trie, wanted: wanted) { export throws(BinaryError) in
      if definedSymbols && !export.isReexport {
        let kind = export.address.map {
          exportKind(address: $0 &+ loadAddress, isAbsolute: export.isAbsolute, sections)
        }
        try merger.addExportedDefinition(
          name: export.name, binding: export.isWeak ? .weak : .global, kind: kind ?? .other, at: export.fileOffset)
      } else {
        try merger.charge(export.name, at: export.fileOffset)
      }
      if definedIdentities && !export.isReexport && mayNote(export.name) {
        try merger.noteIdentity(export.name, at: export.fileOffset)
      }
    }
  }

  /// Function for an address in a code section, object in another section, other for the rest.
  private static func exportKind(address: UInt64, isAbsolute: Bool, _ sections: [Section]) -> Symbol.Kind {
    guard !isAbsolute, let section = sections.first(where: { $0.address <= address && address - $0.address < $0.size })
    else { return .other }
    return section.holdsCode ? .function : .object
  }

  /// Function for symbols in code sections, object for other sections, other for the rest.
  private static func symbolKind(_ entry: NListEntry, sections: [Section]) -> Symbol.Kind {
    guard entry.kind == NListBits.section else { return .other }
    let index = Int(entry.section) - 1
    guard sections.indices.contains(index) else { return .other }
    return sections[index].holdsCode ? .function : .object
  }

  /// The image kind for an `MH_*` file type.
  private static func kind(of fileType: UInt32) -> Image.Kind {
    switch fileType {
    case MachOFileType.object: .object
    case MachOFileType.execute: .executable
    case MachOFileType.dylib: .sharedLibrary
    case MachOFileType.bundle: .bundle
    default: .other
    }
  }
}
