#if canImport(CLibELF)
  import BinaryImage

  /// Reads one ELF file (or archive member) into an `Image`.
  enum ELFImageReader {
    /// Reads the image behind `elf`.
    ///
    /// Executables and shared objects with a dynamic segment are read as the loader reads them
    /// (`ELFLoaderView`), and their section headers are checked against it
    /// (`Image.headerInconsistencies`). Relocatable objects take their symbols from `.symtab`,
    /// as the static linker does; linked images without a dynamic segment (static executables)
    /// from `.dynsym`, or `.symtab` when there is none. With `ReadOptions.hosts`, the hosts of
    /// its read-only strings are added (`ELFHostStrings`).
    /// - Throws: when the header, the dynamic segment, the section headers of an image read
    ///   through them, or a needed table cannot be read.
    static func read(_ elf: ELFDescriptor, member: String?, options: ReadOptions) throws(BinaryError) -> Image {
      var image = try readSymbols(elf, member: member, options: options)
      if options.hosts {  // best effort: an image whose section headers cannot be read has no hosts
        image.hosts = (try? ELFHostStrings.hosts(in: elf)) ?? []
      }
      return image
    }

    private static func readSymbols(_ elf: ELFDescriptor, member: String?, options: ReadOptions) throws(BinaryError)
      -> Image
    {
      let header = try LibELF.header(elf)
      let isLinked = header.type == ELFConstants.typeExecutable || header.type == ELFConstants.typeShared
      let programHeaders = isLinked ? try LibELF.programHeaders(elf) : []
      if let loader = try ELFLoaderView(elf, header: header, programHeaders: programHeaders) {
        return try readLoaderView(loader, elf, header, programHeaders, member: member, options: options)
      }
      let sections = try LibELF.sections(elf)
      var dynamic = ELFDynamicInfo()
      if isLinked, let (array, strings) = try ELFDynamicArray.section(elf, sections: sections) {
        dynamic = ELFDynamicInfo(array, strings: strings)
      }
      var image = makeImage(elf, header, programHeaders, dynamic, member: member)
      guard options.definedSymbols || options.undefinedSymbols else { return image }
      guard let table = symbolTable(in: sections, isLinked: isLinked) else { return image }
      let versions =
        table.type == ELFConstants.sectionDynamicSymbols
        ? try ELFVersionTable.sections(elf, sections, symbolTable: table, image: &image) : nil
      try ELFSymbolTable.read(
        elf, table: table, sections: sections, versions: versions, options: options, into: &image)
      return image
    }

    private static func readLoaderView(
      _ loader: ELFLoaderView, _ elf: ELFDescriptor, _ header: ELFHeader, _ programHeaders: [ELFProgramHeader],
      member: String?, options: ReadOptions
    ) throws(BinaryError) -> Image {
      var image = makeImage(elf, header, programHeaders, loader.info, member: member)
      if options.definedSymbols || options.undefinedSymbols {
        try loader.appendSymbols(options: options, versioned: true, into: &image)
      }
      var imports = image
      if !options.undefinedSymbols {  // the check needs the imports even when the caller does not
        imports = Image(
          format: .elf, architecture: image.architecture, kind: image.kind, fileType: image.fileType,
          imageSize: LibELF.byteCount(elf))
        try loader.appendSymbols(options: ReadOptions(definedSymbols: false), versioned: false, into: &imports)
      }
      image.headerInconsistencies = ELFSectionViewCheck.inconsistencies(
        elf, header: header, loader: loader, loaderImports: Set(imports.imports.map { imports.names.string($0.name) }))
      return image
    }

    private static func makeImage(
      _ elf: ELFDescriptor, _ header: ELFHeader, _ programHeaders: [ELFProgramHeader], _ dynamic: ELFDynamicInfo,
      member: String?
    ) -> Image {
      var image = Image(
        format: .elf, architecture: ELFMachine.architectureName(header), member: member,
        kind: kind(header, programHeaders, dynamic), fileType: fileTypeName(header.type),
        imageSize: LibELF.byteCount(elf))
      image.libraries = dynamic.libraries
      image.installName = dynamic.soname
      image.runPaths = dynamic.runPaths
      return image
    }

    private static func symbolTable(in sections: [ELFSection], isLinked: Bool) -> ELFSection? {
      let dynamicSymbols = sections.first { $0.type == ELFConstants.sectionDynamicSymbols }
      let staticSymbols = sections.first { $0.type == ELFConstants.sectionSymbolTable }
      return isLinked ? dynamicSymbols ?? staticSymbols : staticSymbols
    }

    /// An `ET_DYN` with an interpreter or `DF_1_PIE` is a position-independent executable.
    private static func kind(_ header: ELFHeader, _ programHeaders: [ELFProgramHeader], _ dynamic: ELFDynamicInfo)
      -> Image.Kind
    {
      switch header.type {
      case ELFConstants.typeRelocatable: return .object
      case ELFConstants.typeExecutable: return .executable
      case ELFConstants.typeShared:
        let hasInterpreter = programHeaders.contains { $0.type == ELFConstants.programInterpreter }
        return dynamic.isPositionIndependentExecutable || hasInterpreter ? .executable : .sharedLibrary
      default: return .other
      }
    }

    private static func fileTypeName(_ type: UInt16) -> String {
      switch type {
      case 0: return "ET_NONE"
      case ELFConstants.typeRelocatable: return "ET_REL"
      case ELFConstants.typeExecutable: return "ET_EXEC"
      case ELFConstants.typeShared: return "ET_DYN"
      case ELFConstants.typeCore: return "ET_CORE"
      default: return "ET_0x" + String(type, radix: 16)
      }
    }
  }
#endif
