import BinaryImage

/// Tells an archive of ELF objects (read through libelf) from one of Mach-O objects (read by hand).
enum ArchiveFlavor {
  /// Whether the first real member of the ar archive `bytes` starts with the ELF magic.
  ///
  /// The walk is `ArArchive`'s, so symbol indexes and name tables are passed over exactly as the
  /// readers pass them over; a malformed header answers `false` and leaves the error to the
  /// reader that then parses the archive properly.
  static func firstMemberIsELF(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var archive = try? ArArchive(bytes), let member = try? archive.next(), member.range.count >= 4 else {
      return false
    }
    let magic = member.range.lowerBound..<member.range.lowerBound + 4
    return FileMagic(UnsafeRawBufferPointer(rebasing: bytes[magic])) == .elf
  }
}
