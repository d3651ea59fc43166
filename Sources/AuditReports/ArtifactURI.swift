import BinaryImage
import ScanFiles

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

  /// The bytes of `path` (a byte that is not UTF-8 as itself, see `PathBytes`) with every byte
  /// outside RFC 3986's unreserved set and `/` written as `%XX`, so any file name (spaces, `#`,
  /// `%`, `:`, non-ASCII or not UTF-8) yields a valid URI reference to exactly that file.
  static func percentEncoded(_ path: String) -> String {
    PercentEncoding.encoded(PathBytes.encode(path)) { PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "/") }
  }
}
