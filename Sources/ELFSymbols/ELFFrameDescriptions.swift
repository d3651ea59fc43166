import BinaryImage

/// The code ranges an ELF image's `.eh_frame` describes: one per frame description entry (FDE),
/// which compilers emit for every function, so stripped code still has its function starts.
///
/// Format (LSB "Exception Frames", DWARF 5 §6.4.1): records of a 32-bit length (`0xffffffff`
/// then a 64-bit one), ended by a zero length or the section's end; a CIE has id 0, an FDE holds
/// the distance back to its CIE. A CIE's augmentation string (`zR`, `zPLR`, …) says how its FDEs
/// encode `pc_begin` (the `R` byte, `DW_EH_PE_*`; absolute 8-byte pointers without one).
/// `pc_begin` may be absolute or `DW_EH_PE_pcrel` (from the field's own address); `pc_range`
/// uses the same format without the application. Other applications and indirect pointers name
/// no address here, so their FDEs are skipped.
///
/// Every record and field is checked against the section's bytes: a record that runs past the
/// end, an unknown pointer format or an FDE whose CIE is not a CIE stops the walk with a
/// `BinaryError`; the work is one pass over the bytes (each record is at least 4 bytes long).
struct ELFFrameDescriptions {
  /// The described ranges, sorted by start.
  private(set) var ranges: [Range<UInt64>] = []

  /// Reads the FDEs of `section`, the contents of `.eh_frame` loaded at `address`.
  /// - Throws: `truncated`/`malformed` at the first record that cannot be read; `ranges` then
  ///   holds nothing (the caller names functions without it).
  init(_ section: ByteReader, address: UInt64) throws(BinaryError) {
    var encodings: [Int: UInt8] = [:]  // CIE offset → FDE pointer encoding
    var position = 0
    while position < section.count {
      var length = UInt64(try section.peek(UInt32.self, at: position, "ELF .eh_frame: length"))
      var body = position + 4
      if length == 0xffff_ffff {
        length = try section.peek(UInt64.self, at: body, "ELF .eh_frame: 64-bit length")
        body += 8
      }
      if length == 0 { break }
      let record = try section.slice(at: body, count: length, "ELF .eh_frame: record (length)")
      let isWide = body - position == 12
      let identifier =
        isWide
        ? try record.peek(UInt64.self, at: 0, "ELF .eh_frame: CIE id")
        : UInt64(try record.peek(UInt32.self, at: 0, "ELF .eh_frame: CIE id"))
      let fields = isWide ? 8 : 4
      if identifier == 0 {
        encodings[position] = try Self.pointerEncoding(ofCIE: record, from: fields)
      } else {
        guard let cie = Int(exactly: identifier).flatMap({ body >= $0 ? body - $0 : nil }),
          let encoding = encodings[cie]
        else {
          throw BinaryError(
            .malformed, "ELF .eh_frame: FDE names no CIE before it (CIE pointer \(identifier))",
            offset: record.fileOffset(0))
        }
        var reader = record
        try reader.seek(to: fields, "ELF .eh_frame: FDE")
        let fieldAddress = address &+ UInt64(body &+ fields)
        if let start = try Self.readPointer(&reader, encoding: encoding, fieldAddress: fieldAddress),
          let size = try Self.readPointer(&reader, encoding: encoding & 0x0f, fieldAddress: 0), size > 0
        {
          let (end, overflow) = start.addingReportingOverflow(size)
          if !overflow { ranges.append(start..<end) }
        }
      }
      position = body + Int(length)
    }
    ranges.sort { $0.lowerBound < $1.lowerBound }
  }

  /// The range holding `address`: the last one starting at or below it, if it reaches it.
  func range(holding address: UInt64) -> Range<UInt64>? {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = low + (high - low) / 2
      if ranges[middle].lowerBound <= address { low = middle + 1 } else { high = middle }
    }
    guard low > 0, ranges[low - 1].contains(address) else { return nil }
    return ranges[low - 1]
  }

  /// `DW_EH_PE_omit`: no value (given for a CIE whose FDEs cannot be read, so they are skipped).
  private static let omit: UInt8 = 0xff

  /// The FDE pointer encoding a CIE's augmentation gives (`R`), `DW_EH_PE_absptr` without one,
  /// or `DW_EH_PE_omit` when the augmentation is not one known here (the old `eh`, an unknown letter).
  private static func pointerEncoding(ofCIE record: ByteReader, from start: Int) throws(BinaryError) -> UInt8 {
    var reader = record
    try reader.seek(to: start, "ELF .eh_frame: CIE")
    let version = try reader.read(UInt8.self, "ELF .eh_frame: CIE version")
    let augmentation = try reader.cString(at: reader.position, "ELF .eh_frame: CIE augmentation")
    try reader.skip(augmentation.count + 1, "ELF .eh_frame: CIE augmentation")
    guard augmentation.first == UInt8(ascii: "z") else { return augmentation.isEmpty ? 0 : Self.omit }
    if version == 4 { try reader.skip(2, "ELF .eh_frame: CIE address and segment size") }
    _ = try reader.readULEB128("ELF .eh_frame: CIE code alignment")
    _ = try reader.readSLEB128("ELF .eh_frame: CIE data alignment")
    if version == 1 {
      _ = try reader.read(UInt8.self, "ELF .eh_frame: CIE return address register")
    } else {
      _ = try reader.readULEB128("ELF .eh_frame: CIE return address register")
    }
    let dataLength = try reader.readULEB128("ELF .eh_frame: CIE augmentation length")
    var data = try reader.slice(at: reader.position, count: dataLength, "ELF .eh_frame: CIE augmentation data")
    for letter in augmentation.dropFirst() {
      switch letter {
      case UInt8(ascii: "R"):
        return try data.read(UInt8.self, "ELF .eh_frame: CIE FDE encoding")
      case UInt8(ascii: "L"):
        _ = try data.read(UInt8.self, "ELF .eh_frame: CIE LSDA encoding")
      case UInt8(ascii: "P"):
        let encoding = try data.read(UInt8.self, "ELF .eh_frame: CIE personality encoding")
        _ = try readPointer(&data, encoding: encoding, fieldAddress: 0)
      case UInt8(ascii: "S"), UInt8(ascii: "B"):
        continue
      default:
        return Self.omit  // an augmentation not known here: what follows it cannot be read
      }
    }
    return 0
  }

  /// Reads one `DW_EH_PE_*`-encoded pointer (format in the low nibble, application in the high
  /// one), `nil` for `DW_EH_PE_omit` or an application that names no address here.
  /// - Throws: `malformed` for an unknown format, `truncated` when the value runs past the end.
  private static func readPointer(_ reader: inout ByteReader, encoding: UInt8, fieldAddress: UInt64)
    throws(BinaryError) -> UInt64?
  {
    guard encoding != omit else { return nil }
    let what = "ELF .eh_frame: pointer"
    let value: UInt64
    switch encoding & 0x0f {
    case 0x00, 0x04: value = try reader.read(UInt64.self, what)
    case 0x01: value = try reader.readULEB128(what)
    case 0x02: value = UInt64(try reader.read(UInt16.self, what))
    case 0x03: value = UInt64(try reader.read(UInt32.self, what))
    case 0x09: value = UInt64(bitPattern: try reader.readSLEB128(what))
    case 0x0a: value = UInt64(bitPattern: Int64(Int16(bitPattern: try reader.read(UInt16.self, what))))
    case 0x0b: value = UInt64(bitPattern: Int64(Int32(bitPattern: try reader.read(UInt32.self, what))))
    case 0x0c: value = try reader.read(UInt64.self, what)
    default:
      throw BinaryError(
        .malformed, "ELF .eh_frame: unknown pointer encoding 0x\(String(encoding, radix: 16))",
        offset: reader.fileOffset(reader.position))
    }
    switch encoding & 0xf0 {
    case 0x00: return value
    case 0x10: return fieldAddress &+ value
    default: return nil  // textrel, datarel, funcrel, aligned, indirect
    }
  }
}
