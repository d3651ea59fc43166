import BinaryImage

/// One name of the dyld export trie, as `ExportTrie.forEachExport` delivers it.
struct ExportedSymbol {
  /// The name's bytes; valid only during the call that delivers it.
  var name: UnsafeRawBufferPointer
  /// `EXPORT_SYMBOL_FLAGS_*`.
  var flags: UInt64
  /// The address as an offset from the image's start (the `__TEXT` segment's address); `nil`
  /// for a re-export, which names another image's symbol.
  var address: UInt64?
  /// The file offset of the trie node holding the name, for errors.
  var fileOffset: UInt64

  /// Whether the name is another image's symbol exported under this image's name
  /// (`EXPORT_SYMBOL_FLAGS_REEXPORT`): not a definition of this image.
  var isReexport: Bool { flags & ExportTrie.reexportFlag != 0 }
  /// Whether it is a weak definition (`EXPORT_SYMBOL_FLAGS_WEAK_DEFINITION`).
  var isWeak: Bool { flags & ExportTrie.weakDefinitionFlag != 0 }
  /// Whether it is an absolute symbol (`EXPORT_SYMBOL_FLAGS_KIND_ABSOLUTE`), not an address.
  var isAbsolute: Bool { flags & ExportTrie.kindMask == ExportTrie.absoluteKind }
}

/// The dyld export trie (`LC_DYLD_INFO(_ONLY)`'s `export_off`/`export_size`, or
/// `LC_DYLD_EXPORTS_TRIE`; `<mach-o/loader.h>`): the names an image exports. A stripped image
/// keeps them here after its symbol table has lost them, so they are definitions too.
///
/// A node is a ULEB128 terminal size, that many bytes of terminal information (flags, then an
/// address, a re-export's library ordinal and name, or a stub and resolver), a child count
/// byte, and per child a NUL-terminated edge label and the child's offset from the trie's
/// start (ULEB128). A name is the labels on the path from the root to a terminal node.
///
/// Untrusted tries are walked with bounds: every offset and ULEB128 is checked against the
/// trie's bytes; a node is visited at most once, so a child offset that reaches a node again
/// (a cycle, or two parents) fails the trie at that offset; the walk is depth-first over an
/// explicit stack, at most `maximumDepth` edges deep and names at most `maximumNameLength`
/// bytes; and the bytes all nodes take may not add up to more than the trie holds (the nodes of
/// a real trie do not overlap), so the work is linear in the trie's size plus the names
/// delivered, which the image's `NameTable` charges. Names are built in one buffer, never as a
/// `String` per symbol.
enum ExportTrie {
  /// `EXPORT_SYMBOL_FLAGS_KIND_MASK`.
  static let kindMask: UInt64 = 0x03
  /// `EXPORT_SYMBOL_FLAGS_KIND_ABSOLUTE`.
  static let absoluteKind: UInt64 = 0x02
  /// `EXPORT_SYMBOL_FLAGS_WEAK_DEFINITION`.
  static let weakDefinitionFlag: UInt64 = 0x04
  /// `EXPORT_SYMBOL_FLAGS_REEXPORT`.
  static let reexportFlag: UInt64 = 0x08
  /// `EXPORT_SYMBOL_FLAGS_STUB_AND_RESOLVER`.
  static let stubAndResolverFlag: UInt64 = 0x10
  /// The deepest path walked, in edges: far deeper than the names of a real image make a trie.
  static let maximumDepth = 4_096
  /// The longest name built: far longer than any real symbol.
  static let maximumNameLength = 64 << 10

  /// The trie bytes of `export_off`/`export_size` (`LC_DYLD_INFO(_ONLY)`, at 40 in the
  /// command) or `dataoff`/`datasize` (`LC_DYLD_EXPORTS_TRIE`, at 8).
  static func bytes(of command: LoadCommand, in image: ByteReader) throws(BinaryError) -> ByteReader {
    let field = command.type == LoadCommandType.dyldExportsTrie ? 8 : 40
    let what = command.type == LoadCommandType.dyldExportsTrie ? "LC_DYLD_EXPORTS_TRIE" : "LC_DYLD_INFO export"
    let offset = try command.body.peek(UInt32.self, at: field, "Mach-O \(what) (offset)")
    let size = try command.body.peek(UInt32.self, at: field + 4, "Mach-O \(what) (size)")
    return try image.slice(at: offset, count: size, "Mach-O export trie (offset, size)")
  }

  /// A node waiting to be visited: where it is, and how its name extends its parent's.
  private struct Pending {
    var node: Int
    var parentNameLength: Int
    var labelStart: Int
    var labelLength: Int
    var depth: Int
  }

  /// Calls `body` with each name the trie exports, depth first, children in trie order.
  /// - Parameter wanted: Given a name's first two bytes, whether names starting so are wanted;
  ///   a node whose name it turns away is neither delivered nor walked below. `nil` wants all.
  /// - Throws: `malformed`/`truncated` at the offending node for an offset or ULEB128 outside
  ///   the trie, a node reached twice, a path too deep or a name too long, or nodes that overlap
  ///   (names delivered before the error stand); and what `body` throws.
  static func forEachExport(
    in trie: ByteReader, wanted: ((UnsafeRawBufferPointer) -> Bool)? = nil,
    _ body: (ExportedSymbol) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    guard trie.count > 0 else { return }
    var visited = [UInt64](repeating: 0, count: (trie.count + 63) / 64)
    visited[0] = 1
    // One buffer of the longest allowed name holds the name being built, so a name delivered
    // is a view of it, not a copy.
    let name = UnsafeMutableRawBufferPointer.allocate(byteCount: maximumNameLength, alignment: 1)
    defer { name.deallocate() }
    var nameLength = 0
    var bytesTaken = 0
    var stack = [Pending(node: 0, parentNameLength: 0, labelStart: 0, labelLength: 0, depth: 0)]
    var children: [Pending] = []
    while let pending = stack.popLast() {
      let nodeOffset = trie.fileOffset(pending.node)
      guard pending.parentNameLength + pending.labelLength <= maximumNameLength else {
        throw BinaryError(
          .malformed, "Mach-O export trie: a name is longer than \(maximumNameLength) bytes", offset: nodeOffset)
      }
      let label = UnsafeRawBufferPointer(
        rebasing: trie.bytes[pending.labelStart..<(pending.labelStart + pending.labelLength)])
      UnsafeMutableRawBufferPointer(rebasing: name[pending.parentNameLength...]).copyMemory(from: label)
      nameLength = pending.parentNameLength + pending.labelLength
      let built = UnsafeRawBufferPointer(rebasing: name[..<nameLength])
      if let wanted, nameLength >= 2, !wanted(UnsafeRawBufferPointer(rebasing: built[..<2])) { continue }
      var reader = trie
      reader.position = pending.node
      let terminalSize = try reader.readULEB128("Mach-O export trie: terminal size")
      guard terminalSize <= UInt64(reader.remaining) else {
        throw BinaryError(
          .truncated, "Mach-O export trie: terminal information of \(terminalSize) bytes runs past the end",
          offset: nodeOffset)
      }
      let terminal = try reader.slice(at: reader.position, count: terminalSize, "Mach-O export trie: terminal")
      try reader.skip(Int(terminalSize), "Mach-O export trie: terminal")
      if terminalSize > 0 && nameLength > 0 {
        var symbol = try exported(terminal, nodeOffset: nodeOffset)
        symbol.name = built
        try body(symbol)
      }
      let childCount = try reader.read(UInt8.self, "Mach-O export trie: child count")
      children.removeAll(keepingCapacity: true)
      for _ in 0..<childCount {
        let labelStart = reader.position
        let label = try reader.cString(at: labelStart, "Mach-O export trie: edge label")
        try reader.skip(label.count + 1, "Mach-O export trie: edge label")
        let childOffset = try reader.readULEB128("Mach-O export trie: child offset")
        guard childOffset < UInt64(trie.count) else {
          throw BinaryError(
            .malformed, "Mach-O export trie: child offset \(childOffset) is outside the trie (\(trie.count) bytes)",
            offset: trie.fileOffset(labelStart))
        }
        let child = Int(childOffset)
        guard visited[child / 64] & (1 << UInt64(child % 64)) == 0 else {
          throw BinaryError(
            .malformed,
            "Mach-O export trie: the node at offset \(child) is reached twice (a cycle, or a node with two parents)",
            offset: trie.fileOffset(labelStart))
        }
        visited[child / 64] |= 1 << UInt64(child % 64)
        guard pending.depth < maximumDepth else {
          throw BinaryError(
            .malformed, "Mach-O export trie: deeper than \(maximumDepth) edges", offset: trie.fileOffset(labelStart))
        }
        children.append(
          Pending(
            node: child, parentNameLength: nameLength, labelStart: labelStart, labelLength: label.count,
            depth: pending.depth + 1))
      }
      bytesTaken += reader.position - pending.node
      guard bytesTaken <= trie.count else {
        throw BinaryError(
          .malformed, "Mach-O export trie: its nodes overlap (they take more than its \(trie.count) bytes)",
          offset: nodeOffset)
      }
      stack.append(contentsOf: children.reversed())
    }
  }

  /// The flags and address of one terminal's information.
  private static func exported(_ terminal: ByteReader, nodeOffset: UInt64) throws(BinaryError) -> ExportedSymbol {
    var info = terminal
    let flags = try info.readULEB128("Mach-O export trie: flags")
    var address: UInt64?
    if flags & reexportFlag == 0 {
      address = try info.readULEB128("Mach-O export trie: address")
      if flags & stubAndResolverFlag != 0 { _ = try info.readULEB128("Mach-O export trie: resolver") }
    }
    return ExportedSymbol(
      name: UnsafeRawBufferPointer(start: nil, count: 0), flags: flags, address: address, fileOffset: nodeOffset)
  }
}
