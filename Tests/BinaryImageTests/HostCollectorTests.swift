import BinaryImage
import Testing

/// `HostCollector`: the hosts of a string section, found from its dots, within the caps.
@Suite struct HostCollectorTests {
  private func hosts(in section: [UInt8]) -> [String] {
    var collector = HostCollector()
    section.withUnsafeBytes { collector.considerStrings(in: $0) }
    return collector.hosts
  }

  @Test func findsTheHostsOfEveryStringThatHoldsADot() {
    let section = Array("x\0https://API.example.com/v1\0\0no dot here\0tracker.io\0Info.plist\0tail.com".utf8)
    #expect(hosts(in: section) == ["api.example.com", "tracker.io"], "the unterminated tail is not a string")
    #expect(hosts(in: Array("ads.example.net\0".utf8)) == ["ads.example.net"], "a host at the section's start")
    #expect(hosts(in: Array("...\0.com\0a.com\0".utf8)) == ["a.com"])
    #expect(hosts(in: []).isEmpty)
  }

  /// A bare two-label name whose first label starts a dotted key of the same image (AppsFlyerLib's
  /// `ddl.net` beside `ddl.status`) is a key, not a host; a URL's host or a longer name stays.
  @Test func dottedKeysThatReadAsHostsAreLeftOut() {
    let section = Array(
      "ddl.net\0ddl.status\0gcd.retries\0gcd.net\0api.net\0https://ddl.org/x\0cdn.ddl.com\0api.example.com\0".utf8)
    #expect(hosts(in: section) == ["api.net", "ddl.org", "cdn.ddl.com", "api.example.com"])
    #expect(hosts(in: Array("ddl.net\0ddl.com\0".utf8)) == ["ddl.net", "ddl.com"], "a host's TLD makes no key")
  }

  /// The strings between dots are counted eight bytes at a time: every byte value, NUL or not,
  /// at every position of a word, must count as what it is.
  @Test func theStringsBetweenDotsCountExactly() {
    let cap = HostName.maximumStringsPerImage
    for shift in 0..<8 {
      // Bytes 0x01...0xff with no NUL or dot, then NULs: cap - 1 strings before the two hosts.
      let noise = (1...255).map(UInt8.init).filter { $0 != UInt8(ascii: ".") }
      var strings = [UInt8](repeating: UInt8(ascii: "a"), count: shift)
      for index in 0..<(cap - 1) { strings += [noise[index % noise.count], 0x80 | UInt8(index % 64), 0] }
      #expect(hosts(in: strings + Array("x.com\0y.com\0".utf8)) == ["x.com"], "shift \(shift)")
    }
  }

  /// Strings without a dot are passed over, not looked at, but they count against the cap as
  /// if they had been: the hosts found are those of looking at every string in order.
  @Test func everyStringCountsAgainstTheCap() {
    let cap = HostName.maximumStringsPerImage
    for filler in ["ab", "a.b", ""] {
      let strings = Array(repeating: Array((filler + "\0").utf8), count: cap - 1).flatMap { $0 }
      #expect(hosts(in: strings + Array("x.com\0y.com\0".utf8)) == ["x.com"], "\(filler): the last string looked at")
    }
  }
}
