import BinaryImage

/// The table of a universal (fat) file: one entry per architecture slice.
///
/// Mirrors `struct fat_header`, `struct fat_arch` and `struct fat_arch_64` (`<mach-o/fat.h>`),
/// which are big-endian on disk. This type only interprets the container; each slice is handed
/// back as a byte range for the thin-image or archive reader.
struct FatHeader {
  /// One architecture slice.
  struct Slice {
    /// `cputype`.
    var cpuType: UInt32
    /// `cpusubtype`.
    var cpuSubtype: UInt32
    /// `offset` of the slice from the start of the file.
    var offset: UInt64
    /// `size` of the slice.
    var size: UInt64
    /// The llvm-nm name of the architecture.
    var architecture: String { ArchNames.name(cpuType: cpuType, cpuSubtype: cpuSubtype) }
  }

  /// The slices in table order.
  var slices: [Slice]

  /// Parses the header and slice table at the start of `file`.
  /// - Throws: `malformed`/`truncated` for a bad table (a Java class file never gets here: `FileMagic`
  ///   tells it apart).
  init(parsing file: ByteReader) throws(BinaryError) {
    var reader = file
    reader.byteOrder = .big
    let magic = try reader.read(UInt32.self, "Mach-O universal header: magic")
    let count = try reader.read(UInt32.self, "Mach-O universal header: nfat_arch")
    let is64 = magic == MachOMagic.fat64
    let entrySize = is64 ? 32 : 20
    let tableBytes = try? count.checkedMultiplying(entrySize, "Mach-O universal header: slice table")
    let tableFits = tableBytes.map { $0 <= reader.remaining } ?? false
    guard count <= FileMagic.maximumUniversalSlices, tableFits else {
      throw BinaryError(.malformed, "Mach-O universal header: nfat_arch \(count) does not fit the file", offset: 4)
    }
    guard count > 0 else {
      throw BinaryError(.malformed, "Mach-O universal header: no architectures", offset: 4)
    }
    var slices: [Slice] = []
    for _ in 0..<count {
      let cpuType = try reader.read(UInt32.self, "Mach-O universal header: cputype")
      let cpuSubtype = try reader.read(UInt32.self, "Mach-O universal header: cpusubtype")
      let offset: UInt64
      let size: UInt64
      if is64 {
        offset = try reader.read(UInt64.self, "Mach-O universal header: offset")
        size = try reader.read(UInt64.self, "Mach-O universal header: size")
        try reader.skip(8, "Mach-O universal header: align and reserved")
      } else {
        offset = UInt64(try reader.read(UInt32.self, "Mach-O universal header: offset"))
        size = UInt64(try reader.read(UInt32.self, "Mach-O universal header: size"))
        try reader.skip(4, "Mach-O universal header: align")
      }
      slices.append(Slice(cpuType: cpuType, cpuSubtype: cpuSubtype, offset: offset, size: size))
    }
    self.slices = slices
  }
}
