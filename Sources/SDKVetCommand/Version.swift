import CBuildInfo

/// The version sdkvet reports in `--version` and in machine-readable outputs.
public enum SDKVetVersion {
  /// The release version.
  public static let current = "0.1.0"

  /// The commit the binary was built from (`make` embeds it; `Sources/CBuildInfo`), or `nil`
  /// when the build was not told one: a plain `swift build`, a tree without git metadata.
  public static var commit: String? {
    let embedded = String(cString: sdkvet_build_commit())
    return embedded.isEmpty ? nil : embedded
  }

  /// What `sdkvet --version` prints: `sdkvet 0.1.0 (commit 1588a54f0e1b)`, or
  /// `sdkvet 0.1.0 (commit unknown)`.
  static var line: String { "sdkvet \(current) (commit \(commit ?? "unknown"))" }
}
