import Foundation

/// What every XML document is checked for before libxml2 sees its bytes (property lists and
/// Android manifests alike).
///
/// swift-corelibs-foundation always asks libxml2 to substitute entities, so entity declarations
/// (`<!ENTITY`, the "billion laughs") are refused; a NUL byte is refused, since it would let
/// libxml2 switch to UTF-16 or UCS-4 and hide a declaration from that check; an encoding other
/// than UTF-8 is refused for the same reason (both formats are written in UTF-8).
enum XMLInputGuard {
  /// Throws when `data` declares entities, holds a NUL byte or declares an encoding other than
  /// UTF-8. `documents` names the format in the message ("property lists").
  static func refuseUnsafeInput(_ data: Data, documents: String) throws(PropertyListSyntaxError) {
    if data.contains(0) {
      throw PropertyListSyntaxError(reason: "the XML holds a NUL byte")
    }
    if data.range(of: Data("<!ENTITY".utf8)) != nil {
      throw PropertyListSyntaxError(reason: "the XML declares entities, which \(documents) do not use")
    }
    if let encoding = declaredEncoding(data), !["utf-8", "utf8"].contains(encoding.lowercased()) {
      throw PropertyListSyntaxError(reason: "the XML is in \(encoding.prefix(40)), not UTF-8")
    }
  }

  /// The `encoding` of the XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), when it names one.
  private static func declaredEncoding(_ data: Data) -> String? {
    guard let start = data.range(of: Data("<?xml".utf8)),
      let end = data.range(of: Data("?>".utf8), in: start.upperBound..<data.endIndex)
    else { return nil }
    let declaration = String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self)
    guard let name = declaration.range(of: "encoding") else { return nil }
    let value = declaration[name.upperBound...].drop { $0 == "=" || $0.isWhitespace }
    guard let quote = value.first, quote == "\"" || quote == "'" else { return "" }
    return String(value.dropFirst().prefix { $0 != quote })
  }
}
