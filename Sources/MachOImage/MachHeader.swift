import BinaryImage

/// The header at the start of a thin Mach-O image.
///
/// Mirrors `struct mach_header` and `struct mach_header_64` (`<mach-o/loader.h>`). The magic
/// decides the byte order of every later field of the image.
struct MachHeader {
  /// Whether the image uses the 64-bit layouts (`MH_MAGIC_64`).
  var is64Bit: Bool
  /// The byte order of the image's fields.
  var byteOrder: ByteOrder
  /// `cputype`.
  var cpuType: UInt32
  /// `cpusubtype`.
  var cpuSubtype: UInt32
  /// `filetype` (`MH_*`).
  var fileType: UInt32
  /// `ncmds`.
  var commandCount: UInt32
  /// `sizeofcmds`.
  var commandsSize: UInt32
  /// `flags`.
  var flags: UInt32

  /// The size of the header: where the load commands start.
  var size: Int { is64Bit ? 32 : 28 }
  /// The llvm-nm name of the architecture.
  var architecture: String { ArchNames.name(cpuType: cpuType, cpuSubtype: cpuSubtype) }

  /// Parses the header at the start of `image`.
  /// - Throws: `notBinary` when the magic is not a Mach-O magic, `truncated` when the header is cut.
  init(parsing image: ByteReader) throws(BinaryError) {
    var reader = image
    reader.byteOrder = .little
    let magic = try reader.read(UInt32.self, "Mach-O header: magic")
    switch magic {
    case MachOMagic.magic32: (is64Bit, byteOrder) = (false, .little)
    case MachOMagic.cigam32: (is64Bit, byteOrder) = (false, .big)
    case MachOMagic.magic64: (is64Bit, byteOrder) = (true, .little)
    case MachOMagic.cigam64: (is64Bit, byteOrder) = (true, .big)
    default:
      throw BinaryError(
        .notBinary, "not a Mach-O image (magic 0x\(String(magic, radix: 16)))", offset: image.baseOffset)
    }
    reader.byteOrder = byteOrder
    cpuType = try reader.read(UInt32.self, "Mach-O header: cputype")
    cpuSubtype = try reader.read(UInt32.self, "Mach-O header: cpusubtype")
    fileType = try reader.read(UInt32.self, "Mach-O header: filetype")
    commandCount = try reader.read(UInt32.self, "Mach-O header: ncmds")
    commandsSize = try reader.read(UInt32.self, "Mach-O header: sizeofcmds")
    flags = try reader.read(UInt32.self, "Mach-O header: flags")
    if is64Bit { try reader.skip(4, "Mach-O header: reserved") }
  }
}
