/// Collects an image's hosts (`Image.hosts`) from its string sections, within the caps:
/// at most `HostName.maximumStringsPerImage` strings looked at and
/// `HostName.maximumHostsPerImage` distinct hosts kept. Each reader feeds it its sections.
public struct HostCollector {
  /// The hosts found so far, each once, in the order found.
  public private(set) var hosts: [String] = []
  private var seen = Set<String>()
  private var budget = HostName.maximumStringsPerImage

  /// Creates an empty collector.
  public init() {}

  /// Looks at one whole string; `false` once either cap is reached.
  @discardableResult
  public mutating func consider(_ string: UnsafeRawBufferPointer) -> Bool {
    guard budget > 0, hosts.count < HostName.maximumHostsPerImage else { return false }
    budget -= 1
    if let host = HostName.host(in: string), seen.insert(host).inserted { hosts.append(host) }
    return true
  }

  /// Looks at each NUL-terminated string of `section` (a string after the last NUL is not
  /// terminated and is skipped), until a cap is reached.
  public mutating func considerStrings(in section: UnsafeRawBufferPointer) {
    ByteReader.forEachCString(in: section) { string, _ in consider(string) }
  }
}
