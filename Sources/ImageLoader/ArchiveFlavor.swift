import BinaryImage

/// Tells an archive of ELF objects (read through libelf) from one of Mach-O objects (read by hand).
enum ArchiveFlavor {
  /// Whether the first real member of the ar archive `bytes` starts with the ELF magic.
  ///
  /// Symbol-index and long-name-table members are passed over; a malformed header answers
  /// `false` and leaves the error to the reader that then parses the archive properly.
  static func firstMemberIsELF(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 8
    for _ in 0..<4 {  // at most: "/", "//", "/SYM64/" or "__.SYMDEF*", then the first object
      guard offset + 60 <= bytes.count else { return false }
      let header = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 60])
      let name = String(decoding: header[0..<16], as: UTF8.self).trimmingSuffixSpaces
      let sizeText = String(decoding: header[48..<58], as: UTF8.self).trimmingSuffixSpaces
      guard let size = Int(sizeText), size >= 0 else { return false }
      let dataStart = offset + 60
      var nameLength = 0
      if name.hasPrefix("#1/"), let length = Int(name.dropFirst(3)) { nameLength = length }
      var realName = name
      if nameLength > 0 {  // BSD "#1/N": the name is the first N bytes of the data
        guard nameLength <= size, dataStart + nameLength <= bytes.count else { return false }
        realName = String(decoding: bytes[dataStart..<dataStart + nameLength].prefix { $0 != 0 }, as: UTF8.self)
      }
      let isIndex = name == "/" || name == "//" || name == "/SYM64/" || realName.hasPrefix("__.SYMDEF")
      if !isIndex {
        let magicStart = dataStart + nameLength
        guard magicStart >= dataStart, magicStart + 4 <= bytes.count else { return false }
        return FileMagic(UnsafeRawBufferPointer(rebasing: bytes[magicStart..<magicStart + 4])) == .elf
      }
      let (next, overflow) = dataStart.addingReportingOverflow(size + (size & 1))
      guard !overflow else { return false }
      offset = next
    }
    return false
  }
}

extension String {
  fileprivate var trimmingSuffixSpaces: String {
    var copy = Substring(self)
    while copy.last == " " { copy = copy.dropLast() }
    return String(copy)
  }
}
