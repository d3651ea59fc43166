import BinaryImage

/// A section of a segment, as `struct section` / `struct section_64` (`<mach-o/loader.h>`).
struct Section {
  /// `sectname`, e.g. `__objc_selrefs`.
  var name: FixedName
  /// `addr`: the section's virtual address.
  var address: UInt64
  /// `size` in bytes.
  var size: UInt64
  /// `offset` of the section's bytes from the start of the image.
  var fileOffset: UInt32
  /// `reloff`: where its relocation entries start.
  var relocationsOffset: UInt32
  /// `nreloc`: how many relocation entries it has.
  var relocationCount: UInt32
  /// `flags` (type and attributes).
  var flags: UInt32
  /// `reserved1`: for stub and pointer sections, the index of their first entry in the indirect symbol table.
  var reserved1: UInt32 = 0
  /// `reserved2`: for `S_SYMBOL_STUBS`, the size of one stub.
  var reserved2: UInt32 = 0

  /// Whether the section holds code (`S_ATTR_PURE_INSTRUCTIONS` or `S_ATTR_SOME_INSTRUCTIONS`).
  var holdsCode: Bool { flags & (SectionFlags.pureInstructions | SectionFlags.someInstructions) != 0 }
  /// `flags & SECTION_TYPE`.
  var type: UInt32 { flags & SectionFlags.typeMask }
}

extension Section {
  /// The `section` or `section_64` in `record` (68 or 80 bytes, as `is64Bit` says).
  init(_ record: RecordTable.Record, is64Bit: Bool) {
    name = FixedName(record.bytes(at: 0, count: 16))
    let wordSize = is64Bit ? 8 : 4
    func word(at offset: Int) -> UInt64 {
      is64Bit ? record.field(UInt64.self, at: offset) : UInt64(record.field(UInt32.self, at: offset))
    }
    address = word(at: 32)
    size = word(at: 32 + wordSize)
    // offset, align, reloff, nreloc, flags, reserved1, reserved2 follow the two words.
    let fields = 32 + 2 * wordSize
    fileOffset = record.field(UInt32.self, at: fields)
    relocationsOffset = record.field(UInt32.self, at: fields + 8)
    relocationCount = record.field(UInt32.self, at: fields + 12)
    flags = record.field(UInt32.self, at: fields + 16)
    reserved1 = record.field(UInt32.self, at: fields + 20)
    reserved2 = record.field(UInt32.self, at: fields + 24)
  }
}

/// A segment, as `struct segment_command` / `struct segment_command_64`, with its sections.
struct Segment {
  /// `segname`.
  var name: FixedName
  /// `vmaddr`.
  var address: UInt64
  /// `vmsize`.
  var virtualSize: UInt64
  /// `fileoff`.
  var fileOffset: UInt64
  /// `filesize`.
  var fileSize: UInt64
  /// The sections, in command order.
  var sections: [Section]

  /// Parses an `LC_SEGMENT` or `LC_SEGMENT_64` command.
  ///
  /// `nsects` is checked against `cmdsize` before any section is read.
  /// - Throws: `malformed` when the sections do not fit the command.
  init(parsing command: LoadCommand, is64Bit: Bool) throws(BinaryError) {
    var reader = command.body
    try reader.seek(to: 8, "Mach-O segment")
    name = FixedName(try reader.readBytes(16, "Mach-O segment: segname"))
    func word(_ what: String) throws(BinaryError) -> UInt64 {
      is64Bit ? try reader.read(UInt64.self, what) : UInt64(try reader.read(UInt32.self, what))
    }
    address = try word("Mach-O segment: vmaddr")
    virtualSize = try word("Mach-O segment: vmsize")
    fileOffset = try word("Mach-O segment: fileoff")
    fileSize = try word("Mach-O segment: filesize")
    try reader.skip(8, "Mach-O segment: maxprot, initprot")
    let count = try reader.read(UInt32.self, "Mach-O segment: nsects")
    try reader.skip(4, "Mach-O segment: flags")
    let sectionSize = is64Bit ? 80 : 68
    let needed = try count.checkedMultiplying(
      sectionSize, "Mach-O segment: nsects", offset: reader.fileOffset(reader.position))
    guard needed <= reader.remaining else {
      throw BinaryError(
        .malformed, "Mach-O segment \(name): \(count) sections do not fit cmdsize \(command.body.count)",
        offset: command.body.fileOffset(0))
    }
    // They fit (checked above), so each section is read at its fields' fixed offsets.
    let table = RecordTable(
      try reader.slice(at: reader.position, count: needed, "Mach-O segment: sections"), stride: sectionSize)
    var sections: [Section] = []
    sections.reserveCapacity(table.count)
    table.forEachRecord { _, record in sections.append(Section(record, is64Bit: is64Bit)) }
    self.sections = sections
  }
}

/// Every segment of an image, for address lookups.
struct SegmentMap {
  /// The segments in load-command order.
  var segments: [Segment] = []

  /// All sections of all segments in order; `n_sect` in `nlist` is a 1-based index into this.
  var sections: [Section] { segments.flatMap(\.sections) }

  /// The first section named `name`, in whichever segment (`__objc_selrefs` lives in `__DATA`,
  /// `__DATA_CONST` or `__AUTH_CONST` depending on the linker).
  func section(named name: String) -> Section? {
    let wanted = FixedName(name)
    for segment in segments {
      if let found = segment.sections.first(where: { $0.name == wanted }) { return found }
    }
    return nil
  }

  /// The vmaddr of the `__TEXT` segment (the image's preferred load address), or 0.
  var preferredLoadAddress: UInt64 {
    segments.first { $0.fileOffset == 0 && $0.fileSize > 0 }?.address ?? 0
  }
}
