/// Escaping for text from the report (paths, symbols, messages, plist strings) written into the
/// HTML report: the one escaper every value passes through, in element content and in quoted
/// attribute values alike.
///
/// Control characters are first made visible by `TextEscaping` (`\x1b`, `\n`, `\u202e`), so a
/// name reads the same as in the text report; then `&`, `<`, `>`, `"` and `'` become character
/// references, so nothing in a value can open a tag, end an attribute or start an entity.
enum HTMLEscaping {
  /// `text` as literal HTML text, safe inside an element or a quoted attribute value.
  static func text(_ text: String) -> String {
    let visible = TextEscaping.escaped(text)
    guard visible.utf8.contains(where: isSpecial) else { return visible }
    var escaped = ""
    escaped.reserveCapacity(visible.utf8.count + 16)
    for scalar in visible.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` escaped as by `text(_:)`, set in a `<code>` element: a path, symbol or key.
  static func code(_ text: String) -> String { "<code>" + Self.text(text) + "</code>" }

  /// The bytes that have a meaning in HTML text or attribute values.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }
}
