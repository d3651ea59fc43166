/// The version sdkvet reports in `--version` and in machine-readable outputs.
public enum SDKVetVersion {
  /// The release version.
  public static let current = "0.1.0"
}
