/// The container format a file announces in its first bytes.
///
/// Sniffing is by magic number only; it says what the file claims to be, and the reader for that
/// format then decides whether the claim holds.
package enum FileMagic: String, Sendable, Hashable {
  /// `\x7fELF`.
  case elf
  /// A thin Mach-O image, 32- or 64-bit, either byte order (`MH_MAGIC`, `MH_CIGAM`, `MH_MAGIC_64`, `MH_CIGAM_64`).
  case machO
  /// `FAT_MAGIC` or `FAT_MAGIC_64` (big-endian `0xcafebabe`/`0xcafebabf`); a Java class file shares the first.
  case universal
  /// `!<arch>\n`: a static library (GNU, BSD or Darwin layout).
  case archive
  /// `0xcafebabe` followed by a Java class file's version, not a slice count: not a binary.
  case javaClass
  /// None of the above.
  case unknown

  /// Identifies `bytes` by their first few bytes.
  package init(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 4 else {
      self = .unknown
      return
    }
    switch bytes.loadBigEndianWord(at: 0) {
    case 0x7f45_4c46: self = .elf
    case 0xfeed_face, 0xcefa_edfe, 0xfeed_facf, 0xcffa_edfe: self = .machO
    case 0xcafe_babe where bytes.count >= 8 && Self.isJavaClassVersion(bytes.loadBigEndianWord(at: 4)):
      self = .javaClass
    case 0xcafe_babe, 0xcafe_babf: self = .universal
    default:
      let arMagic = ArArchive.magic
      if bytes.count >= arMagic.count && bytes.prefix(arMagic.count).elementsEqual(arMagic) {
        self = .archive
      } else {
        self = .unknown
      }
    }
  }

  /// Whether the magic names a binary format sdkvet reads.
  package var isBinary: Bool { self != .unknown && self != .javaClass }

  /// The most slices a universal file is read with: one fewer than the first Java class file
  /// major version (45, JDK 1.0), which a class file stores where a universal file counts its
  /// slices, so the two `0xcafebabe` formats never overlap (`FatHeader` refuses more).
  package static let maximumUniversalSlices: UInt32 = 44

  /// Whether the word after `0xcafebabe` reads as a Java class file's `minor_version` and
  /// `major_version` (major 45 for JDK 1.0 onward; minor versions stay small) rather than a
  /// universal file's slice count, which is never that large.
  private static func isJavaClassVersion(_ word: UInt32) -> Bool {
    let major = word & 0xffff
    let minor = word >> 16
    return major > maximumUniversalSlices && major < 0x100 && (minor < 0x100 || minor == 0xffff)
  }
}

extension UnsafeRawBufferPointer {
  /// The big-endian 32-bit word at `offset`; the caller has checked that four bytes exist there.
  fileprivate func loadBigEndianWord(at offset: Int) -> UInt32 {
    (offset..<offset + 4).reduce(UInt32(0)) { ($0 << 8) | UInt32(self[$1]) }
  }
}
