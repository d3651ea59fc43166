package import BinaryImage
package import ScanFiles

/// The first bytes of a file: as many as every container and binary magic needs
/// (`ContainerMagic.prefixLength`), read once and judged by discovery and by a caller that
/// looks at a file before handing it to discovery.
package struct LeadingBytes: Sendable, Hashable {
  /// The bytes; fewer for a short file, none when the file cannot be read.
  package let bytes: [UInt8]

  /// Bytes read already (`FolderEntry.leadingBytes`).
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reads the leading bytes of the regular file at `path`.
  package init(of path: ScanPath, in fileSystem: any ScanFileSystem) {
    bytes = (try? fileSystem.contents(of: path, limit: ContainerMagic.prefixLength)).map { Array($0.bytes) } ?? []
  }

  /// The archive or compression format the bytes announce, `nil` when none.
  package var container: ContainerMagic? {
    ContainerMagic(bytes)
  }
}
