package import BinaryImage
import CodeScan
package import ScanFiles

/// Finds the call sites of some imports and selectors in one Mach-O image, a second pass over
/// the bytes `MachOReader` read (`Image.byteRange`), made only for images the catalog matched.
///
/// Linked images (arm64, arm64e, arm64_32, x86_64): the indirect symbol table names the import
/// behind each `__stubs`/`__auth_stubs` entry and each `__got`/`__auth_got`/`__la_symbol_ptr`
/// slot; `__objc_selrefs` slots name selectors, `__objc_classrefs` slots the classes their
/// chained-fixup or classic binds name, and an `__objc_stubs` entry is the stub of the selector
/// its first instructions load. The code sections (not the stubs themselves) are then
/// scanned for branches to those stubs and loads of those slots (`CodeArchitecture.scan`).
/// Relocatable objects: each relocation of a code section naming an import, or a selector
/// reference, is one site (`MachORelocationSites`). Sites are named by `MachOFunctionStarts`.
package enum MachOCallSites {
  /// The sites of every name in `query` (an empty list for a name nothing reaches), or `nil`
  /// when the image's architecture is not decoded or it was not read from `file`.
  /// - Throws: when the image's headers or the tables it needs do not fit its bytes.
  package static func find(in file: FileBytes, image: Image, query: CallSiteQuery) throws(BinaryError) -> CallSiteMap? {
    guard image.format == .machO, let range = image.byteRange else { return nil }
    let bytes = try ByteReader(file.bytes).slice(at: range.lowerBound, count: range.count, "Mach-O image")
    let header = try MachHeader(parsing: bytes)
    guard let architecture = codeArchitecture(header) else { return nil }
    var image = bytes
    image.byteOrder = header.byteOrder
    let summary = try LoadCommandSummary(image: image, header: header)
    let symbols = try summary.symbolTable.map { command throws(BinaryError) in
      try SymbolTable(command: command, image: image, is64Bit: header.is64Bit)
    }
    var search = CallSiteSearch(query: query)
    let context = ObjCSelectorReferences.Context(
      image: image, header: header, segments: summary.segments,
      chainedFixups: try summary.chainedFixups.map { command throws(BinaryError) in
        try ChainedFixups(command: command, image: image)
      },
      symbolTable: symbols)
    var slots = try selectorSlots(context, search: search)
    var strings: [UInt64: Int] = [:]
    if search.wantsStrings {
      try LookupStrings.forEachString(image, summary.segments) { _, string, _, address in
        if let index = search.stringIndex(string) { strings[address] = index }
      }
    }
    if let classSlots = try classReferenceSlots(context, dyldInfo: summary.dyldInfo, search: search) {
      slots.merge(classSlots) { first, _ in first }
    } else {
      search.markUnresolved { $0.hasPrefix("_OBJC_CLASS_$_") }
    }
    var functions = try MachOFunctionStarts(image: image, summary: summary, symbols: symbols)
    if header.fileType == MachOFileType.object {
      try MachORelocationSites.find(
        context, symbols: symbols, slots: slots.merging(strings) { first, _ in first }, functions: &functions,
        into: &search)
    } else {
      var targets = CodeTargets()
      try addImportTargets(
        image: image, header: header, summary: summary, symbols: symbols, search: search, into: &targets)
      for (address, index) in slots { targets.addSlot(address, index: index) }
      for (address, index) in strings { targets.addAddress(address, index: index) }
      try scanCode(image, summary.segments.sections, architecture, &functions, &targets, into: &search)
      if search.hasUnnamedFunctions {
        let methods = ObjCMethodNames.names(context)
        search.nameUnnamedFunctions { methods[$0] }
      }
    }
    return search.result
  }

  /// The instruction set of the image's code, when it is one the scanners decode.
  private static func codeArchitecture(_ header: MachHeader) -> CodeArchitecture? {
    switch header.cpuType {
    case 0x0100_000c, 0x0200_000c: .arm64  // CPU_TYPE_ARM64, CPU_TYPE_ARM64_32
    case 0x0100_0007: .x86  // CPU_TYPE_X86_64
    default: nil
    }
  }

  /// Selector-reference slot address → name index, for the selectors of the query.
  private static func selectorSlots(_ context: ObjCSelectorReferences.Context, search: CallSiteSearch)
    throws(BinaryError)
    -> [UInt64: Int]
  {
    guard search.wantsSelectors, let section = context.segments.section(named: "__objc_selrefs") else { return [:] }
    let sectionStart = context.image.fileOffset(Int(section.fileOffset))
    var slots: [UInt64: Int] = [:]
    // The query's index of each string, looked up once whatever number of slots point at it.
    var indices: [UnsafeRawPointer?: Int?] = [:]
    try ObjCSelectorReferences.forEachSelector(context) { name, slotOffset throws(BinaryError) in
      let index: Int?
      if name.isRepeated, let known = indices[name.bytes.baseAddress] {
        index = known
      } else {
        index = search.selectorIndex(name.bytes)
        indices[name.bytes.baseAddress] = index
      }
      guard let index else { return }
      slots[section.address &+ (slotOffset &- sectionStart)] = index
    }
    return slots
  }

  /// `__objc_classrefs` slot address → name index, for the slots bound to a queried class:
  /// through the slot's chained-fixup bind, its `LC_DYLD_INFO` bind opcodes, or in an object
  /// its relocation. `nil` when the image binds them some other way (threaded binds, or no bind
  /// information at all), so their sites cannot be known.
  private static func classReferenceSlots(
    _ context: ObjCSelectorReferences.Context, dyldInfo: LoadCommand?, search: CallSiteSearch
  ) throws(BinaryError) -> [UInt64: Int]? {
    guard search.wantsImports, let section = context.segments.section(named: "__objc_classrefs") else { return [:] }
    let slots = try context.image.slice(at: section.fileOffset, count: section.size, "Mach-O __objc_classrefs section")
    let pointerSize = context.header.is64Bit ? 8 : 4
    var found: [UInt64: Int] = [:]
    if context.header.fileType == MachOFileType.object {
      guard let symbols = context.symbolTable else { return [:] }
      let wanted = search.importIndices(symbols)
      try MachORelocationSites.forEachExternalRelocation(of: section, in: context) { address, symbolIndex, _ in
        if let index = wanted[symbolIndex] { found[section.address &+ UInt64(address)] = index }
      }
      return found
    }
    guard let fixups = context.chainedFixups else {
      let (end, overflow) = section.address.addingReportingOverflow(UInt64(slots.count))
      guard let dyldInfo, !overflow else { return nil }
      let (offset, size) = try DyldInfoBinds.streamRange(.bind, in: dyldInfo)
      let opcodes = try context.image.slice(at: offset, count: size, "Mach-O bind opcodes (offset, size)")
      // A bind names its symbol once in the stream however many slots it binds: the query is
      // asked once per name the stream holds (`name` points into the stream), not once per slot.
      var indices: [UnsafeRawPointer?: Int?] = [:]
      do {
        try DyldInfoBinds.forEachBoundPointer(
          in: opcodes, segmentAddresses: context.segments.segments.map(\.address), pointerSize: UInt64(pointerSize),
          within: section.address..<end
        ) { address, name in
          let index = indices[name.baseAddress] ?? search.importIndex(name)
          indices[name.baseAddress] = index
          if let index { found[address] = index }
        }
      } catch  where error.kind == .unsupported {
        return nil
      }
      return found
    }
    guard let decoder = try ChainedPointerDecoder(context, section: section) else { return [:] }
    // Each import's name is measured and looked up once, whatever number of slots bind it, and
    // the bytes measured count against the image's limit (imports may name overlapping suffixes).
    var indices: [Int: Int?] = [:]
    var measured = NameTable(imageSize: context.image.count)
    var position = 0
    while position + pointerSize <= slots.count {
      defer { position += pointerSize }
      let raw =
        pointerSize == 8
        ? try slots.peek(UInt64.self, at: position, "Mach-O class reference")
        : UInt64(try slots.peek(UInt32.self, at: position, "Mach-O class reference"))
      guard let ordinal = decoder.bindOrdinal(raw) else { continue }
      let index: Int?
      if let known = indices[ordinal] {
        index = known
      } else {
        let name = fixups.importName(ordinal: ordinal)
        try measured.charge((name?.count ?? 0) + 1, at: slots.fileOffset(position))
        index = name.flatMap(search.importIndex)
        indices[ordinal] = index
      }
      if let index { found[section.address &+ UInt64(position)] = index }
    }
    return found
  }

  /// Adds each stub and pointer slot the indirect symbol table binds to a queried import.
  private static func addImportTargets(
    image: ByteReader, header: MachHeader, summary: LoadCommandSummary, symbols: SymbolTable?,
    search: CallSiteSearch,
    into targets: inout CodeTargets
  ) throws(BinaryError) {
    guard search.wantsImports, let symbols, let command = summary.dynamicSymbolTable else { return }
    let wanted = search.importIndices(symbols)
    guard !wanted.isEmpty else { return }
    let tableOffset = try command.body.peek(UInt32.self, at: 56, "Mach-O LC_DYSYMTAB: indirectsymoff")
    let tableCount = try command.body.peek(UInt32.self, at: 60, "Mach-O LC_DYSYMTAB: nindirectsyms")
    let table = try image.slice(
      at: tableOffset, count: try tableCount.checkedMultiplying(4, "Mach-O LC_DYSYMTAB: nindirectsyms"),
      "Mach-O indirect symbol table (indirectsymoff, nindirectsyms)")
    let pointerSize: UInt64 = header.is64Bit ? 8 : 4
    for section in summary.segments.sections {
      let entrySize: UInt64
      let isStub: Bool
      switch section.type {
      case SectionFlags.symbolStubs: (entrySize, isStub) = (UInt64(section.reserved2), true)
      case SectionFlags.nonLazySymbolPointers, SectionFlags.lazySymbolPointers:
        (entrySize, isStub) = (pointerSize, false)
      default: continue
      }
      guard entrySize > 0 else { continue }
      let first = Int(section.reserved1)
      let count = min(section.size / entrySize, UInt64(max(0, Int(tableCount) - first)))
      for entry in 0..<Int(count) {
        let symbolIndex = try table.peek(UInt32.self, at: (first + entry) * 4, "Mach-O indirect symbol")
        guard symbolIndex & (IndirectSymbol.local | IndirectSymbol.absolute) == 0,
          let index = wanted[Int(symbolIndex)]
        else { continue }
        let address = section.address &+ UInt64(entry) &* entrySize
        if isStub { targets.addBranchTarget(address, index: index) } else { targets.addSlot(address, index: index) }
      }
    }
  }

  /// Scans the code sections: `__objc_stubs` first (its entries become branch targets of the
  /// selectors they load), then every other section holding instructions except the import stubs.
  private static func scanCode(
    _ image: ByteReader, _ sections: [Section], _ architecture: CodeArchitecture,
    _ functions: inout MachOFunctionStarts,
    _ targets: inout CodeTargets, into search: inout CallSiteSearch
  ) throws(BinaryError) {
    let objcStubs = sections.filter { $0.name == "__objc_stubs" }
    for section in objcStubs {
      let code = try image.slice(at: section.fileOffset, count: section.size, "Mach-O \(section.name) section")
      var stubs: [(UInt64, Int)] = []
      architecture.scan(code.bytes, at: section.address, targets: targets) {
        stubs.append(($0.sequenceStart, $0.target))
      }
      for (address, index) in stubs { targets.addBranchTarget(address, index: index) }
    }
    let starts = architecture == .x86 ? functions.addresses : []
    for section in sections
    where section.holdsCode && section.type != SectionFlags.symbolStubs && section.name != "__objc_stubs" {
      let code = try image.slice(at: section.fileOffset, count: section.size, "Mach-O \(section.name) section")
      architecture.scan(code.bytes, at: section.address, functionStarts: starts, targets: targets) { hit in
        search.record(functions.site(at: hit.address, sectionStart: section.address), for: hit.target)
      }
    }
  }
}
