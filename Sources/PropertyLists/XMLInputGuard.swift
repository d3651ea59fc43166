import Foundation

/// What every XML document is checked for before libxml2 sees its bytes (property lists and
/// Android manifests alike).
///
/// swift-corelibs-foundation always asks libxml2 to substitute entities, so entity declarations
/// (`<!ENTITY`, the "billion laughs") are refused; these checks read ASCII bytes, so the document
/// must be one libxml2 decodes as UTF-8. libxml2 picks the encoding from the first four bytes
/// before any declaration is read (`xmlDetectCharEncoding`): a UTF-16 or UCS-4 byte-order mark or
/// `<?` in those encodings (all holding NUL bytes for `<`), or `4C 6F A7 94`, `<?xm` in EBCDIC,
/// whose declaration then names the code page; so a NUL byte and those first bytes are refused,
/// and so is a declared encoding other than UTF-8 (both formats are written in UTF-8). libxml2 2.9
/// checks each attribute of a start tag against every earlier one, so a tag with hundreds of
/// thousands of attributes costs minutes: a tag holding more than `maximumAttributes` is refused.
enum XMLInputGuard {
  /// The most attributes one tag may hold (real plists and manifests have fewer than ten a tag):
  /// the quadratic check then costs at most about a second over a whole 8 MiB document.
  static let maximumAttributes = 1_000

  /// `<?xm` in EBCDIC: the first bytes from which libxml2 decodes a document as EBCDIC.
  private static let ebcdicDeclarationStart: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94]

  /// Throws when `data` declares entities, holds a NUL byte, starts as libxml2 reads as EBCDIC
  /// or declares an encoding other than UTF-8. `documents` names the format in the message ("property lists").
  static func refuseUnsafeInput(_ data: Data, documents: String) throws(PropertyListSyntaxError) {
    let (holdsNUL, declaresEntities) = data.withUnsafeBytes { bytes in
      (bytes.contains(0), contains(Self.entityDeclaration, in: bytes))
    }
    if holdsNUL {
      throw PropertyListSyntaxError(reason: "the XML holds a NUL byte")
    }
    if data.starts(with: ebcdicDeclarationStart) {
      throw PropertyListSyntaxError(reason: "the XML is in EBCDIC (it starts 4C 6F A7 94, '<?xm' in EBCDIC), not UTF-8")
    }
    if declaresEntities {
      throw PropertyListSyntaxError(reason: "the XML declares entities, which \(documents) do not use")
    }
    if let encoding = declaredEncoding(data), !["utf-8", "utf8"].contains(encoding.lowercased()) {
      throw PropertyListSyntaxError(reason: "the XML is in \(encoding.prefix(40)), not UTF-8")
    }
    if mostAttributesInOneTag(data) > maximumAttributes {
      throw PropertyListSyntaxError(reason: "a tag holds more than \(maximumAttributes) attributes")
    }
  }

  private static let entityDeclaration = Array("<!ENTITY".utf8)

  /// Whether `bytes` hold `pattern` (which starts with `<`), read in one pass over the buffer:
  /// a `Data` searched through its own methods costs a call per byte.
  private static func contains(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= pattern.count else { return false }
    var index = 0
    while index <= bytes.count - pattern.count {
      if bytes[index] == pattern[0] {
        var matched = 1
        while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count { return true }
      }
      index += 1
    }
    return false
  }

  /// At least the number of attributes of the XML's busiest start tag, in one pass: an attribute
  /// value cannot hold `<`, so every attribute of a tag lies between two successive `<`, and each
  /// is a `=` followed (after white space) by a quote. Counting those between successive `<`
  /// over-counts only where text holds `="` (never near the limit in real documents).
  private static func mostAttributesInOneTag(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes in
      var (most, count, index) = (0, 0, 0)
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "<"):
          most = max(most, count)
          count = 0
        case UInt8(ascii: "="):
          var next = index + 1
          while next < bytes.count, PropertyListSyntax.whiteSpace.contains(bytes[next]) { next += 1 }
          if next < bytes.count, bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "'") { count += 1 }
          index = next - 1
        default:
          break
        }
        index += 1
      }
      return max(most, count)
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
