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
    let found = head.withUnsafeBufferPointer { head in
      Self.signatures.first { signature in
        head.count >= signature.offset + signature.bytes.count
          && signature.bytes.indices.allSatisfy { head[signature.offset + $0] == signature.bytes[$0] }
      }
    }
    guard let found else { return nil }
    self = found.container
  }

  /// Each container's magic and where it starts, in the order they are tried: built once, not
  /// per file discovery looks at.
  private static let signatures: [(container: ContainerMagic, bytes: [UInt8], offset: Int)] = [
    (.zip, [0x50, 0x4b, 0x03, 0x04], 0), (.zip, [0x50, 0x4b, 0x05, 0x06], 0), (.gzip, [0x1f, 0x8b], 0),
    (.xz, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 0), (.bzip2, [0x42, 0x5a, 0x68], 0),
    (.zstd, [0x28, 0xb5, 0x2f, 0xfd], 0), (.tar, Array("ustar".utf8), 257),
  ]
}
