/// Turns a report path into a SARIF `artifactLocation`.
///
/// SARIF wants URIs: a relative path becomes a percent-encoded relative reference resolved
/// against the `SCANROOT` base (the directory the scan ran in), an absolute path a `file://` URI.
enum ArtifactURI {
  /// The `uriBaseId` of every relative location.
  static let scanRootBase = "SCANROOT"

  /// The `artifactLocation` object for `path`.
  static func location(of path: String) -> JSONValue {
    if path.hasPrefix("/") {
      return .object([("uri", .string("file://" + percentEncoded(path)))])
    }
    let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    return .object([("uri", .string(percentEncoded(relative))), ("uriBaseId", .string(scanRootBase))])
  }

  /// The `file://` URI of a directory, ending in `/` as SARIF requires of a base URI.
  static func directoryURI(_ absolutePath: String) -> String {
    "file://" + percentEncoded(absolutePath.hasSuffix("/") ? absolutePath : absolutePath + "/")
  }

  /// `path` with every byte outside RFC 3986's unreserved set and `/` written as `%XX`, so any
  /// file name (spaces, `#`, `%`, `:` or non-ASCII) yields a valid URI reference.
  static func percentEncoded(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      if isUnreservedOrSlash(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return encoded
  }

  private static func isUnreservedOrSlash(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
    default: false
    }
  }
}
