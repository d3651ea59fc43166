import BinaryImage
import CodeScan

/// Where an image's functions start, for naming call sites: the symbol table's definitions in
/// code sections (external ones first, assembler temporaries such as `ltmp0` left out), then
/// `LC_FUNCTION_STARTS`, which still lists the functions of stripped code (unnamed).
enum MachOFunctionStarts {
  /// A locator over the image's function starts.
  /// - Throws: when `LC_FUNCTION_STARTS` data lies outside the image.
  static func locator(
    image: ByteReader, summary: LoadCommandSummary, symbols: SymbolTable?, sections: [Section]
  ) throws(BinaryError) -> FunctionLocator {
    var locator = FunctionLocator()
    if let symbols {
      for external in [true, false] {
        for index in 0..<symbols.count {
          let entry = try symbols.entry(index)
          guard !entry.isDebugEntry, entry.kind == NListBits.section, entry.isExternal == external else { continue }
          let section = Int(entry.section) - 1
          guard sections.indices.contains(section), sections[section].holdsCode,
            let name = symbols.name(of: entry), !name.isEmpty, !isTemporary(name)
          else { continue }
          locator.add(entry.value, name: String(decoding: name, as: UTF8.self))
        }
      }
    }
    if let command = summary.functionStarts {
      let offset = try command.body.peek(UInt32.self, at: 8, "Mach-O LC_FUNCTION_STARTS: dataoff")
      let size = try command.body.peek(UInt32.self, at: 12, "Mach-O LC_FUNCTION_STARTS: datasize")
      var data = try image.slice(at: offset, count: size, "Mach-O function starts (dataoff, datasize)")
      let text = summary.segments.segments.first { $0.name == "__TEXT" }
      var address = text?.address ?? summary.segments.preferredLoadAddress
      while !data.isAtEnd {
        let delta = try data.readULEB128("Mach-O function starts")
        guard delta != 0 else { break }
        address &+= delta
        locator.add(address, name: nil)
      }
    }
    locator.finish()
    return locator
  }

  /// Assembler-local labels the symbol table may keep (`ltmp0`, `l_…`, `L…`): not function names.
  private static func isTemporary(_ name: UnsafeRawBufferPointer) -> Bool {
    name.first == UInt8(ascii: "L") || name.starts(with: "l_".utf8) || name.starts(with: "ltmp".utf8)
  }
}
