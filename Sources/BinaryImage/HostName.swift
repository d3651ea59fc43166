/// Recognises a whole string of a binary as a network host: a URL `http(s)://host[:port][rest]`
/// or a bare host name with a known top-level domain. The rule is strict on purpose, so that
/// random bytes, file names (`Info.plist`, `libz.so`) and Objective-C names (`NSObject.load`)
/// are not taken for hosts (`Docs/REPORT-FORMATS.md`, "Hosts"):
///
/// - A host name is 2 to 127 labels joined by `.`, at most 253 bytes; each label 1 to 63 ASCII
///   letters, digits and `-`, not starting or ending with `-`; the last label is 2 to 24 letters.
/// - A URL is `http://` or `https://` (any case), a host name, an optional `:` and 1 to 5 digits,
///   then nothing or `/`, `?` or `#` followed by visible ASCII only (no space, no control byte).
///   IP addresses and single-label hosts (`localhost`) are not hosts here.
/// - A bare host name (the whole string, nothing around it) must be lowercase and end in one of
///   `bareHostTopLevelDomains`, a short list without the ones that are also file extensions.
///
/// The host is returned lowercased.
public enum HostName {
  /// Top-level domains a bare host name may end in: generic and common country domains, leaving
  /// out those that read as file extensions or bundle suffixes (`so`, `sh`, `py`, `pl`, `md`,
  /// `rs`, `cc`, `mm`, `app`, `in`, `h`).
  public static let bareHostTopLevelDomains: Set<String> = [
    "com", "net", "org", "io", "co", "ai", "dev", "me", "tv", "info", "biz", "cloud", "edu", "gov", "eu", "us", "uk",
    "de", "fr", "jp", "cn", "kr", "ru", "br", "ca", "au", "es", "it", "nl",
  ]

  /// The longest string looked at (a URL in a binary is rarely longer).
  public static let maximumLength = 2048
  /// The most strings a reader looks at in one image's string sections; the rest are not read.
  public static let maximumStringsPerImage = 500_000
  /// The most distinct hosts a reader keeps for one image; the rest are dropped.
  public static let maximumHostsPerImage = 200

  /// The host `string` names, lowercased, or `nil` when the whole string is neither a URL nor a
  /// bare host name by the rule above.
  public static func host(in string: UnsafeRawBufferPointer) -> String? {
    guard string.count >= 4, string.count <= maximumLength else { return nil }
    if let rest = afterScheme(string) {
      var end = 0
      while end < rest.count, !isHostEnd(rest[end]) { end += 1 }
      let host = UnsafeRawBufferPointer(rebasing: rest[..<end])
      guard isHostName(host), isValidURLTail(UnsafeRawBufferPointer(rebasing: rest[end...])) else { return nil }
      return String(decoding: host, as: UTF8.self).lowercased()
    }
    guard isHostName(string), !string.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
      let dot = string.lastIndex(of: UInt8(ascii: ".")),
      bareHostTopLevelDomains.contains(String(decoding: string[(dot + 1)...], as: UTF8.self))
    else { return nil }
    return String(decoding: string, as: UTF8.self)
  }

  /// The bytes after `http://` or `https://` (case-insensitive), or `nil` without one.
  private static func afterScheme(_ string: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    guard string[0] | 0x20 == UInt8(ascii: "h") else { return nil }
    for scheme in ["https://", "http://"] where string.count > scheme.utf8.count {
      let matches = zip(string, scheme.utf8).allSatisfy { byte, expected in byte | 0x20 == expected | 0x20 }
      if matches { return UnsafeRawBufferPointer(rebasing: string[scheme.utf8.count...]) }
    }
    return nil
  }

  /// Whether `tail` (after the host) is empty, or a port then empty or a path, or a path: a path
  /// being `/`, `?` or `#` and visible ASCII.
  private static func isValidURLTail(_ tail: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    if index < tail.count, tail[index] == UInt8(ascii: ":") {
      index += 1
      let digitsStart = index
      while index < tail.count, isDigit(tail[index]) { index += 1 }
      guard (1...5).contains(index - digitsStart) else { return false }
    }
    guard index < tail.count else { return true }
    guard isHostEnd(tail[index]), tail[index] != UInt8(ascii: ":") else { return false }
    return tail[index...].allSatisfy { $0 > 0x20 && $0 < 0x7f }
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

  /// `:`, `/`, `?` or `#`: what may follow a URL's host.
  private static func isHostEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
