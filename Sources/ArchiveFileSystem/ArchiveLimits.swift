import BinaryImage

/// How much of an archive sdkvet reads: a hostile archive (a decompression bomb, a million
/// entries, an entry claiming gigabytes) costs a bounded time and memory, and says which bound
/// it met. `Docs/SECURITY.md` lists each with the test that holds it.
package enum ArchiveLimits {
  /// Entries indexed per archive; an app has thousands, no SDK a hundred thousand.
  package static let entries = 100_000
  /// The longest entry name read; a longer one is skipped.
  package static let nameBytes = 4096
  /// The largest entry read into memory (a binary or document inside an archive).
  package static let entryBytes = 1 << 30
  /// The most bytes decompressed from one archive while indexing it (a tar's whole stream).
  package static let expandedBytes = 8 << 30
  /// Expansion beyond which data is a decompression bomb: real binaries deflate 2–5 times, a
  /// bomb of zeros a thousand.
  package static let expansionRatio = 200
  /// Data expanded before the ratio is judged, so that small, very compressible files pass.
  package static let ratioGrace = 16 << 20
  /// The leading bytes of every entry kept from the index pass, enough to recognise a binary or
  /// an archive (`ContainerMagic.prefixLength`) without decompressing the entry again.
  package static let prefixBytes = ContainerMagic.prefixLength
  /// Files up to this size are kept whole from the index pass (manifests, plists, small objects).
  package static let keptEntryBytes = 256 << 10
  /// The most bytes of small files kept whole per archive.
  package static let keptBytes = 64 << 20
  /// The most bytes decompressed again by reads of entries not kept, per archive; past it, or
  /// past `readRatio` times the archive's size, entries are refused.
  package static let readBytes = 2 << 30
  /// How many times its own size an archive's entries may expand to, summed over the reads of
  /// entries not kept (past `ratioGrace`): a quarter of the single-entry bomb ratio, since real
  /// binaries deflate 2–5 times and many entries of zeros are a bomb spread thin.
  package static let readRatio = 50
  /// An archive inside an archive is opened; one inside that is not.
  package static let nestingDepth = 2

  /// Whether `expanded` bytes from `compressed` ones is a bomb by the ratio rule.
  static func isBomb(expanded: Int, compressed: Int) -> Bool {
    expanded > ratioGrace && expanded / max(1, compressed) > expansionRatio
  }
}
