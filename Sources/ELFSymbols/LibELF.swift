#if canImport(CLibELF)
  internal import CLibELF
  import BinaryImage

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// An open libelf descriptor (`Elf *`): a whole file, or one member of an archive.
  ///
  /// Every descriptor `LibELF` hands out must be given back to `LibELF.end(_:)` exactly once;
  /// callers pair them with `defer`.
  struct ELFDescriptor {
    fileprivate let handle: OpaquePointer
  }

  /// Table data as libelf converted it to host byte order (`Elf_Data *`): a section's, or a
  /// chunk of the file the dynamic segment locates (`elf_getdata_rawchunk`).
  struct ELFData {
    fileprivate let data: UnsafeMutablePointer<Elf_Data>

    /// The size of the converted data in bytes.
    var byteCount: Int { data.pointee.d_size }

    /// Whether the data is empty or its last byte is a NUL, as a string table's must be.
    var endsWithNUL: Bool {
      let size = data.pointee.d_size
      guard size > 0, let bytes = data.pointee.d_buf else { return true }
      return bytes.load(fromByteOffset: size - 1, as: UInt8.self) == 0
    }
  }

  /// The only file that calls libelf: each function is a thin wrapper that turns a libelf
  /// failure into a `BinaryError` carrying `elf_errmsg`, and libelf's C structures into the
  /// plain Swift records of `ELFRecords.swift`. Nothing outside this file sees a C type.
  enum LibELF {
    /// Whether `elf_version(EV_CURRENT)` accepted our header version; evaluated once (lazy global).
    private static let isInitialised: Bool = elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE)

    /// The pending libelf error (or `code`, when the caller already took it) as a `BinaryError`
    /// naming the failed call.
    private static func failure(_ call: String, _ kind: BinaryError.Kind = .malformed, code: Int32 = elf_errno())
      -> BinaryError
    {
      let text =
        elf_errmsg(code).map { String(validatingCString: $0) ?? "unknown libelf error" } ?? "unknown libelf error"
      return BinaryError(kind, "ELF: \(call): \(text)")
    }

    // MARK: Descriptors

    /// Opens `bytes` (a whole file or an embedded object) as an ELF file or an archive.
    ///
    /// The memory must stay valid and writable until the descriptor ends: libelf reads it in
    /// place and may convert foreign byte order in place (the caller's mapping is private).
    static func open(memory bytes: UnsafeMutableRawBufferPointer) throws(BinaryError) -> ELFDescriptor {
      guard isInitialised else { throw BinaryError(.unsupported, "ELF: libelf rejected EV_CURRENT") }
      guard let base = bytes.baseAddress, !bytes.isEmpty else { throw BinaryError(.truncated, "ELF: empty input") }
      _ = elf_errno()  // clear any stale error
      guard let handle = elf_memory(base.assumingMemoryBound(to: CChar.self), bytes.count) else {
        throw failure("elf_memory")
      }
      return ELFDescriptor(handle: handle)
    }

    /// The size of the bytes behind a descriptor (`elf_rawfile`), 0 when libelf cannot say.
    static func byteCount(_ descriptor: ELFDescriptor) -> Int {
      (try? fileBytes(descriptor))?.count ?? 0
    }

    /// Releases a descriptor.
    static func end(_ descriptor: ELFDescriptor) {
      elf_end(descriptor.handle)
    }

    /// What libelf recognised the descriptor as.
    static func kind(_ descriptor: ELFDescriptor) -> ELFContentKind {
      switch elf_kind(descriptor.handle) {
      case ELF_K_ELF: return .elf
      case ELF_K_AR: return .archive
      default: return .other
      }
    }

    /// The bytes of the file (or embedded object) the descriptor reads (`elf_rawfile`).
    static func fileBytes(_ descriptor: ELFDescriptor) throws(BinaryError) -> UnsafeRawBufferPointer {
      var size = 0
      guard let start = elf_rawfile(descriptor.handle, &size) else { throw failure("elf_rawfile") }
      return UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: size)
    }

    // MARK: Headers

    /// The ELF header, class-neutral.
    static func header(_ elf: ELFDescriptor) throws(BinaryError) -> ELFHeader {
      var ehdr = GElf_Ehdr()
      guard gelf_getehdr(elf.handle, &ehdr) != nil else { throw failure("gelf_getehdr") }
      return header(ehdr, is64Bit: gelf_getclass(elf.handle) == ELFCLASS64)
    }

    /// The ELF header at the start of `bytes`, translated from the class and byte order its
    /// identification gives (`elf32_xlatetom`/`elf64_xlatetom`) without opening a descriptor:
    /// `ELFHeaderCheck` needs its fields where `elf_memory` would only say "invalid ELF file".
    /// `nil` when the identification names no class or byte order libelf knows, or `bytes`
    /// is shorter than the header.
    static func translatedHeader(_ bytes: UnsafeRawBufferPointer) -> ELFHeader? {
      guard bytes.count > Int(EI_DATA) else { return nil }
      let fileClass = Int32(bytes[Int(EI_CLASS)])
      let encoding = bytes[Int(EI_DATA)]
      if fileClass == ELFCLASS64 {
        var ehdr = Elf64_Ehdr()
        guard translate(bytes, at: 0, ELF_T_EHDR, is64Bit: true, encoding: encoding, into: &ehdr) else { return nil }
        return header(ehdr, is64Bit: true)
      }
      var ehdr = Elf32_Ehdr()
      guard fileClass == ELFCLASS32,
        translate(bytes, at: 0, ELF_T_EHDR, is64Bit: false, encoding: encoding, into: &ehdr)
      else { return nil }
      return header(
        GElf_Ehdr(
          e_ident: ehdr.e_ident, e_type: ehdr.e_type, e_machine: ehdr.e_machine, e_version: ehdr.e_version,
          e_entry: UInt64(ehdr.e_entry), e_phoff: UInt64(ehdr.e_phoff), e_shoff: UInt64(ehdr.e_shoff),
          e_flags: ehdr.e_flags, e_ehsize: ehdr.e_ehsize, e_phentsize: ehdr.e_phentsize, e_phnum: ehdr.e_phnum,
          e_shentsize: ehdr.e_shentsize, e_shnum: ehdr.e_shnum, e_shstrndx: ehdr.e_shstrndx),
        is64Bit: false)
    }

    /// `sh_size` of the section header at file `offset` of `bytes`, translated for `header`'s
    /// class and byte order; `nil` when the header does not fit. Section 0's holds the section
    /// count when `e_shnum` is 0.
    static func translatedSectionSize(_ bytes: UnsafeRawBufferPointer, at offset: UInt64, header: ELFHeader)
      -> UInt64?
    {
      guard let start = Int(exactly: offset) else { return nil }
      let encoding = UInt8(header.isBigEndian ? ELFDATA2MSB : ELFDATA2LSB)
      if header.is64Bit {
        var shdr = Elf64_Shdr()
        return translate(bytes, at: start, ELF_T_SHDR, is64Bit: true, encoding: encoding, into: &shdr)
          ? shdr.sh_size : nil
      }
      var shdr = Elf32_Shdr()
      return translate(bytes, at: start, ELF_T_SHDR, is64Bit: false, encoding: encoding, into: &shdr)
        ? UInt64(shdr.sh_size) : nil
    }

    /// The size in the file of one `type` record of a class (`elf32_fsize`/`elf64_fsize`).
    static func fileSize(of type: ELFEntryType, is64Bit: Bool) -> Int {
      fileSize(libelfType(type), is64Bit: is64Bit)
    }

    private static func fileSize(_ type: Elf_Type, is64Bit: Bool) -> Int {
      is64Bit ? elf64_fsize(type, 1, UInt32(EV_CURRENT)) : elf32_fsize(type, 1, UInt32(EV_CURRENT))
    }

    /// Translates the `type` record at `offset` of `bytes` into `value` (the class's C struct).
    private static func translate<Record>(
      _ bytes: UnsafeRawBufferPointer, at offset: Int, _ type: Elf_Type, is64Bit: Bool, encoding: UInt8,
      into value: inout Record
    ) -> Bool {
      guard isInitialised, let base = bytes.baseAddress else { return false }
      let size = fileSize(type, is64Bit: is64Bit)
      guard size == MemoryLayout<Record>.size, offset >= 0, offset <= bytes.count - size else { return false }
      func record(at buffer: UnsafeMutableRawPointer?) -> Elf_Data {
        var data = Elf_Data()  // the other fields (offset, alignment) are 0
        data.d_buf = buffer
        data.d_type = type
        data.d_version = UInt32(EV_CURRENT)
        data.d_size = size
        return data
      }
      return withUnsafeMutableBytes(of: &value) { destination in
        // xlatetom only reads its source; Elf_Data's buffer is not const-qualified.
        var source = record(at: UnsafeMutableRawPointer(mutating: base + offset))
        var target = record(at: destination.baseAddress)
        let done =
          is64Bit
          ? elf64_xlatetom(&target, &source, UInt32(encoding)) : elf32_xlatetom(&target, &source, UInt32(encoding))
        return done != nil
      }
    }

    private static func header(_ ehdr: GElf_Ehdr, is64Bit: Bool) -> ELFHeader {
      ELFHeader(
        type: ehdr.e_type, machine: ehdr.e_machine, is64Bit: is64Bit, isBigEndian: ehdr.e_ident.5 == UInt8(ELFDATA2MSB),
        programHeaderOffset: ehdr.e_phoff, programEntrySize: ehdr.e_phentsize, programCount: ehdr.e_phnum,
        sectionHeaderOffset: ehdr.e_shoff, sectionEntrySize: ehdr.e_shentsize, sectionCount: ehdr.e_shnum)
    }

    /// Every program header, in file order.
    static func programHeaders(_ elf: ELFDescriptor) throws(BinaryError) -> [ELFProgramHeader] {
      var count = 0
      guard elf_getphdrnum(elf.handle, &count) == 0 else { throw failure("elf_getphdrnum") }
      guard let limit = Int32(exactly: count) else {
        throw BinaryError(.malformed, "ELF program headers: count \(count) out of range")
      }
      var headers: [ELFProgramHeader] = []
      for index in 0..<limit {  // libelf checked that `count` headers fit in the file
        var phdr = GElf_Phdr()
        guard gelf_getphdr(elf.handle, index, &phdr) != nil else { throw failure("gelf_getphdr") }
        headers.append(
          ELFProgramHeader(
            type: phdr.p_type, offset: phdr.p_offset, address: phdr.p_vaddr, fileSize: phdr.p_filesz,
            memorySize: phdr.p_memsz))
      }
      return headers
    }

    /// Every section header from section 1 on (`elf_nextscn` skips the null section 0), in
    /// index order, named from the section name table (`e_shstrndx`); a name that cannot be read
    /// is empty.
    static func sections(_ elf: ELFDescriptor) throws(BinaryError) -> [ELFSection] {
      var result: [ELFSection] = []
      var names = 0
      if elf_getshdrstrndx(elf.handle, &names) != 0 { names = 0 }
      var scn: OpaquePointer? = nil
      _ = elf_errno()
      while let next = elf_nextscn(elf.handle, scn) {  // libelf bounds this by the headers that fit
        scn = next
        var shdr = GElf_Shdr()
        guard gelf_getshdr(next, &shdr) != nil else { throw failure("gelf_getshdr") }
        let name = names == 0 ? nil : elf_strptr(elf.handle, names, Int(shdr.sh_name))
        result.append(
          ELFSection(
            index: elf_ndxscn(next), name: name.map { String(fileBytes: bytesOfCString($0)) } ?? "",
            type: shdr.sh_type, flags: shdr.sh_flags, address: shdr.sh_addr, link: shdr.sh_link, info: shdr.sh_info,
            entrySize: shdr.sh_entsize, size: shdr.sh_size, fileOffset: shdr.sh_offset))
      }
      let code = elf_errno()
      if code != 0 { throw failure("elf_nextscn", code: code) }
      return result
    }

    /// The converted data of section `index`.
    static func data(_ elf: ELFDescriptor, section index: Int) throws(BinaryError) -> ELFData {
      guard let scn = elf_getscn(elf.handle, index) else { throw failure("elf_getscn(\(index))") }
      _ = elf_errno()
      guard let data = elf_getdata(scn, nil) else {
        let code = elf_errno()
        if code == 0 { throw BinaryError(.malformed, "ELF: section \(index) has no data") }
        throw failure("elf_getdata(section \(index))", .truncated, code: code)
      }
      return ELFData(data: data)
    }

    /// The file size of one entry of `type` for this file's class (`gelf_fsize`), 0 when unknown.
    static func entrySize(_ elf: ELFDescriptor, of type: ELFEntryType) -> Int {
      gelf_fsize(elf.handle, libelfType(type), 1, UInt32(EV_CURRENT))
    }

    /// `size` bytes at file `offset` (relative to the descriptor's own start) as entries of
    /// `type`, converted to host byte order (`elf_getdata_rawchunk`).
    ///
    /// libelf checks the range against the file and keeps the chunk until the descriptor ends.
    static func chunk(_ elf: ELFDescriptor, offset: Int, size: Int, of type: ELFEntryType) throws(BinaryError)
      -> ELFData
    {
      _ = elf_errno()
      guard let data = elf_getdata_rawchunk(elf.handle, Int64(offset), size, libelfType(type)) else {
        throw failure("elf_getdata_rawchunk(\(size) bytes at 0x\(String(offset, radix: 16)))", .truncated)
      }
      return ELFData(data: data)
    }

    /// The byte order libelf converts every table to: the host's.
    static let hostByteOrder: ByteOrder = 1.littleEndian == 1 ? .little : .big

    /// The bytes of `data`, valid until the descriptor ends: as in the file for `.bytes`,
    /// converted to `hostByteOrder` for other types.
    static func bytes(_ data: ELFData) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: data.data.pointee.d_buf, count: data.byteCount)
    }

    private static func libelfType(_ type: ELFEntryType) -> Elf_Type {
      switch type {
      case .bytes: ELF_T_BYTE
      case .word: ELF_T_WORD
      case .header: ELF_T_EHDR
      case .symbol: ELF_T_SYM
      case .dynamic: ELF_T_DYN
      case .versionIndex: ELF_T_HALF
      case .versionNeed: ELF_T_VNEED
      case .versionDefinition: ELF_T_VDEF
      case .relocation: ELF_T_REL
      case .relocationWithAddend: ELF_T_RELA
      }
    }

    // MARK: Entries

    /// Symbol `index` of a symbol table, with its extended section index when `shndx` is given.
    static func symbol(_ table: ELFData, _ shndx: ELFData?, at index: Int32) -> ELFSymbolEntry? {
      var sym = GElf_Sym()
      var extended: Elf32_Word = 0
      guard gelf_getsymshndx(table.data, shndx?.data, index, &sym, &extended) != nil else { return nil }
      var section = UInt32(sym.st_shndx)
      if sym.st_shndx == UInt16(SHN_XINDEX) { section = extended }
      return ELFSymbolEntry(
        nameOffset: sym.st_name, info: sym.st_info, sectionIndex: section, value: sym.st_value, size: sym.st_size,
        other: sym.st_other)
    }

    /// Entry `index` of a `.dynamic` section.
    static func dynamicEntry(_ table: ELFData, at index: Int32) -> ELFDynamicEntry? {
      var dyn = GElf_Dyn()
      guard gelf_getdyn(table.data, index, &dyn) != nil else { return nil }
      return ELFDynamicEntry(tag: dyn.d_tag, value: dyn.d_un.d_val)
    }

    /// Relocation `index` of a `DT_REL`/`SHT_REL` or, with `withAddend`, a `DT_RELA`/`SHT_RELA` table.
    static func relocation(_ table: ELFData, at index: Int32, withAddend: Bool) -> ELFRelocation? {
      let offset: UInt64
      let info: UInt64
      if withAddend {
        var rela = GElf_Rela()
        guard gelf_getrela(table.data, index, &rela) != nil else { return nil }
        (offset, info) = (rela.r_offset, rela.r_info)
      } else {
        var rel = GElf_Rel()
        guard gelf_getrel(table.data, index, &rel) != nil else { return nil }
        (offset, info) = (rel.r_offset, rel.r_info)
      }
      // GELF_R_SYM and GELF_R_TYPE: libelf widens an ELF32 r_info to the ELF64 layout.
      return ELFRelocation(
        offset: offset, symbol: UInt32(truncatingIfNeeded: info >> 32), type: UInt32(truncatingIfNeeded: info))
    }

    /// Entry `index` of `.gnu.version`.
    static func versionIndex(_ table: ELFData, at index: Int32) -> UInt16? {
      var versym = GElf_Versym()
      guard gelf_getversym(table.data, index, &versym) != nil else { return nil }
      return versym
    }

    /// The `Verneed` record at byte `offset` of `.gnu.version_r`.
    static func versionNeed(_ table: ELFData, at offset: Int32) -> ELFVersionNeed? {
      var need = GElf_Verneed()
      guard gelf_getverneed(table.data, offset, &need) != nil else { return nil }
      return ELFVersionNeed(
        auxCount: need.vn_cnt, fileNameOffset: need.vn_file, auxOffset: need.vn_aux, next: need.vn_next)
    }

    /// The `Vernaux` record at byte `offset` of `.gnu.version_r`.
    static func versionNeedAux(_ table: ELFData, at offset: Int32) -> ELFVersionNeedAux? {
      var aux = GElf_Vernaux()
      guard gelf_getvernaux(table.data, offset, &aux) != nil else { return nil }
      return ELFVersionNeedAux(index: aux.vna_other, nameOffset: aux.vna_name, next: aux.vna_next)
    }

    /// The `Verdef` record at byte `offset` of `.gnu.version_d`.
    static func versionDefinition(_ table: ELFData, at offset: Int32) -> ELFVersionDefinition? {
      var def = GElf_Verdef()
      guard gelf_getverdef(table.data, offset, &def) != nil else { return nil }
      return ELFVersionDefinition(flags: def.vd_flags, index: def.vd_ndx, auxOffset: def.vd_aux, next: def.vd_next)
    }

    /// The name offset of the `Verdaux` record at byte `offset` of `.gnu.version_d`.
    static func versionDefinitionName(_ table: ELFData, at offset: Int32) -> UInt32? {
      var aux = GElf_Verdaux()
      guard gelf_getverdaux(table.data, offset, &aux) != nil else { return nil }
      return aux.vda_name
    }

    // MARK: Strings

    /// The NUL-terminated string at `offset` of string section `section`, without its NUL;
    /// `nil` when libelf cannot give it (bad section, offset outside, no terminator).
    ///
    /// The bytes point into the file's memory; copy them before the descriptor ends.
    static func string(_ elf: ELFDescriptor, section: Int, offset: UInt32) -> UnsafeRawBufferPointer? {
      guard let pointer = elf_strptr(elf.handle, section, Int(offset)) else { return nil }
      return bytesOfCString(pointer)
    }

    /// The bytes of a C string libelf has validated as NUL-terminated inside its section.
    private static func bytesOfCString(_ pointer: UnsafePointer<CChar>) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: strlen(pointer))
    }
  }
#endif
