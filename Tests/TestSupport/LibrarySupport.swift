import ArchiveFileSystem
import ELFSymbols
public import Testing

/// Whether this build reads ELF: false on macOS built without the `LibELF` trait, where tests of
/// ELF inputs are skipped rather than failed.
public enum ELFSupport {
  /// Whether the ELF reader is compiled in.
  public static var isAvailable: Bool { ELFReader.isAvailable }

  /// The reason shown when an ELF test is skipped.
  public static let skipReason: Comment = "this sdkvet was built without libelf (see README)"
}

/// Whether this build reads archives: false on macOS built without the `LibArchive` trait, where
/// tests of archive inputs are skipped rather than failed.
public enum ArchiveSupport {
  /// Whether libarchive is compiled in.
  public static var isAvailable: Bool { ArchiveMountingFileSystem.isAvailable }

  /// The reason shown when an archive test is skipped.
  public static let skipReason: Comment = "this sdkvet was built without libarchive (see README)"
}
