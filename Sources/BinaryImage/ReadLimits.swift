/// The largest files sdkvet reads, in one place: a hostile input must not exhaust memory, and
/// every reader of the same kind of file must give the same answer.
package enum ReadLimits {
  /// Manifests, `Info.plist` and strings files: no real one comes near 8 MiB.
  package static let documentBytes = 8 << 20
  /// Binaries: the largest real app binaries are a few hundred MiB.
  package static let binaryBytes = 4 << 30
  /// A `--catalog` file: the built-in catalog is about 100 KiB; an overlay has no reason to come
  /// near 64 MiB.
  package static let catalogBytes = 64 << 20
  /// A saved JSON report (`--baseline`, `diff`): one of 500 targets is a few MiB, one of 8,000
  /// about 24 MiB. Read one target at a time on every core, a report this size takes about 1.5 s
  /// and 100 MB to diff with itself; past it the file is refused with one line.
  package static let reportBytes = 24 << 20
  /// A `--policy` file: a team's policy is a few KiB.
  package static let policyBytes = 8 << 20

  /// "8 MiB", "4 GiB", "388 KiB": a limit or a size as messages state it, rounded down to a
  /// whole MiB from 1 MiB up (GiB when whole), to KiB below that, in bytes below 1 KiB: an
  /// archive of a few hundred KiB is never "0 MiB".
  package static func describe(_ bytes: Int) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
    if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
    return bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
  }
}
