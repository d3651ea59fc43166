/// The container format a file announces in its first bytes.
///
/// Sniffing is by magic number only; it says what the file claims to be, and the reader for that
/// format then decides whether the claim holds.
public enum FileMagic: String, Sendable, Hashable {
  /// `\x7fELF`.
  case elf
  /// A thin Mach-O image, 32- or 64-bit, either byte order (`MH_MAGIC`, `MH_CIGAM`, `MH_MAGIC_64`, `MH_CIGAM_64`).
  case machO
  /// `FAT_MAGIC` or `FAT_MAGIC_64` (big-endian `0xcafebabe`/`0xcafebabf`); a Java class file shares the first.
  case universal
  /// `!<arch>\n`: a static library (GNU, BSD or Darwin layout).
  case archive
  /// None of the above.
  case unknown

  /// Identifies `bytes` by their first few bytes.
  public init(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 4 else {
      self = .unknown
      return
    }
    let first4 = (UInt32(bytes[0]) << 24) | (UInt32(bytes[1]) << 16) | (UInt32(bytes[2]) << 8) | UInt32(bytes[3])
    switch first4 {
    case 0x7f45_4c46: self = .elf
    case 0xfeed_face, 0xcefa_edfe, 0xfeed_facf, 0xcffa_edfe: self = .machO
    case 0xcafe_babe, 0xcafe_babf: self = .universal
    default:
      let arMagic: [UInt8] = Array("!<arch>\n".utf8)
      if bytes.count >= 8 && bytes.prefix(8).elementsEqual(arMagic) {
        self = .archive
      } else {
        self = .unknown
      }
    }
  }

  /// Whether the magic names a binary format sdkvet reads.
  public var isBinary: Bool { self != .unknown }
}
