import TargetDiscovery

extension TargetReport {
  /// The xcframework library folder (its `LibraryIdentifier`, `ios-arm64`) that holds the binary
  /// at `binaryPath`; `nil` when the target is no xcframework or the binary is not under it.
  /// A slice carries its own copy of the SDK's files, so its own manifest.
  package func slice(ofBinary binaryPath: String) -> String? {
    TargetProfile.slice(ofBinary: binaryPath, targetPath: path, kind: kind.rawValue)
  }

  /// Every slice of an xcframework that holds a binary, sorted; empty for other kinds.
  package var slices: [String] { Set(binaries.compactMap { slice(ofBinary: $0.path) }).sorted() }

  /// The slices of an xcframework holding a binary that could not be read (or is listed but
  /// missing), sorted: what they use is unknown, never "none".
  package var slicesNotRead: [String] {
    Set(binaries.filter { !$0.format.wasRead }.compactMap { slice(ofBinary: $0.path) }).sorted()
  }
}
