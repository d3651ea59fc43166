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
    let markup = data.withUnsafeBytes(Markup.init)
    if markup.holdsNUL {
      throw PropertyListSyntaxError(reason: "the XML holds a NUL byte")
    }
    if data.starts(with: ebcdicDeclarationStart) {
      throw PropertyListSyntaxError(reason: "the XML is in EBCDIC (it starts 4C 6F A7 94, '<?xm' in EBCDIC), not UTF-8")
    }
    if markup.declaresEntities {
      throw PropertyListSyntaxError(reason: "the XML declares entities, which \(documents) do not use")
    }
    if let encoding = markup.declaredEncoding, !["utf-8", "utf8"].contains(encoding.lowercased()) {
      throw PropertyListSyntaxError(reason: "the XML is in \(encoding.prefix(40)), not UTF-8")
    }
    if markup.mostAttributesInOneTag > maximumAttributes {
      throw PropertyListSyntaxError(reason: "a tag holds more than \(maximumAttributes) attributes")
    }
  }

  /// What the guard reads of a document, found in one pass that jumps from `<` to `<` (`memchr`):
  /// a byte-by-byte walk of a large `CodeResources` cost more than libxml2's own parse.
  private struct Markup {
    var holdsNUL = false
    var declaresEntities = false
    /// The `encoding` of the first XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`),
    /// when it names one; `""` when its value is not quoted.
    var declaredEncoding: String?
    /// At least the number of attributes of the busiest start tag: an attribute value cannot
    /// hold `<`, so every attribute of a tag lies between two successive `<`, and each is a `=`
    /// followed (after white space) by a quote. Counting those between successive `<`
    /// over-counts only where text holds `="` (never near the limit in real documents).
    var mostAttributesInOneTag = 0

    init(_ bytes: UnsafeRawBufferPointer) {
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
      let end = bytes.count
      holdsNUL = memchr(base, 0, end) != nil
      var seenDeclaration = false
      var tag = Self.next(UInt8(ascii: "<"), from: 0, before: end, in: base)
      mostAttributesInOneTag = Self.attributes(from: 0, before: tag ?? end, in: bytes)
      while let start = tag {
        let following = Self.next(UInt8(ascii: "<"), from: start + 1, before: end, in: base)
        let stop = following ?? end
        // Told by the byte after `<` first: nearly every tag is an element's, neither `<!` nor `<?`.
        let second = start + 1 < end ? bytes[start + 1] : 0
        if second == UInt8(ascii: "!"), Self.matches(Self.entityDeclaration, at: start, in: bytes) {
          declaresEntities = true
        }
        if second == UInt8(ascii: "?"), !seenDeclaration, Self.matches(Self.xmlDeclaration, at: start, in: bytes) {
          seenDeclaration = true
          declaredEncoding = Self.encoding(declaredFrom: start + Self.xmlDeclaration.count, in: bytes)
        }
        mostAttributesInOneTag = max(mostAttributesInOneTag, Self.attributes(from: start, before: stop, in: bytes))
        tag = following
      }
    }

    private static let entityDeclaration = Array("<!ENTITY".utf8)
    private static let xmlDeclaration = Array("<?xml".utf8)

    /// The offset of the first `byte` in `start..<end`.
    private static func next(_ byte: UInt8, from start: Int, before end: Int, in base: UnsafeRawPointer) -> Int? {
      guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
      return base.distance(to: found)
    }

    private static func matches(_ pattern: [UInt8], at offset: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
      offset + pattern.count <= bytes.count && pattern.indices.allSatisfy { bytes[offset + $0] == pattern[$0] }
    }

    /// The `=` followed (after white space) by a quote in `start..<end`.
    private static func attributes(from start: Int, before end: Int, in bytes: UnsafeRawBufferPointer) -> Int {
      guard let base = bytes.baseAddress else { return 0 }
      var count = 0
      var equals = next(UInt8(ascii: "="), from: start, before: end, in: base)
      while let sign = equals {
        var after = sign + 1
        while after < bytes.count, PropertyListSyntax.isWhiteSpace(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'") { count += 1 }
        equals = next(UInt8(ascii: "="), from: after, before: end, in: base)
      }
      return count
    }

    /// The `encoding` value of a declaration whose text starts at `start` and ends at `?>`.
    private static func encoding(declaredFrom start: Int, in bytes: UnsafeRawBufferPointer) -> String? {
      guard let base = bytes.baseAddress else { return nil }
      var close = next(UInt8(ascii: "?"), from: start, before: bytes.count, in: base)
      while let mark = close, mark + 1 < bytes.count, bytes[mark + 1] != UInt8(ascii: ">") {
        close = next(UInt8(ascii: "?"), from: mark + 1, before: bytes.count, in: base)
      }
      guard let end = close, end + 1 < bytes.count else { return nil }
      let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      if text.allSatisfy({ $0 < 0x80 }) { return encoding(declaredIn: text) }
      let declaration = String(decoding: text, as: UTF8.self)
      guard let name = declaration.range(of: "encoding") else { return nil }
      let value = declaration[name.upperBound...].drop { $0 == "=" || $0.isWhitespace }
      guard let quote = value.first, quote == "\"" || quote == "'" else { return "" }
      return String(value.dropFirst().prefix { $0 != quote })
    }

    /// `encoding(declaredFrom:in:)` of the ASCII text of a declaration, read over its bytes (the
    /// `String` search cost more than the rest of the guard): in ASCII each character is a byte,
    /// but `\r\n`, white space as one character and as two bytes alike.
    private static func encoding(declaredIn text: UnsafeRawBufferPointer) -> String? {
      let name = Self.encodingName
      guard let found = text.indices.first(where: { matches(name, at: $0, in: text) }) else { return nil }
      // `Character.isWhitespace` in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
      let value = text[(found + name.count)...].drop {
        $0 == UInt8(ascii: "=") || (0x09...0x0D).contains($0) || $0 == 0x20
      }
      guard let quote = value.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return "" }
      return String(decoding: value.dropFirst().prefix { $0 != quote }, as: UTF8.self)
    }

    private static let encodingName = Array("encoding".utf8)
  }
}
