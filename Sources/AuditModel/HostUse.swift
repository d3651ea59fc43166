public import ScanFiles

/// A host a target's binary names in its strings (`Image.hosts`).
public struct HostUse: Sendable, Hashable {
  /// The host, lowercase.
  public let host: String
  /// The binary it was found in, as found under the scanned root.
  public let binary: ScanPath

  /// Creates a host use.
  package init(host: String, binary: ScanPath) {
    self.host = host
    self.binary = binary
  }
}
