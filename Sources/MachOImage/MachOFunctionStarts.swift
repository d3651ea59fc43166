import BinaryImage
import CodeScan

/// Where an image's functions start, for naming call sites: the symbol table's definitions in
/// code sections (global names preferred, assembler temporaries such as `ltmp0` left out), and
/// `LC_FUNCTION_STARTS`, which still lists the functions of stripped code (unnamed). A name is
/// read from the symbol table only for a function that holds a site.
struct MachOFunctionStarts {
  private var locator = FunctionLocator()
  private let symbols: SymbolTable?
  /// Each named function's name, made once for all the sites in it (a site's name shares it).
  private var names: [Int: String?] = [:]
  /// The name bytes measured, within the image's limit: functions may be named by overlapping
  /// suffixes of one long string. Past it, sites are unnamed.
  private var measured: NameTable

  /// Collects the starts of the image's functions.
  /// - Throws: when `LC_FUNCTION_STARTS` data lies outside the image.
  init(image: ByteReader, summary: LoadCommandSummary, symbols: SymbolTable?) throws(BinaryError) {
    self.symbols = symbols
    measured = NameTable(imageSize: image.count)
    let sections = summary.segments.sections
    if let symbols {
      symbols.forEachEntry { index, entry in
        guard !entry.isDebugEntry, entry.kind == NListBits.section else { return }
        let section = Int(entry.section) - 1
        guard sections.indices.contains(section), sections[section].holdsCode,
          !Self.isTemporary(symbols.leadingBytes(of: entry, count: 4))
        else { return }
        locator.add(entry.value, symbol: index, rank: entry.isExternal ? .global : .local)
      }
    }
    if let command = summary.functionStarts {
      let offset = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_FUNCTION_STARTS: dataoff")
      let size = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_FUNCTION_STARTS: datasize")
      var data = try image.slice(at: offset, count: size, "Mach-O function starts (dataoff, datasize)")
      let text = summary.segments.segments.first { $0.name == "__TEXT" }
      var address = text?.address ?? summary.segments.preferredLoadAddress
      // Starts ascend; only those inside code that exists in the file are kept, and the walk
      // ends past the last code byte, so a table of a million 1-byte deltas costs the code's size.
      let code = Self.codeRanges(sections, fileSize: image.count)
      let end = code.map(\.upperBound).max() ?? 0
      while !data.isAtEnd {
        let delta = try data.readULEB128("Mach-O function starts")
        guard delta != 0 else { break }
        address &+= delta
        guard address < end, address >= delta else { break }
        if code.contains(where: { $0.contains(address) }) { locator.add(address, symbol: nil, rank: .unnamed) }
      }
    }
    locator.finish()
  }

  /// The address ranges of the code sections, each no longer than the file.
  private static func codeRanges(_ sections: [Section], fileSize: Int) -> [Range<UInt64>] {
    sections.filter(\.holdsCode).compactMap { section in
      let (end, overflow) = section.address.addingReportingOverflow(min(section.size, UInt64(fileSize)))
      return overflow ? nil : section.address..<end
    }
  }

  /// Every function start, ascending (where the x86-64 scan decodes from).
  var addresses: [UInt64] { locator.addresses }

  /// The call site at `address`, named after the function that holds it: the nearest start at or
  /// below it, but not below `sectionStart` (a start in another section holds nothing here).
  /// A function's name is measured and decoded once, however many sites it holds.
  mutating func site(at address: UInt64, sectionStart: UInt64 = 0) -> CallSite {
    guard let start = locator.enclosing(address), start.address >= sectionStart else {
      return CallSite(address: address, function: nil, functionStart: nil)
    }
    var name: String?
    if let symbol = start.symbol { name = self.name(ofSymbol: symbol) }
    return CallSite(address: address, function: name, functionStart: start.address)
  }

  private mutating func name(ofSymbol index: Int) -> String? {
    if let known = names[index] { return known }
    let bytes = symbols?.entry(index).flatMap { symbols?.name(of: $0) }
    let charged = (try? measured.charge((bytes?.count ?? 0) + 1, at: nil)) != nil
    let name = charged ? bytes.map { String(decoding: $0, as: UTF8.self) } : nil
    names[index] = name
    return name
  }

  /// Assembler-local labels the symbol table may keep (`ltmp0`, `l_…`, `L…`), or no name: not
  /// function names. Judged from the name's first bytes (`leading`, a NUL ending a shorter one),
  /// so that symbols sharing one long name cost a few loads each, not its length.
  private static func isTemporary(_ leading: UnsafeRawBufferPointer) -> Bool {
    let name = leading.prefix { $0 != 0 }
    return name.isEmpty || name.first == UInt8(ascii: "L") || name.starts(with: "l_".utf8)
      || name.starts(with: "ltmp".utf8)
  }
}
