import BinaryImage

/// Lists the selector names an image's code references: each slot of `__objc_selrefs` points
/// at a C string, normally in `__objc_methname`.
///
/// What a slot holds depends on the file:
/// - linked images without chained fixups: the string's vmaddr (a classic rebase target);
/// - linked images with chained fixups: a rebase entry of the segment's `pointer_format`
///   (`DYLD_CHAINED_PTR_64`, `_64_OFFSET`, `ARM64E*`, `_32`), decoded to a vmaddr;
/// - `MH_OBJECT` files: an addend, made absolute by the slot's relocation (`relocation_info`,
///   `<mach-o/reloc.h>`) against a local symbol, or already the section address when the
///   relocation is section-based.
/// The vmaddr is then mapped to file bytes through the segments (`SegmentAddressIndex`). A slot that cannot be
/// resolved is skipped; only a section or relocation table outside the image is an error.
enum ObjCSelectorReferences {
  /// Everything the resolver needs to know about the image.
  struct Context {
    /// The whole image.
    var image: ByteReader
    /// The image header.
    var header: MachHeader
    /// The image's segments.
    var segments: SegmentMap
    /// The chained-fixups payload, for linked images that use it.
    var chainedFixups: ChainedFixups?
    /// The symbol table, for relocations of `MH_OBJECT` files.
    var symbolTable: SymbolTable?
  }

  /// A string a pointer leads to, and whether an earlier pointer of the same walk led to it.
  struct PointedString {
    /// The string's bytes, without its NUL.
    var bytes: UnsafeRawBufferPointer
    /// Whether an earlier entry pointed at the same string: a caller whose work on a string does
    /// not depend on the entry does it once, not once per pointer.
    var isRepeated: Bool
  }

  /// Calls `body` with the name each `__objc_selrefs` slot points at and the slot's file
  /// offset, in slot order.
  /// - Throws: `truncated` when the section or its relocations are outside the image, `malformed`
  ///   when the strings measured go over the image's limit, or what `body` throws.
  static func forEachSelector(
    _ context: Context, _ body: (PointedString, UInt64) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    let pointerSize = context.header.is64Bit ? 8 : 4
    try forEachPointedString(context, section: "__objc_selrefs", stride: pointerSize, field: 0) {
      name, slotOffset, _ throws(BinaryError) in try body(name, slotOffset)
    }
  }

  /// Calls `body` with the C string a pointer field of each `stride`-byte entry of section
  /// `sectionName` points at (resolved as a selector slot is), the field's file offset, and the
  /// entry's bytes, in entry order. Entries whose pointer cannot be resolved are skipped.
  ///
  /// Entries can point at one string over and over, or at overlapping suffixes of one: a string
  /// is measured once, whatever points at it, and every byte measured counts against a limit of
  /// the image's (`NameTable`'s rule: 8 times its size, at least 16 MiB), so the work follows the
  /// image's size, not entries times length.
  /// - Throws: `truncated` when the section or its relocations are outside the image, `malformed`
  ///   when the strings measured go over the limit, or what `body` throws.
  static func forEachPointedString(
    _ context: Context, section sectionName: String, stride: Int, field: Int,
    _ body: (PointedString, UInt64, ByteReader) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    guard let section = context.segments.section(named: sectionName) else { return }
    let pointerSize = context.header.is64Bit ? 8 : 4
    let entries = try context.image.slice(at: section.fileOffset, count: section.size, "Mach-O \(sectionName) section")
    var relocated =
      context.header.fileType == MachOFileType.object ? try relocationTargets(section, context) : RelocatedSlots()
    let decoder = try ChainedPointerDecoder(context, section: section)
    let names = context.image.throughLastNUL
    let addresses = SegmentAddressIndex(context.segments.segments)
    var lengths = StringLengthCache(expected: entries.count / max(stride, 1))
    var measured = NameTable(imageSize: context.image.count)
    var entry = 0
    while entry + stride <= entries.count {
      defer { entry += stride }
      let position = entry + field
      let raw =
        pointerSize == 8
        ? try entries.peek(UInt64.self, at: position, "Mach-O \(sectionName) pointer")
        : UInt64(try entries.peek(UInt32.self, at: position, "Mach-O \(sectionName) pointer"))
      let target: UInt64?
      if let relocatedTarget = relocated.target(at: position) {
        target = relocatedTarget
      } else if let decoder {
        target = decoder.rebaseTarget(raw)
      } else {
        target = raw
      }
      guard let target, let offset = addresses.fileOffset(ofAddress: target),
        let string = try pointedString(at: offset, in: names, lengths: &lengths, measured: &measured, sectionName)
      else { continue }
      try body(
        string, entries.fileOffset(position),
        try entries.slice(at: entry, count: stride, "Mach-O \(sectionName) entry"))
    }
  }

  /// The non-empty C string at `offset` of `names`, its length measured only the first time
  /// (`lengths`) and charged to `measured`; `nil` when there is none.
  private static func pointedString(
    at offset: UInt64, in names: ByteReader, lengths: inout StringLengthCache, measured: inout NameTable,
    _ sectionName: String
  ) throws(BinaryError) -> PointedString? {
    if let length = lengths.length(at: offset) {
      guard length > 0, let start = Int(exactly: offset) else { return nil }
      return PointedString(
        bytes: UnsafeRawBufferPointer(rebasing: names.bytes[start..<start + length]), isRepeated: true)
    }
    let name = try? names.cString(at: offset, "Mach-O \(sectionName) string")
    lengths.record(name?.count ?? 0, at: offset)
    try measured.charge((name?.count ?? 0) + 1, at: names.fileOffset(Int(clamping: offset)))
    guard let name, !name.isEmpty else { return nil }
    return PointedString(bytes: name, isRepeated: false)
  }

  /// For an object file: the target address of each slot whose relocation is against a symbol
  /// (`r_extern`); the slot's own value is the addend.
  private static func relocationTargets(_ section: Section, _ context: Context) throws(BinaryError) -> RelocatedSlots {
    guard section.relocationCount > 0, let symbols = context.symbolTable else { return RelocatedSlots() }
    let size = try section.relocationCount.checkedMultiplying(8, "Mach-O \(section.name): nreloc")
    let table = try context.image.slice(
      at: section.relocationsOffset, count: size, "Mach-O \(section.name) relocations (reloff, nreloc)")
    let slots = try context.image.slice(at: section.fileOffset, count: section.size, "Mach-O \(section.name) section")
    let bigEndian = context.header.byteOrder == .big
    var targets: [(slot: Int, target: UInt64)] = []
    targets.reserveCapacity(table.count / 8)
    var position = 0
    while position < table.count {
      defer { position += 8 }
      let address = try table.peek(UInt32.self, at: position, "Mach-O relocation: r_address")
      let info = try table.peek(UInt32.self, at: position + 4, "Mach-O relocation: r_info")
      guard address & 0x8000_0000 == 0 else { continue }  // R_SCATTERED: the slot already holds the address
      let isExtern = bigEndian ? (info >> 4) & 1 != 0 : (info >> 27) & 1 != 0
      let symbolIndex = bigEndian ? Int(info >> 8) : Int(info & 0x00ff_ffff)
      guard isExtern, let symbol = symbols.entry(symbolIndex) else { continue }
      let slot = Int(address)
      let addend =
        context.header.is64Bit
        ? (try? slots.peek(UInt64.self, at: slot, "Mach-O pointer")) ?? 0
        : UInt64((try? slots.peek(UInt32.self, at: slot, "Mach-O pointer")) ?? 0)
      targets.append((slot, symbol.value &+ addend))
    }
    return RelocatedSlots(targets)
  }

  /// The relocated slots of a section, sorted by offset, read in increasing slot order.
  struct RelocatedSlots {
    private let slots: [(slot: Int, target: UInt64)]
    private var next = 0

    /// `targets` in relocation-table order (compilers write them from the last slot back); of
    /// two for one slot, the later one counts.
    init(_ targets: [(slot: Int, target: UInt64)] = []) {
      let pairs = zip(targets, targets.dropFirst())
      if pairs.allSatisfy({ $0.slot > $1.slot }) {
        slots = targets.reversed()  // the compilers' order: no slot twice, so reversing sorts them
      } else if pairs.allSatisfy({ $0.slot < $1.slot }) {
        slots = targets
      } else {
        slots = targets.enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }.map(
          \.element)
      }
    }

    /// The target of the slot at `position`, if it is relocated; positions must increase from call to call.
    mutating func target(at position: Int) -> UInt64? {
      while next < slots.count, slots[next].slot < position { next += 1 }
      var target: UInt64?
      while next < slots.count, slots[next].slot == position {
        target = slots[next].target
        next += 1
      }
      return target
    }
  }
}
