/// The archive or compression format a file announces in its first bytes: the containers SDKs
/// are shipped in (`.zip`, `.ipa`, `.aar`, `.tar`, `.tar.gz`, `.tar.xz`), recognised by content
/// rather than by name. An ar static library is a binary (`FileMagic.archive`), not a container.
public enum ContainerMagic: String, Sendable, Hashable {
  /// `PK\x03\x04` (or `PK\x05\x06`, an empty zip): zip, `.ipa`, `.aar`, `.xcframework.zip`.
  case zip
  /// `ustar` at offset 257: a POSIX or GNU tar archive.
  case tar
  /// `\x1f\x8b`: gzip-compressed (`.tar.gz`, `.tgz`).
  case gzip
  /// `\xfd7zXZ\0`: xz-compressed (`.tar.xz`).
  case xz
  /// `BZh`: bzip2-compressed.
  case bzip2
  /// `\x28\xb5\x2f\xfd`: zstd-compressed.
  case zstd

  /// How many leading bytes identify every container (tar's magic ends at offset 262).
  public static let prefixLength = 263

  /// Identifies `bytes` by their first bytes; `nil` when they announce no container.
  package init?(_ bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(Self.prefixLength))
    func starts(with magic: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
    }
    switch true {
    case starts(with: [0x50, 0x4b, 0x03, 0x04]), starts(with: [0x50, 0x4b, 0x05, 0x06]): self = .zip
    case starts(with: [0x1f, 0x8b]): self = .gzip
    case starts(with: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]): self = .xz
    case starts(with: [0x42, 0x5a, 0x68]): self = .bzip2
    case starts(with: [0x28, 0xb5, 0x2f, 0xfd]): self = .zstd
    case starts(with: Array("ustar".utf8), at: 257): self = .tar
    default: return nil
    }
  }
}
