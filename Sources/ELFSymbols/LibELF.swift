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
      let is64Bit = gelf_getclass(elf.handle) == ELFCLASS64
      let isBigEndian = ehdr.e_ident.5 == UInt8(ELFDATA2MSB)
      return ELFHeader(
        type: ehdr.e_type, machine: ehdr.e_machine, is64Bit: is64Bit, isBigEndian: isBigEndian,
        sectionHeaderOffset: ehdr.e_shoff, sectionCount: ehdr.e_shnum)
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

    /// Every section header, in index order (section 0 included).
    static func sections(_ elf: ELFDescriptor) throws(BinaryError) -> [ELFSection] {
      var result: [ELFSection] = []
      var scn: OpaquePointer? = nil
      _ = elf_errno()
      while let next = elf_nextscn(elf.handle, scn) {  // libelf bounds this by the headers that fit
        scn = next
        var shdr = GElf_Shdr()
        guard gelf_getshdr(next, &shdr) != nil else { throw failure("gelf_getshdr") }
        result.append(
          ELFSection(
            index: elf_ndxscn(next), type: shdr.sh_type, link: shdr.sh_link, info: shdr.sh_info,
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

    /// The bytes of data read as `.bytes` (no conversion), valid until the descriptor ends.
    static func bytes(_ data: ELFData) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: data.data.pointee.d_buf, count: data.byteCount)
    }

    private static func libelfType(_ type: ELFEntryType) -> Elf_Type {
      switch type {
      case .bytes: ELF_T_BYTE
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
      return ELFSymbolEntry(nameOffset: sym.st_name, info: sym.st_info, sectionIndex: section)
    }

    /// Entry `index` of a `.dynamic` section.
    static func dynamicEntry(_ table: ELFData, at index: Int32) -> ELFDynamicEntry? {
      var dyn = GElf_Dyn()
      guard gelf_getdyn(table.data, index, &dyn) != nil else { return nil }
      return ELFDynamicEntry(tag: dyn.d_tag, value: dyn.d_un.d_val)
    }

    /// The symbol index of relocation `index` (`ELF_R_SYM(r_info)`) of a `DT_REL` or, with
    /// `withAddend`, a `DT_RELA` table.
    static func relocationSymbol(_ table: ELFData, at index: Int32, withAddend: Bool) -> UInt32? {
      let info: UInt64
      if withAddend {
        var rela = GElf_Rela()
        guard gelf_getrela(table.data, index, &rela) != nil else { return nil }
        info = rela.r_info
      } else {
        var rel = GElf_Rel()
        guard gelf_getrel(table.data, index, &rel) != nil else { return nil }
        info = rel.r_info
      }
      return UInt32(truncatingIfNeeded: info >> 32)  // GELF_R_SYM: libelf widens ELF32 r_info to this layout
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
