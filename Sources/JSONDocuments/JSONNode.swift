/// A value of a JSON document with where it is: the one way sdkvet walks the JSON it reads.
///
/// Each accessor checks the value's type and, when it is not the one asked for, throws a
/// `JSONDocumentError` that names the file and the value's JSON path, so every reader reports a
/// problem in the same words ("$.allow[0]: required key 'reason' is missing", "$.deny[0].tracking:
/// expected true or false").
package struct JSONNode: Sendable {
  /// The value.
  package let element: JSONElement
  /// Where the value is in its document.
  package let path: JSONPath
  /// The file errors name.
  package let origin: String

  /// The value `element` at `path` of the document `origin`.
  package init(_ element: JSONElement, at path: JSONPath, origin: String) {
    self.element = element
    self.path = path
    self.origin = origin
  }

  /// An error about this value.
  package func error(_ message: String) -> JSONDocumentError {
    JSONDocumentError(file: origin, path: path.description, message: message)
  }

  /// Whether the value is `null`.
  package var isNull: Bool {
    if case .null = element { true } else { false }
  }

  /// This node, or `nil` when the value is `null`.
  package var nonNull: JSONNode? {
    isNull ? nil : self
  }

  /// The value as a string.
  package func string() throws(JSONDocumentError) -> String {
    guard case .string(let text) = element else { throw error("expected a string") }
    return text
  }

  /// The value as a string, `nil` for `null`.
  package func stringOrNull() throws(JSONDocumentError) -> String? {
    if isNull { return nil }
    guard case .string(let text) = element else { throw error("expected a string or null") }
    return text
  }

  /// The value as an integer: a number written without a fraction or exponent, within `Int`.
  package func int() throws(JSONDocumentError) -> Int {
    guard case .number(let text) = element, let value = Int(text) else { throw error("expected an integer") }
    return value
  }

  /// The value as `true` or `false`.
  package func bool() throws(JSONDocumentError) -> Bool {
    guard case .bool(let value) = element else { throw error("expected true or false") }
    return value
  }

  /// The elements of the array.
  package func elements() throws(JSONDocumentError) -> [JSONNode] {
    guard case .array(let values) = element else { throw error("expected an array") }
    return values.enumerated().map { JSONNode($1, at: .element(path, $0), origin: origin) }
  }

  /// The array's elements as strings.
  package func strings() throws(JSONDocumentError) -> [String] {
    guard case .array = element else { throw error("expected an array of strings") }
    var strings: [String] = []
    for node in try elements() { strings.append(try node.string()) }
    return strings
  }

  /// The object's members, in document order.
  package func members() throws(JSONDocumentError) -> [(key: String, value: JSONNode)] {
    try object().map { ($0.key, JSONNode($0.value, at: .member(path, $0.key), origin: origin)) }
  }

  /// The member `key` of the object, which must be there (it may be `null`).
  package func member(_ key: String) throws(JSONDocumentError) -> JSONNode {
    guard let member = try optionalMember(key, null: true) else { throw error("required key '\(key)' is missing") }
    return member
  }

  /// The member `key` of the object; `nil` when it is absent or `null`.
  package func optionalMember(_ key: String) throws(JSONDocumentError) -> JSONNode? {
    try optionalMember(key, null: false)
  }

  /// Fails on the first member not in `allowed`, in key order (so the message is stable).
  package func rejectUnknownKeys(allowed: Set<String>) throws(JSONDocumentError) {
    if let unknown = try object().map(\.key).sorted().first(where: { !allowed.contains($0) }) {
      throw JSONNode(.null, at: .member(path, unknown), origin: origin).error(
        "unknown key (allowed: \(allowed.sorted().joined(separator: ", ")))")
    }
  }

  private func object() throws(JSONDocumentError) -> [JSONMember] {
    guard case .object(let members) = element else { throw error("expected an object") }
    return members
  }

  /// The member `key`; `nil` when absent, and when `null` unless `null` is true.
  private func optionalMember(_ key: String, null: Bool) throws(JSONDocumentError) -> JSONNode? {
    guard let member = try object().first(where: { $0.key == key }) else { return nil }
    if case .null = member.value, !null { return nil }
    return JSONNode(member.value, at: .member(path, key), origin: origin)
  }
}
