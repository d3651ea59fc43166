import BinaryImage

/// Reads `Image.hosts`: the hosts named by whole strings (`HostName`) of the image's
/// `NSString` literals (`__cfstring`, `CFStrings`) and `__cstring` section, each once. At most
/// `HostName.maximumStringsPerImage` strings are looked at and `HostName.maximumHostsPerImage`
/// hosts kept.
enum HostStrings {
  /// Adds the hosts of the image's strings to `image`.
  /// - Throws: when a string section lies outside the image.
  static func read(_ context: ObjCSelectorReferences.Context, into image: inout Image) throws(BinaryError) {
    var collector = Collector()
    try CFStrings.forEach(context) { string, _ in collector.consider(string) }
    if let section = context.segments.section(named: "__cstring") {
      let strings = try context.image.slice(at: section.fileOffset, count: section.size, "Mach-O __cstring section")
      var start = 0
      for (index, byte) in strings.bytes.enumerated() where byte == 0 {
        defer { start = index + 1 }
        guard collector.consider(UnsafeRawBufferPointer(rebasing: strings.bytes[start..<index])) else { break }
      }
    }
    image.hosts = collector.hosts
  }

  /// The hosts found so far, and how many more strings may be looked at.
  private struct Collector {
    var hosts: [String] = []
    var seen = Set<String>()
    var budget = HostName.maximumStringsPerImage

    /// Looks at one string; `false` once either cap is reached.
    @discardableResult
    mutating func consider(_ string: UnsafeRawBufferPointer) -> Bool {
      guard budget > 0, hosts.count < HostName.maximumHostsPerImage else { return false }
      budget -= 1
      if let host = HostName.host(in: string), seen.insert(host).inserted { hosts.append(host) }
      return true
    }
  }
}
