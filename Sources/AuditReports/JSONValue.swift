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
  ///
  /// The text is assembled as UTF-8 bytes and handed to `output` in chunks of about 64 KiB, cut
  /// between values: appending bytes to an array is several times cheaper than many small
  /// `String` appends, and a stream that writes through need not hold a large report whole.
  func write(to output: inout some TextOutputStream) {
    var bytes: [UInt8] = []
    write(to: &bytes, passingOnTo: &output, indent: 0)
    bytes.append(UInt8(ascii: "\n"))
    output.write(String(decoding: bytes, as: UTF8.self))
  }

  /// Bytes gathered before they are handed on.
  private static let chunkSize = 1 << 16

  private func write(to bytes: inout [UInt8], passingOnTo output: inout some TextOutputStream, indent: Int) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): bytes.append(contentsOf: String(value).utf8)
    case .string(let value): JSONEscaping.appendQuoted(value, to: &bytes)
    case .array(let values):
      guard !values.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONValue.passOn(&bytes, to: &output)
        JSONValue.writeLineBreak(indent: indent + 1, to: &bytes)
        value.write(to: &bytes, passingOnTo: &output, indent: indent + 1)
      }
      JSONValue.writeLineBreak(indent: indent, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONValue.passOn(&bytes, to: &output)
        JSONValue.writeLineBreak(indent: indent + 1, to: &bytes)
        JSONEscaping.appendQuoted(member.key, to: &bytes)
        bytes.append(contentsOf: ": ".utf8)
        member.value.write(to: &bytes, passingOnTo: &output, indent: indent + 1)
      }
      JSONValue.writeLineBreak(indent: indent, to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Hands the gathered bytes to `output` once there is a chunk's worth; called only between
  /// values, so a chunk never ends inside a UTF-8 sequence.
  private static func passOn(_ bytes: inout [UInt8], to output: inout some TextOutputStream) {
    guard bytes.count >= chunkSize else { return }
    output.write(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }

  /// A newline and two spaces per level of `indent`.
  private static func writeLineBreak(indent: Int, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

}
