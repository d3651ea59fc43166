#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recognises the network hosts a string of a binary names: the hosts of the URLs in it, or the
/// whole string as a host. The rule is strict on purpose, so that random bytes, file names
/// (`Info.plist`, `libz.so`) and Objective-C names (`NSObject.load`) are not taken for hosts
/// (`Docs/REPORT-FORMATS.md`, "Hosts"):
///
/// - A host name is 2 to 127 labels joined by `.`, at most 253 bytes; each label 1 to 63 ASCII
///   letters, digits and `-`, not starting or ending with `-`; the last label is 2 to 24 letters.
///   One trailing `.` (the root) is dropped.
/// - A URL is `http`, `https`, `ws` or `wss` (any case, not preceded by a letter or digit), then
///   `://` (or `:\/\/`, as JSON escapes it), an optional `user[:password]@`, a host name, an
///   optional `:` and 1 to 5 digits, then the end of the string or of the URL: `/`, `\`, `?`,
///   `#`, a space or control byte, or a quote, `<`, `>`, `,` or `;`. A string may hold several.
///   IP addresses and single-label hosts (`localhost`) are not hosts here.
/// - A string without a URL is a host when it is, whole, `//` and a host name (then the end,
///   a port or a path), or a bare host name with an optional port: lowercase, ending in one of
///   `bareHostTopLevelDomains`, a short list without the ones that are also file extensions.
///
/// - A host is a place the code contacts: hosts named for another role are left out
///   (`isNamedForAnotherRole`): the protobuf type-URL prefix, App Store link patterns, help
///   pages and the reserved example domains.
///
/// Hosts are returned lowercased.
package enum HostName {
  /// Hosts a binary names for another role than contacting them: the protobuf `Any` type-URL
  /// prefix (`type.googleapis.com/`), the App Store's link patterns, and the example domains
  /// RFC 2606 reserves for documentation.
  package static let namedForAnotherRole: Set<String> = [
    "type.googleapis.com", "type.googleprod.com",
    "apps.apple.com", "itunes.apple.com", "books.apple.com", "music.apple.com", "maps.apple.com",
    "example.com", "example.net", "example.org", "www.example.com", "www.example.net", "www.example.org",
  ]

  /// `namedForAnotherRole` as bytes, so a host is looked up without a `String`.
  private static let namedForAnotherRoleBytes = ByteKeyTable<Void>(
    namedForAnotherRole.map { (key: Array($0.utf8), value: ()) })
  /// The first labels of help pages (`support.stripe.com`), with their dot.
  private static let helpPageLabels = ["support.", "help."].map { Array($0.utf8) }

  /// Whether `host` (lowercase bytes) is named for another role than being contacted: one of
  /// `namedForAnotherRole`, or a help page (`support.stripe.com`: a first label `support` or `help`).
  package static func isNamedForAnotherRole(_ host: UnsafeRawBufferPointer) -> Bool {
    namedForAnotherRoleBytes.contains(host) || helpPageLabels.contains { host.starts(with: $0) }
  }

  /// Top-level domains a bare host name may end in: generic and common country domains, leaving
  /// out those that read as file extensions or bundle suffixes (`so`, `sh`, `py`, `pl`, `md`,
  /// `rs`, `cc`, `mm`, `app`, `in`, `h`).
  package static let bareHostTopLevelDomains: Set<String> = [
    "com", "net", "org", "io", "co", "ai", "dev", "me", "tv", "info", "biz", "cloud", "edu", "gov", "eu", "us", "uk",
    "de", "fr", "jp", "cn", "kr", "ru", "br", "ca", "au", "es", "it", "nl",
  ]
  /// `bareHostTopLevelDomains` as bytes, so a label is looked up without a `String`.
  private static let bareHostTopLevelDomainBytes = ByteKeyTable<Void>(
    bareHostTopLevelDomains.map { (key: Array($0.utf8), value: ()) })

  /// Whether `label` is one of `bareHostTopLevelDomains` (compared byte for byte).
  package static func isBareHostTopLevelDomain(_ label: UnsafeRawBufferPointer) -> Bool {
    bareHostTopLevelDomainBytes.contains(label)
  }

  /// The URL schemes whose hosts are reported: the web's and WebSocket's.
  static let schemes: [[UInt8]] = ["http", "https", "ws", "wss"].map { Array($0.utf8) }

  /// The longest string looked at (a URL in a binary is rarely longer).
  package static let maximumLength = 2048
  /// The most strings a reader looks at in one image's string sections; the rest are not read.
  package static let maximumStringsPerImage = 500_000
  /// The most distinct hosts a reader keeps for one image; the rest are dropped.
  package static let maximumHostsPerImage = 200

  /// The first host `string` names by the rule above, lowercased, or `nil`.
  package static func host(in string: UnsafeRawBufferPointer) -> String? {
    var first: String?
    forEachHost(in: string) { host, _ in
      if first == nil { first = host }
    }
    return first
  }

  /// Calls `body` with each host `string` names by the rule above, lowercased, in order, and
  /// whether it is a bare host name (the whole string, not a URL's or `//`'s host).
  package static func forEachHost(in string: UnsafeRawBufferPointer, _ body: (String, _ isBare: Bool) -> Void) {
    forEachHostBytes(in: string) { host, isBare in body(String(decoding: host, as: UTF8.self), isBare) }
  }

  /// `forEachHost(in:_:)` with each host as its lowercase ASCII bytes, valid during the call: a
  /// caller that has seen the host before makes no `String` of it.
  package static func forEachHostBytes(
    in string: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, _ isBare: Bool) -> Void
  ) {
    forEachName(in: string) { host, isBare in
      if !isNamedForAnotherRole(host) { body(host, isBare) }
    }
  }

  /// Calls `body` with `host` (a host name: ASCII letters, digits, `-` and `.`) lowercased.
  private static func withLowercased(_ host: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
    withUnsafeTemporaryAllocation(byteCount: max(host.count, 1), alignment: 1) { buffer in
      guard let source = host.baseAddress, let target = buffer.baseAddress else { return body(host) }
      // Pointer loads and stores: the buffers' subscripts and `enumerated()` cost a call a byte.
      for index in 0..<host.count {
        let byte = source.load(fromByteOffset: index, as: UInt8.self)
        target.storeBytes(of: isLetter(byte) ? byte | 0x20 : byte, toByteOffset: index, as: UInt8.self)
      }
      body(UnsafeRawBufferPointer(start: target, count: host.count))
    }
  }

  private static func forEachName(
    in string: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, _ isBare: Bool) -> Void
  ) {
    guard string.count >= 4, string.count <= maximumLength else { return }
    var foundURL = false
    var index = 0
    while let separator = nextSchemeSeparator(in: string, from: index) {
      index = separator.upperBound
      guard hasScheme(string, before: separator.lowerBound) else { continue }
      foundURL = true
      let authorityEnd = string[index...].firstIndex(where: isURLEnd) ?? string.count
      var authority = UnsafeRawBufferPointer(rebasing: string[index..<authorityEnd])
      if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
        authority = UnsafeRawBufferPointer(rebasing: authority[(at + 1)...])
      }
      if let host = hostAndPort(authority) { withLowercased(host) { body($0, false) } }
      index = authorityEnd
    }
    guard !foundURL else { return }
    if string[0] == UInt8(ascii: "/"), string[1] == UInt8(ascii: "/") {
      let rest = UnsafeRawBufferPointer(rebasing: string[2...])
      let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      guard rest[(end ?? rest.count)...].allSatisfy({ $0 > 0x20 && $0 < 0x7f }),
        let host = hostAndPort(UnsafeRawBufferPointer(rebasing: rest[..<(end ?? rest.count)]))
      else { return }
      withLowercased(host) { body($0, false) }
      return
    }
    guard let host = hostAndPort(string), !host.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
      let dot = host.lastIndex(of: UInt8(ascii: ".")),
      isBareHostTopLevelDomain(UnsafeRawBufferPointer(rebasing: host[(dot + 1)...]))
    else { return }
    body(host, true)
  }

  /// The next `://` or `:\/\/` at or after `start`, as the range of those bytes.
  private static func nextSchemeSeparator(in string: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
    var index = start
    while index + 3 <= string.count {
      guard let colon = firstIndex(of: UInt8(ascii: ":"), in: string, from: index) else { return nil }
      let after = string[(colon + 1)...]
      if after.starts(with: "//".utf8) { return colon..<(colon + 3) }
      if after.starts(with: #"\/\/"#.utf8) { return colon..<(colon + 5) }
      index = colon + 1
    }
    return nil
  }

  /// Whether one of `schemes` (any case) ends at `end` and no letter or digit comes before it.
  private static func hasScheme(_ string: UnsafeRawBufferPointer, before end: Int) -> Bool {
    schemes.contains { scheme in
      guard end >= scheme.count else { return false }
      let start = end - scheme.count
      guard start == 0 || !(isLetter(string[start - 1]) || isDigit(string[start - 1])) else { return false }
      return zip(string[start..<end], scheme).allSatisfy { $0 | 0x20 == $1 }
    }
  }

  /// What ends a URL's authority (`user@host:port`).
  private static func isURLEnd(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte >= 0x7f || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
      || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"")
      || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
  }

  /// The host name of `host[.][:port]`, the trailing dot dropped; `nil` when it is not one.
  private static func hostAndPort(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    var host = bytes
    if let colon = firstIndex(of: UInt8(ascii: ":"), in: bytes) {
      let port = bytes[(colon + 1)...]
      guard (1...5).contains(port.count), port.allSatisfy(isDigit) else { return nil }
      host = UnsafeRawBufferPointer(rebasing: bytes[..<colon])
    }
    if host.last == UInt8(ascii: ".") { host = UnsafeRawBufferPointer(rebasing: host.dropLast()) }
    return isHostName(host) ? host : nil
  }

  /// Whether `bytes` is a host name by the rule above (any case), in one pass without allocating.
  private static func isHostName(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count <= 253 else { return false }
    var labels = 1
    var labelLength = 0
    var labelIsLetters = true
    var previous: UInt8 = UInt8(ascii: ".")
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
        guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
        labels += 1
        labelLength = 0
        labelIsLetters = true
      } else {
        let isLetter = isLetter(byte)
        guard isLetter || isDigit(byte) || byte == UInt8(ascii: "-") else { return false }
        guard labelLength > 0 || byte != UInt8(ascii: "-") else { return false }
        labelLength += 1
        labelIsLetters = labelIsLetters && isLetter
        guard labelLength <= 63 else { return false }
      }
      previous = byte
    }
    return labels >= 2 && labels <= 127 && previous != UInt8(ascii: "-") && (2...24).contains(labelLength)
      && labelIsLetters
  }

  /// The index of the first `byte` at or after `start` in `bytes` (`memchr`: the generic
  /// `firstIndex(of:)` costs a call per byte).
  private static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
