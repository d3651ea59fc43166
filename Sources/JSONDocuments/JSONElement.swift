/// A JSON value as a document holds it.
///
/// Objects keep their members in document order, and a key appears at most once in an object
/// (the parser refuses a repeated key, which two readers could resolve differently). A number is
/// kept as written, so reading it as an integer loses nothing.
package enum JSONElement: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as written (`-12`, `1.5e3`).
  case number(String)
  /// A string, unescaped.
  case string(String)
  /// An array.
  case array([JSONElement])
  /// An object's members, in document order.
  case object([JSONMember])
}

/// One member of a JSON object.
package struct JSONMember: Sendable {
  /// The key, unescaped.
  package var key: String
  /// The value.
  package var value: JSONElement
}
