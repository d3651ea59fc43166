#if canImport(CLibELF)
  import BinaryImage

  /// Reads `Image.hosts` of an ELF image of any class and byte order: the hosts named by whole
  /// NUL-terminated strings (`HostName`) of its `.rodata` and `.rodata.str*` sections
  /// (`SHT_PROGBITS`), within `HostCollector`'s caps.
  enum ELFHostStrings {
    /// The hosts of the image `elf` reads.
    /// - Throws: when the section headers or a read section's data cannot be read.
    static func hosts(in elf: ELFDescriptor) throws(BinaryError) -> [String] {
      var collector = HostCollector()
      for section in try LibELF.sections(elf)
      where section.type == ELFConstants.sectionProgramBits
        && (section.name == ".rodata" || section.name.hasPrefix(".rodata.str"))
      {
        collector.considerStrings(in: try ELFCodeSearch.contents(elf, section))
      }
      return collector.hosts
    }
  }
#endif
