/// A host a target's binary names in its strings (`Image.hosts`).
public struct HostUse: Sendable, Hashable {
  /// The host, lowercase.
  public package(set) var host: String
  /// The binary it was found in, as found under the scanned root.
  public package(set) var binary: String

  /// Creates a host use.
  package init(host: String, binary: String) {
    self.host = host
    self.binary = binary
  }
}
