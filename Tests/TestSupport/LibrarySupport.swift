import ArchiveFileSystem
import ELFSymbols
package import Testing

/// Whether this build reads ELF: false on macOS built without the `LibELF` trait, where tests of
/// ELF inputs are skipped rather than failed.
package enum ELFSupport {
  /// Whether the ELF reader is compiled in.
  package static var isAvailable: Bool { ELFReader.isAvailable }

  /// The reason shown when an ELF test is skipped.
  package static let skipReason: Comment = "this sdkvet was built without libelf (see README)"
}

/// Whether this build reads archives: false on macOS built without the `LibArchive` trait, where
/// tests of archive inputs are skipped rather than failed.
package enum ArchiveSupport {
  /// Whether libarchive is compiled in.
  package static var isAvailable: Bool { ArchiveMountingFileSystem.isAvailable }

  /// The reason shown when an archive test is skipped.
  package static let skipReason: Comment = "this sdkvet was built without libarchive (see README)"
}
