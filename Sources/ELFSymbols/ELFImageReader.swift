#if canImport(CLibELF)
  import BinaryImage

  /// Reads one ELF file (or archive member) into an `Image`.
  enum ELFImageReader {
    /// Reads the image behind `elf`.
    ///
    /// Relocatable objects take their symbols from `.symtab`; linked images from `.dynsym`,
    /// falling back to `.symtab` only when there is no `.dynsym` (a static executable).
    /// - Throws: when the header, section headers or a needed table cannot be read.
    static func read(_ elf: ELFDescriptor, member: String?, options: ReadOptions) throws(BinaryError) -> Image {
      let header = try LibELF.header(elf)
      let sections = try LibELF.sections(elf)
      let isLinked = header.type == ELFConstants.typeExecutable || header.type == ELFConstants.typeShared
      let dynamic = isLinked ? try ELFDynamicInfo(elf, sections: sections) : ELFDynamicInfo()
      var image = Image(
        format: .elf, architecture: ELFMachine.architectureName(header), member: member,
        kind: try kind(elf, header, dynamic), fileType: fileTypeName(header.type),
        imageSize: LibELF.byteCount(elf))
      image.libraries = dynamic.libraries
      image.installName = dynamic.soname
      guard options.definedSymbols || options.undefinedSymbols else { return image }
      guard let table = symbolTable(in: sections, isLinked: isLinked) else { return image }
      let versions =
        table.type == ELFConstants.sectionDynamicSymbols
        ? try ELFVersionTable(elf, sections: sections, symbolTable: table, image: &image) : nil
      try ELFSymbolTable.read(
        elf, table: table, sections: sections, versions: versions, options: options, into: &image)
      return image
    }

    private static func symbolTable(in sections: [ELFSection], isLinked: Bool) -> ELFSection? {
      let dynamicSymbols = sections.first { $0.type == ELFConstants.sectionDynamicSymbols }
      let staticSymbols = sections.first { $0.type == ELFConstants.sectionSymbolTable }
      return isLinked ? dynamicSymbols ?? staticSymbols : staticSymbols
    }

    /// An `ET_DYN` with an interpreter or `DF_1_PIE` is a position-independent executable.
    private static func kind(_ elf: ELFDescriptor, _ header: ELFHeader, _ dynamic: ELFDynamicInfo) throws(BinaryError)
      -> Image.Kind
    {
      switch header.type {
      case ELFConstants.typeRelocatable: return .object
      case ELFConstants.typeExecutable: return .executable
      case ELFConstants.typeShared:
        if dynamic.isPositionIndependentExecutable { return .executable }
        let hasInterpreter = try LibELF.programHeaderTypes(elf).contains(ELFConstants.programInterpreter)
        return hasInterpreter ? .executable : .sharedLibrary
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
