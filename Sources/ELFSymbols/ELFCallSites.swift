package import BinaryImage
import CodeScan
package import ScanFiles

/// Finds the call sites of some imports in one ELF image, read through libelf over the bytes
/// the reader already read (`Image.byteRange`). Code is decoded for x86-64 and AArch64
/// (`CodeScan`), 64-bit little-endian; an image of another machine, class or byte order has no
/// call sites (its symbols, imports, hosts and loader view are read all the same).
///
/// Linked images: the `R_*_GLOB_DAT` and `R_*_JUMP_SLOT` relocations against `.dynsym` name the
/// import behind each GOT slot; a PLT entry (`.plt`, `.plt.sec`, `.plt.got`) is the stub of the
/// slot it loads; the other code sections are scanned for calls to those entries and loads of
/// those slots (`CodeArchitecture.scan`). Relocatable objects: each relocation of a code section
/// against a queried undefined symbol is one site (`R_X86_64_PLT32`, `R_X86_64_GOTPCRELX`,
/// `R_AARCH64_CALL26`, …). Functions are named from `.symtab` (else `.dynsym`) `STT_FUNC` symbols.
package enum ELFCallSites {
  /// The sites of every import in `query` (selectors are a Mach-O matter), or `nil` when the
  /// image is not a decoded architecture or class, or this build has no libelf.
  /// - Throws: when the image's header or a table the search needs cannot be read.
  package static func find(in file: FileBytes, image: Image, query: CallSiteQuery) throws(BinaryError) -> CallSiteMap? {
    #if canImport(CLibELF)
      guard image.format == .elf, let range = image.byteRange else { return nil }
      let bytes = try ByteReader(file.bytes).slice(at: range.lowerBound, count: range.count, "ELF image")
      try ELFHeaderCheck.validate(bytes.bytes)
      let elf = try LibELF.open(memory: UnsafeMutableRawBufferPointer(rebasing: file.mutableBytes[range]))
      defer { LibELF.end(elf) }
      return try ELFCodeSearch.find(in: elf, query: query)
    #else
      return nil  // without libelf no ELF image is read, so none has call sites
    #endif
  }
}

#if canImport(CLibELF)
  /// The call-site search of `ELFCallSites` over an open descriptor.
  enum ELFCodeSearch {
    /// x86-64: R_X86_64_GLOB_DAT, R_X86_64_JUMP_SLOT; AArch64: R_AARCH64_GLOB_DAT, R_AARCH64_JUMP_SLOT.
    private static let slotTypes: Set<UInt32> = [6, 7, 1025, 1026]
    /// x86-64: PC32, PLT32, GOTPCREL, GOTPCRELX, REX_GOTPCRELX. AArch64: JUMP26, CALL26 and the
    /// low-12-bit halves (`ADD_ABS_LO12_NC`, `LDST64_ABS_LO12_NC`, `LD64_GOT_LO12_NC`) that complete
    /// an address, so one `adrp` pair counts once.
    private static let objectSiteTypes: [UInt16: Set<UInt32>] = [
      ELFConstants.machineX8664: [2, 4, 9, 41, 42], ELFConstants.machineAArch64: [282, 283, 277, 286, 312],
    ]

    /// The sites of the imports of `query` in `elf`; `nil` when its code is not decoded here.
    static func find(in elf: ELFDescriptor, query: CallSiteQuery) throws(BinaryError) -> CallSiteMap? {
      let header = try LibELF.header(elf)
      guard header.is64Bit, !header.isBigEndian else { return nil }
      let architecture: CodeArchitecture
      switch header.machine {
      case ELFConstants.machineX8664: architecture = .x86
      case ELFConstants.machineAArch64: architecture = .arm64
      default: return nil
      }
      let sections = try LibELF.sections(elf)
      var search = CallSiteSearch(query: CallSiteQuery(imports: query.imports))
      if header.type == ELFConstants.typeRelocatable {
        try findInObject(elf, sections, siteTypes: objectSiteTypes[header.machine] ?? [], into: &search)
      } else {
        try findInLinked(elf, sections, architecture, into: &search)
      }
      return search.result
    }

    private static func findInLinked(
      _ elf: ELFDescriptor, _ sections: [ELFSection], _ architecture: CodeArchitecture,
      into search: inout CallSiteSearch
    ) throws(BinaryError) {
      guard let dynamic = sections.first(where: { $0.type == ELFConstants.sectionDynamicSymbols }) else { return }
      let wanted = try ELFSymbolTable.open(elf, table: dynamic, sections: sections).undefinedIndices(search)
      guard !wanted.isEmpty else { return }
      var targets = CodeTargets()
      let dynamicIndex = UInt32(truncatingIfNeeded: dynamic.index)
      for section in sections
      where section.type == ELFConstants.sectionRelocationsWithAddends && section.link == dynamicIndex {
        try forEachRelocation(elf, section) { relocation in
          if slotTypes.contains(relocation.type), let index = wanted[Int(relocation.symbol)] {
            targets.addSlot(relocation.offset, index: index)
          }
        }
      }
      let code = sections.filter(\.isCode)
      for section in code where section.name.hasPrefix(".plt") {
        var entries: [(UInt64, Int)] = []
        let contents = try self.contents(elf, section)
        architecture.scan(contents, at: section.address, targets: targets) { hit in
          let start =
            architecture == .x86 ? x86EntryStart(hit.address, contents, section.address) : hit.sequenceStart
          entries.append((start, hit.target))
        }
        for (address, index) in entries { targets.addBranchTarget(address, index: index) }
      }
      var functions = try ELFFunctionStarts(elf, sections, dynamic: dynamic, section: nil)
      // x86-64 code is decoded from each function start, FDEs included; A64 needs the FDEs only
      // for sites no symbol covers.
      if architecture == .x86 { functions.readFrames(elf, sections) }
      let starts = architecture == .x86 ? functions.addresses : []
      var hits: [CodeHit] = []
      for section in code where !section.name.hasPrefix(".plt") {
        let contents = try self.contents(elf, section)
        architecture.scan(contents, at: section.address, functionStarts: starts, targets: targets) { hits.append($0) }
      }
      if architecture != .x86, hits.contains(where: { !functions.hasSymbol(covering: $0.address) }) {
        functions.readFrames(elf, sections)
      }
      for hit in hits { search.record(functions.site(at: hit.address), for: hit.target) }
    }

    private static func findInObject(
      _ elf: ELFDescriptor, _ sections: [ELFSection], siteTypes: Set<UInt32>, into search: inout CallSiteSearch
    ) throws(BinaryError) {
      guard let table = sections.first(where: { $0.type == ELFConstants.sectionSymbolTable }) else { return }
      let wanted = try ELFSymbolTable.open(elf, table: table, sections: sections).undefinedIndices(search)
      guard !wanted.isEmpty else { return }
      let tableIndex = UInt32(truncatingIfNeeded: table.index)
      for relocations in sections
      where relocations.type == ELFConstants.sectionRelocationsWithAddends && relocations.link == tableIndex {
        let target = Int(relocations.info)
        guard sections.contains(where: { $0.index == target && $0.isCode }) else { continue }
        var functions: ELFFunctionStarts?
        try forEachRelocation(elf, relocations) { relocation in
          guard siteTypes.contains(relocation.type), let index = wanted[Int(relocation.symbol)] else { return }
          if functions == nil { functions = try? ELFFunctionStarts(elf, sections, dynamic: nil, section: target) }
          let site =
            functions?.site(at: relocation.offset)
            ?? CallSite(address: relocation.offset, function: nil, functionStart: nil)
          search.record(site, for: index)
        }
      }
    }

    /// The bytes of `section`, valid until the descriptor ends.
    static func contents(_ elf: ELFDescriptor, _ section: ELFSection) throws(BinaryError) -> UnsafeRawBufferPointer {
      LibELF.bytes(try LibELF.data(elf, section: section.index))
    }

    /// Calls `body` with each entry of the `SHT_RELA` section `section`.
    private static func forEachRelocation(
      _ elf: ELFDescriptor, _ section: ELFSection, _ body: (ELFRelocation) -> Void
    ) throws(BinaryError) {
      let data = try LibELF.data(elf, section: section.index)
      let entrySize = max(LibELF.entrySize(elf, of: .relocationWithAddend), 1)
      for index in 0..<Int32(clamping: data.byteCount / entrySize) {
        guard let relocation = LibELF.relocation(data, at: index, withAddend: true) else { return }
        body(relocation)
      }
    }

    /// Where the x86-64 PLT entry holding the `jmp *slot(%rip)` at `address` starts: the `jmp`
    /// itself (`.plt`, `.plt.got`), or the `endbr64` and `bnd` prefix before it (`.plt.sec`).
    /// AArch64 entries start with the `adrp` of the slot (`CodeHit.sequenceStart`).
    private static func x86EntryStart(_ address: UInt64, _ contents: UnsafeRawBufferPointer, _ base: UInt64)
      -> UInt64
    {
      var position = Int(address &- base)
      if position >= 1, contents[position - 1] == 0xf2 { position -= 1 }  // bnd
      // endbr64
      if position >= 4, Array(contents[(position - 4)..<position]) == [0xf3, 0x0f, 0x1e, 0xfa] { position -= 4 }
      return base &+ UInt64(position)
    }
  }

  extension ELFSymbolTable.Section {
    /// Symbol index → name index, for the undefined symbols `search` looks for.
    func undefinedIndices(_ search: CallSiteSearch) -> [Int: Int] {
      var found: [Int: Int] = [:]
      for index in 0..<count {
        guard let entry = entry(index), entry.sectionIndex == ELFConstants.sectionUndefined,
          let name = strings.string(at: UInt64(entry.nameOffset)), let target = search.importIndex(name)
        else { continue }
        found[index] = target
      }
      return found
    }
  }
#endif
