package import BinaryImage
package import ScanFiles

/// An archive (`.zip`, `.ipa`, `.aar`, `.tar.gz`, …) opened as a folder of a `ScanFileSystem`:
/// its entries appear under `root`, the path whose last segment is the archive's inside
/// (`ARCHIVE!/ENTRY` in reports).
package struct MountedArchive: Sendable, Hashable {
  /// The archive file, as found under the scanned root.
  package var path: ScanPath
  /// The folder its entries appear under: `path.archiveRoot`.
  package var root: ScanPath
  /// The format and compression, as libarchive names them ("ZIP 2.0 (deflation)", "GNU tar format, gzip").
  package var format: String
  /// The SHA-256 of the archive's bytes, lowercase hex: what SwiftPM's `binaryTarget(url:checksum:)`
  /// records, so a report can be checked against a `Package.swift`.
  package var sha256: String
  /// How many entries the archive holds (up to where sdkvet stopped reading it).
  package var entryCount: Int
  /// Entries not made available, each with why: names leaving the archive, encrypted data,
  /// decompression bombs, devices.
  package var skipped: [DiscoveryProblem]
  /// Names stored more than once (or under names extractors fold into one), each with where its
  /// other copies are read: every copy is read, and each name is an `archive-entry-ambiguous`
  /// finding of the targets it lies in.
  package var ambiguous: [DiscoveryProblem]

  /// Creates a mounted archive.
  package init(
    path: ScanPath, root: ScanPath, format: String, sha256: String, entryCount: Int, skipped: [DiscoveryProblem],
    ambiguous: [DiscoveryProblem] = []
  ) {
    self.path = path
    self.root = root
    self.format = format
    self.sha256 = sha256
    self.entryCount = entryCount
    self.skipped = skipped
    self.ambiguous = ambiguous
  }
}

/// A file system that opens archives as folders (`ArchiveMountingFileSystem`): discovery opens
/// each archive it meets through it; on any other file system an archive is reported unreadable.
package protocol ArchiveMounting: ScanFileSystem {
  /// Opens the archive file at `path` as the folder `path.archiveRoot`, or says why it cannot be
  /// opened. Discovery calls this for a file whose first bytes announce an archive.
  func mountArchive(at path: ScanPath) -> Result<MountedArchive, BinaryError>
}
