import BinaryImage

/// Reads `Image.hosts` of a 64-bit little-endian ELF image (x86-64, AArch64): the hosts named
/// by whole NUL-terminated strings (`HostName`) of its `.rodata` and `.rodata.str*` sections
/// (`SHT_PROGBITS`), within `HostCollector`'s caps. Other ELF images have no hosts read.
enum ELFHostStrings {
  /// `SHT_PROGBITS`.
  private static let programBits: UInt32 = 1

  /// The hosts of `bytes`, the whole image.
  /// - Throws: when the section headers or a read section lie outside the image.
  static func hosts(in bytes: ByteReader) throws(BinaryError) -> [String] {
    guard bytes.count >= 64, try bytes.peek(UInt8.self, at: 4, "ELF class") == 2,
      try bytes.peek(UInt8.self, at: 5, "ELF data encoding") == 1
    else { return [] }
    var collector = HostCollector()
    let headers = try ELFSectionHeaders(bytes)
    for section in headers.all
    where section.type == programBits && (section.name == ".rodata" || section.name.hasPrefix(".rodata.str")) {
      collector.considerStrings(in: try headers.contents(section, in: bytes))
    }
    return collector.hosts
  }
}
