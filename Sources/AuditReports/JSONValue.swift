/// A JSON value whose objects keep their keys in the order they were built.
///
/// The JSON and SARIF reporters build one of these and print it with `write(to:)`, so key order
/// is fixed by the code that builds the document (schema order, not alphabetical) and output is
/// byte-for-byte stable across runs and platforms, which `JSONEncoder` does not promise.
enum JSONValue: Sendable {
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
  static func optional(_ value: String?) -> JSONValue {
    value.map(JSONValue.string) ?? .null
  }

  /// An array of strings.
  static func strings(_ values: [String]) -> JSONValue {
    .array(values.map(JSONValue.string))
  }

  /// Writes the value pretty-printed with two-space indentation and a final newline.
  func write(to output: inout some TextOutputStream) {
    write(to: &output, indent: 0)
    output.write("\n")
  }

  private func write(to output: inout some TextOutputStream, indent: Int) {
    switch self {
    case .null: output.write("null")
    case .bool(let value): output.write(value ? "true" : "false")
    case .int(let value): output.write(String(value))
    case .string(let value): JSONValue.writeEscaped(value, to: &output)
    case .array(let values):
      guard !values.isEmpty else { return output.write("[]") }
      output.write("[")
      for (index, value) in values.enumerated() {
        output.write(index == 0 ? "\n" : ",\n")
        JSONValue.writeIndent(indent + 1, to: &output)
        value.write(to: &output, indent: indent + 1)
      }
      output.write("\n")
      JSONValue.writeIndent(indent, to: &output)
      output.write("]")
    case .object(let members):
      guard !members.isEmpty else { return output.write("{}") }
      output.write("{")
      for (index, member) in members.enumerated() {
        output.write(index == 0 ? "\n" : ",\n")
        JSONValue.writeIndent(indent + 1, to: &output)
        JSONValue.writeEscaped(member.key, to: &output)
        output.write(": ")
        member.value.write(to: &output, indent: indent + 1)
      }
      output.write("\n")
      JSONValue.writeIndent(indent, to: &output)
      output.write("}")
    }
  }

  private static func writeIndent(_ depth: Int, to output: inout some TextOutputStream) {
    for _ in 0..<depth {
      output.write("  ")
    }
  }

  /// Writes `text` as a JSON string literal (RFC 8259 §7): quote, backslash and control
  /// characters escaped, everything else as UTF-8.
  private static func writeEscaped(_ text: String, to output: inout some TextOutputStream) {
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
      output.write("\"")
      output.write(text)
      output.write("\"")
      return
    }
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: false)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    escaped += "\""
    output.write(escaped)
  }
}
