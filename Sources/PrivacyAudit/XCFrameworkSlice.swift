import TargetDiscovery

extension TargetReport {
  /// The xcframework library folder (its `LibraryIdentifier`, `ios-arm64`) that holds the binary
  /// at `binaryPath`; `nil` when the target is no xcframework or the binary is not under it.
  /// A slice carries its own copy of the SDK's files, so its own manifest.
  public func slice(ofBinary binaryPath: String) -> String? {
    guard kind == .xcframework, binaryPath.hasPrefix(path + "/"),
      let folder = binaryPath.dropFirst(path.count + 1).split(separator: "/").first
    else { return nil }
    return String(folder)
  }

  /// Every slice of an xcframework that holds a binary, sorted; empty for other kinds.
  public var slices: [String] { Set(binaries.compactMap { slice(ofBinary: $0.path) }).sorted() }
}
