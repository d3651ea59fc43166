public import BinaryImage
import CodeScan
public import ScanFiles

/// Finds the call sites of some imports in one ELF image (64-bit little-endian x86-64 and
/// AArch64), read directly from its section headers, not through libelf: the search needs only
/// a few tables, and the bytes are the ones the reader already read (`Image.byteRange`).
///
/// Linked images: the `R_*_GLOB_DAT` and `R_*_JUMP_SLOT` relocations against `.dynsym` name the
/// import behind each GOT slot; a PLT entry (`.plt`, `.plt.sec`, `.plt.got`) is the stub of the
/// slot it loads; the other code sections are scanned for calls to those entries and loads of
/// those slots (`CodeArchitecture.scan`). Relocatable objects: each relocation of a code section
/// against a queried undefined symbol is one site (`R_X86_64_PLT32`, `R_X86_64_GOTPCRELX`,
/// `R_AARCH64_CALL26`, …). Functions are named from `.symtab` (else `.dynsym`) `STT_FUNC` symbols.
public enum ELFCallSites {
  /// x86-64: R_X86_64_GLOB_DAT, R_X86_64_JUMP_SLOT; AArch64: R_AARCH64_GLOB_DAT, R_AARCH64_JUMP_SLOT.
  private static let slotTypes: Set<UInt32> = [6, 7, 1025, 1026]
  /// x86-64: PC32, PLT32, GOTPCREL, GOTPCRELX, REX_GOTPCRELX. AArch64: JUMP26, CALL26 and the
  /// low-12-bit halves (`ADD_ABS_LO12_NC`, `LDST64_ABS_LO12_NC`, `LD64_GOT_LO12_NC`) that complete
  /// an address, so one `adrp` pair counts once.
  private static let objectSiteTypes: [UInt16: Set<UInt32>] = [62: [2, 4, 9, 41, 42], 183: [282, 283, 277, 286, 312]]

  /// The sites of every import in `query` (selectors are a Mach-O matter), or `nil` when the
  /// image is not a decoded architecture or class.
  /// - Throws: when a table the search needs lies outside the image.
  public static func find(in file: FileBytes, image: Image, query: CallSiteQuery) throws(BinaryError) -> CallSiteMap? {
    guard image.format == .elf, let range = image.byteRange else { return nil }
    let bytes = try ByteReader(file.bytes).slice(at: range.lowerBound, count: range.count, "ELF image")
    guard bytes.count >= 64, try bytes.peek(UInt8.self, at: 4, "ELF class") == 2,
      try bytes.peek(UInt8.self, at: 5, "ELF data encoding") == 1
    else { return nil }
    let machine = try bytes.peek(UInt16.self, at: 18, "ELF e_machine")
    let architecture: CodeArchitecture
    switch machine {
    case 62: architecture = .x86
    case 183: architecture = .arm64
    default: return nil
    }
    let sections = try ELFSectionHeaders(bytes)
    var search = CallSiteSearch(query: CallSiteQuery(imports: query.imports))
    if try bytes.peek(UInt16.self, at: 16, "ELF e_type") == 1 {
      try findInObject(bytes, sections, siteTypes: objectSiteTypes[machine] ?? [], into: &search)
    } else {
      try findInLinked(bytes, sections, architecture, into: &search)
    }
    return search.result
  }

  private static func findInLinked(
    _ bytes: ByteReader, _ sections: ELFSectionHeaders, _ architecture: CodeArchitecture,
    into search: inout CallSiteSearch
  ) throws(BinaryError) {
    guard let dynamic = sections.index(ofType: ELFSectionHeaders.dynamicSymbols) else { return }
    let symbols = try ELFSymbolEntries(bytes, sections, table: dynamic)
    let wanted = try symbols.undefinedIndices(search)
    guard !wanted.isEmpty else { return }
    var targets = CodeTargets()
    for section in sections.all
    where section.type == ELFSectionHeaders.relocationsWithAddends && section.link == dynamic {
      try ELFSectionHeaders.forEachRelocation(bytes, section) { offset, symbol, type in
        if slotTypes.contains(type), let index = wanted[symbol] { targets.addSlot(offset, index: index) }
      }
    }
    let code = sections.all.filter { $0.isCode }
    for section in code where section.name.hasPrefix(".plt") {
      var entries: [(UInt64, Int)] = []
      let contents = try sections.contents(section, in: bytes)
      architecture.scan(contents, at: section.address, targets: targets) { hit in
        let start = architecture == .x86 ? x86EntryStart(hit.address, contents, section.address) : hit.sequenceStart
        entries.append((start, hit.target))
      }
      for (address, index) in entries { targets.addBranchTarget(address, index: index) }
    }
    var functions = try ELFFunctionStarts(bytes, sections, dynamic: dynamic, section: nil)
    // x86-64 code is decoded from each function start, FDEs included; A64 needs the FDEs only
    // for sites no symbol covers.
    if architecture == .x86 { functions.readFrames(bytes, sections) }
    let starts = architecture == .x86 ? functions.addresses : []
    var hits: [CodeHit] = []
    for section in code where !section.name.hasPrefix(".plt") {
      let contents = try sections.contents(section, in: bytes)
      architecture.scan(contents, at: section.address, functionStarts: starts, targets: targets) { hits.append($0) }
    }
    if architecture != .x86, hits.contains(where: { !functions.hasSymbol(covering: $0.address) }) {
      functions.readFrames(bytes, sections)
    }
    for hit in hits { search.record(functions.site(at: hit.address), for: hit.target) }
  }

  private static func findInObject(
    _ bytes: ByteReader, _ sections: ELFSectionHeaders, siteTypes: Set<UInt32>, into search: inout CallSiteSearch
  ) throws(BinaryError) {
    guard let table = sections.index(ofType: ELFSectionHeaders.symbols) else { return }
    let symbols = try ELFSymbolEntries(bytes, sections, table: table)
    let wanted = try symbols.undefinedIndices(search)
    guard !wanted.isEmpty else { return }
    for relocations in sections.all
    where relocations.type == ELFSectionHeaders.relocationsWithAddends && relocations.link == table {
      let target = Int(relocations.info)
      guard sections.all.indices.contains(target), sections.all[target].isCode else { continue }
      var functions: ELFFunctionStarts?
      try ELFSectionHeaders.forEachRelocation(bytes, relocations) { offset, symbol, type in
        guard siteTypes.contains(type), let index = wanted[symbol] else { return }
        if functions == nil { functions = try? ELFFunctionStarts(bytes, sections, dynamic: nil, section: target) }
        let site = functions?.site(at: offset) ?? CallSite(address: offset, function: nil, functionStart: nil)
        search.record(site, for: index)
      }
    }
  }

  /// Where the x86-64 PLT entry holding the `jmp *slot(%rip)` at `address` starts: the `jmp`
  /// itself (`.plt`, `.plt.got`), or the `endbr64` and `bnd` prefix before it (`.plt.sec`).
  /// AArch64 entries start with the `adrp` of the slot (`CodeHit.sequenceStart`).
  private static func x86EntryStart(_ address: UInt64, _ contents: UnsafeRawBufferPointer, _ base: UInt64) -> UInt64 {
    var position = Int(address &- base)
    if position >= 1, contents[position - 1] == 0xf2 { position -= 1 }  // bnd
    // endbr64
    if position >= 4, Array(contents[(position - 4)..<position]) == [0xf3, 0x0f, 0x1e, 0xfa] { position -= 4 }
    return base &+ UInt64(position)
  }
}

/// Function starts from `.symtab` and `.dynsym` together (global and weak names preferred, and
/// `.symtab`'s name where both name one start), so an image whose `.symtab` was cut down
/// (`strip -K`) still names its exported functions; in an object, only those of one code section,
/// whose values are offsets in it. A name is read only for a function that holds a site. Code no
/// sized symbol covers (a stripped image's local functions) is placed in the function its
/// `.eh_frame` FDE describes, unnamed like a Mach-O function known only from
/// `LC_FUNCTION_STARTS` (`CallSite.functionStart` without a name).
struct ELFFunctionStarts {
  private var locator = FunctionLocator()
  /// The tables read, `.symtab` first; a locator's symbol index is `tables.count * row + table`.
  private let tables: [ELFSymbolEntries]
  private var frames: ELFFrameDescriptions?

  init(_ bytes: ByteReader, _ sections: ELFSectionHeaders, dynamic: Int?, section: Int?) throws(BinaryError) {
    var tables: [ELFSymbolEntries] = []
    for table in [sections.index(ofType: ELFSectionHeaders.symbols), dynamic].compactMap({ $0 }) {
      tables.append(try ELFSymbolEntries(bytes, sections, table: table))
    }
    var locator = FunctionLocator()
    for (number, symbols) in tables.enumerated() {
      try symbols.forEachFunction { value, sectionIndex, isGlobal, symbol in
        guard section == nil || sectionIndex == section else { return }
        locator.add(value, symbol: symbol &* tables.count &+ number, rank: isGlobal ? .global : .local)
      }
    }
    locator.finish()
    self.locator = locator
    self.tables = tables
  }

  /// `st_size` of the symbol a locator's index stands for.
  private func size(of symbol: Int) -> UInt64 {
    tables[symbol % tables.count].size(of: symbol / tables.count)
  }

  /// The name of the symbol a locator's index stands for.
  private func name(of symbol: Int) -> String? {
    tables[symbol % tables.count].name(of: symbol / tables.count)
  }

  /// Reads the FDEs of `.eh_frame` (a linked image's, whose addresses are final). A section
  /// that cannot be read leaves the functions as the symbols place them.
  mutating func readFrames(_ bytes: ByteReader, _ sections: ELFSectionHeaders) {
    guard let section = sections.all.first(where: { $0.name == ".eh_frame" && $0.type == 1 }),
      let contents = try? bytes.slice(at: section.offset, count: section.size, "ELF .eh_frame (sh_offset, sh_size)")
    else { return }
    frames = try? ELFFrameDescriptions(contents, address: section.address)
  }

  /// Every function start, from the symbols and the FDEs read, ascending.
  var addresses: [UInt64] {
    let fromFrames = frames?.ranges.map(\.lowerBound) ?? []
    return (locator.addresses + fromFrames).sorted()
  }

  /// Whether the nearest symbol at or below `address` has a size that reaches it.
  func hasSymbol(covering address: UInt64) -> Bool {
    guard let start = locator.enclosing(address), let symbol = start.symbol else { return false }
    return address &- start.address < size(of: symbol)
  }

  /// The call site at `address`, named after the function that holds it: the symbol whose size
  /// covers it; else the function of the FDE that covers it, unless a symbol without a size
  /// starts inside that function at or below the address; else the nearest symbol below it.
  func site(at address: UInt64) -> CallSite {
    let start = locator.enclosing(address)
    if !hasSymbol(covering: address), let frame = frames?.range(holding: address) {
      if let start, let symbol = start.symbol, size(of: symbol) == 0, start.address >= frame.lowerBound {
        return named(start, address)
      }
      return CallSite(address: address, function: nil, functionStart: frame.lowerBound)
    }
    guard let start else { return CallSite(address: address, function: nil, functionStart: nil) }
    return named(start, address)
  }

  private func named(_ start: FunctionLocator.Start, _ address: UInt64) -> CallSite {
    CallSite(address: address, function: start.symbol.flatMap(name(of:)), functionStart: start.address)
  }
}
