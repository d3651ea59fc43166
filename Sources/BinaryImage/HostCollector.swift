#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects an image's hosts (`Image.hosts`) from its string sections, within the caps:
/// at most `HostName.maximumStringsPerImage` strings looked at and
/// `HostName.maximumHostsPerImage` distinct hosts kept. Each reader feeds it its sections.
///
/// Every host has a dot, so a string section is searched for dots and only the strings that
/// hold one are looked at; the strings between are counted against the cap by their NULs,
/// without being split apart. The hosts found are those of looking at every string in order.
package struct HostCollector {
  /// The hosts found so far, each once, in the order found.
  package private(set) var hosts: [String] = []
  private var seen = Set<String>()
  private var budget = HostName.maximumStringsPerImage

  /// Creates an empty collector.
  package init() {}

  /// Looks at one whole string; `false` once either cap is reached.
  @discardableResult
  package mutating func consider(_ string: UnsafeRawBufferPointer) -> Bool {
    guard budget > 0, hosts.count < HostName.maximumHostsPerImage else { return false }
    budget -= 1
    HostName.forEachHost(in: string) { host in
      if hosts.count < HostName.maximumHostsPerImage, seen.insert(host).inserted { hosts.append(host) }
    }
    return true
  }

  /// Looks at each NUL-terminated string of `section` (a string after the last NUL is not
  /// terminated and is skipped), in order, until a cap is reached.
  package mutating func considerStrings(in section: UnsafeRawBufferPointer) {
    guard let base = section.baseAddress else { return }
    var next = 0  // where the strings not yet counted start
    while next < section.count, let dot = memchr(base + next, Int32(UInt8(ascii: ".")), section.count - next) {
      let dotOffset = base.distance(to: UnsafeRawPointer(dot))
      guard let nul = memchr(dot, 0, section.count - dotOffset) else { return }
      var start = dotOffset  // back to the NUL before the dot: each byte is stepped over once
      while start > next, section[start - 1] != 0 { start -= 1 }
      guard passOver(Self.nulCount(in: UnsafeRawBufferPointer(rebasing: section[next..<start]))) else { return }
      let end = base.distance(to: UnsafeRawPointer(nul))
      guard consider(UnsafeRawBufferPointer(rebasing: section[start..<end])) else { return }
      next = end + 1
    }
  }

  /// Counts `count` strings without a dot (no host) against the cap; `false` once it is reached.
  private mutating func passOver(_ count: Int) -> Bool {
    guard count < budget else { return false }
    budget -= count
    return true
  }

  /// The number of NULs in `bytes`: the strings that end there. Eight bytes at a time: in
  /// `~(((word & 0x7f…) + 0x7f…) | word | 0x7f…)` exactly the top bit of each zero byte is set.
  private static func nulCount(in bytes: UnsafeRawBufferPointer) -> Int {
    let low: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
    var count = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      count += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
      offset += 8
    }
    for byte in UnsafeRawBufferPointer(rebasing: bytes[offset...]) where byte == 0 { count += 1 }
    return count
  }
}
