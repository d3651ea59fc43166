/// `%XX` encoding of the bytes a URI (a SARIF artifact location, a Markdown link) may not hold raw.
enum PercentEncoding {
  /// `bytes` as text, every byte for which `isKept` is false written as `%XX`.
  static func encoded(_ bytes: some Sequence<UInt8>, keeping isKept: (UInt8) -> Bool) -> String {
    var encoded = ""
    for byte in bytes {
      if isKept(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return encoded
  }

  /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }
}
