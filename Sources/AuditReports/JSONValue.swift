/// A JSON value whose objects keep their keys in the order they were built.
///
/// The JSON and SARIF reporters, `info` and `catalog` build one of these and print it through
/// `JSONWriter`, so key order is fixed by the code that builds the document (schema order, not
/// alphabetical) and output is byte-for-byte stable across runs and platforms, which
/// `JSONEncoder` does not promise.
package enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A string, escaped on output.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; keys are written in this order.
  case object([(key: String, value: JSONValue)])

  /// A string, or `null` when `value` is `nil`.
  package static func optional(_ value: String?) -> JSONValue {
    value.map(JSONValue.string) ?? .null
  }

  /// An array of strings.
  package static func strings(_ values: [String]) -> JSONValue {
    .array(values.map(JSONValue.string))
  }

  /// Writes the value as a document followed by a newline, handing the bytes to `output` in
  /// chunks (`JSONWriter.handOn(to:)`).
  package func write(to output: inout some TextOutputStream) {
    var writer = JSONWriter()
    write(to: &writer) { writer in writer.handOn(to: &output) }
    writer.finishDocument(to: &output)
  }

  /// Writes the value into `writer`.
  package func write(to writer: inout JSONWriter) {
    write(to: &writer) { _ in }
  }

  /// Writes the value, calling `passOn` between the values inside it (never inside a string, so
  /// a chunk taken there never ends inside a UTF-8 sequence).
  private func write(to writer: inout JSONWriter, passingOn passOn: (inout JSONWriter) -> Void) {
    switch self {
    case .null: writer.null()
    case .bool(let value): writer.bool(value)
    case .int(let value): writer.int(value)
    case .string(let value): writer.string(value)
    case .array(let values):
      writer.beginArray()
      for value in values {
        passOn(&writer)
        value.write(to: &writer, passingOn: passOn)
      }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for member in members {
        passOn(&writer)
        writer.key(member.key)
        member.value.write(to: &writer, passingOn: passOn)
      }
      writer.endObject()
    }
  }
}
