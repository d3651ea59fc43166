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
///
/// A dotted key is no host: a bare two-label name (`ddl.net`) whose first label starts another
/// dotted string of the image that ends in no top-level domain (`ddl.status`, `ddl.retries`)
/// is a metric or settings key that happens to read as a host, and is left out.
package struct HostCollector {
  /// The hosts found so far, each once, in the order found, without the dotted keys.
  package var hosts: [String] {
    found.filter { host in
      guard bareTwoLabelHosts.contains(host), let dot = host.utf8.firstIndex(of: UInt8(ascii: ".")) else {
        return true
      }
      return !Array(host.utf8[..<dot]).withUnsafeBytes { keyLabels.contains($0) }
    }
  }
  private var found: [String] = []
  /// The hosts found, as bytes: a host met again makes no `String`.
  private var seen = ByteKeyTable<Void>()
  /// The bare host names of two labels found (`ddl.net`), which may be keys.
  private var bareTwoLabelHosts = Set<String>()
  /// The first labels of dotted keys (`ddl` of `ddl.status`), at most `maximumKeyLabels`, as
  /// bytes: an image has thousands of such strings, and none needs a `String`.
  private var keyLabels = ByteKeyTable<Void>()
  private var budget = HostName.maximumStringsPerImage

  /// The most key labels kept per image; keys past it are not told from hosts.
  static let maximumKeyLabels = 10_000
  /// The longest string looked at as a dotted key.
  static let maximumKeyLength = 64

  /// Creates an empty collector.
  package init() {}

  /// Looks at one whole string; `false` once either cap is reached.
  @discardableResult
  package mutating func consider(_ string: UnsafeRawBufferPointer) -> Bool {
    guard budget > 0, found.count < HostName.maximumHostsPerImage else { return false }
    budget -= 1
    var named = false
    HostName.forEachHostBytes(in: string) { host, isBare in
      named = true
      guard found.count < HostName.maximumHostsPerImage, seen.insert(host) else { return }
      let text = String(decoding: host, as: UTF8.self)
      found.append(text)
      if isBare && host.count(where: { $0 == UInt8(ascii: ".") }) == 1 { bareTwoLabelHosts.insert(text) }
    }
    if !named, keyLabels.count < Self.maximumKeyLabels, let label = Self.keyLabel(of: string) {
      keyLabels.insert(label)
    }
    return true
  }

  /// The first label of a dotted key (`ddl` of `ddl.status`): a string of at most
  /// `maximumKeyLength` lowercase letters, digits, `_` and `.`, starting with a letter, whose last
  /// label is no top-level domain a bare host may end in; `nil` for any other string.
  private static func keyLabel(of string: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    guard string.count <= maximumKeyLength, let first = string.first, (0x61...0x7a).contains(first),
      let firstDot = string.firstIndex(of: UInt8(ascii: ".")), let lastDot = string.lastIndex(of: UInt8(ascii: ".")),
      lastDot + 1 < string.count,
      string.allSatisfy({ (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5f || $0 == 0x2e }),
      !HostName.isBareHostTopLevelDomain(UnsafeRawBufferPointer(rebasing: string[(lastDot + 1)...]))
    else { return nil }
    return UnsafeRawBufferPointer(rebasing: string[..<firstDot])
  }

  /// Looks at each NUL-terminated string of `section` (a string after the last NUL is not
  /// terminated and is skipped), in order, until a cap is reached.
  package mutating func considerStrings(in section: UnsafeRawBufferPointer) {
    guard let base = section.baseAddress else { return }
    var next = 0  // where the strings not yet counted start
    while next < section.count, let dot = memchr(base + next, Int32(UInt8(ascii: ".")), section.count - next) {
      let dotOffset = base.distance(to: UnsafeRawPointer(dot))
      guard let nul = memchr(dot, 0, section.count - dotOffset) else { return }
      // The dot's string starts after the last NUL before it; the strings before it are counted.
      let (passed, after) = Self.nuls(in: UnsafeRawBufferPointer(rebasing: section[next..<dotOffset]))
      guard passOver(passed) else { return }
      let end = base.distance(to: UnsafeRawPointer(nul))
      guard consider(UnsafeRawBufferPointer(rebasing: section[(next + after)..<end])) else { return }
      next = end + 1
    }
  }

  /// Counts `count` strings without a dot (no host) against the cap; `false` once it is reached.
  private mutating func passOver(_ count: Int) -> Bool {
    guard count < budget else { return false }
    budget -= count
    return true
  }

  /// The number of NULs in `bytes` (the strings that end there) and the index after the last
  /// one (0 when there is none). Eight bytes at a time: in `~(((word & 0x7f…) + 0x7f…) | word |
  /// 0x7f…)` exactly the top bit of each zero byte is set, and the highest one marks the last NUL.
  private static func nuls(in bytes: UnsafeRawBufferPointer) -> (count: Int, after: Int) {
    let low: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
    var count = 0
    var after = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let zeros = ~(((word & low) &+ low) | word | low)
      if zeros != 0 {
        count += zeros.nonzeroBitCount
        after = offset + (63 - zeros.leadingZeroBitCount) / 8 + 1
      }
      offset += 8
    }
    for index in offset..<bytes.count where bytes[index] == 0 {
      count += 1
      after = index + 1
    }
    return (count, after)
  }

}
