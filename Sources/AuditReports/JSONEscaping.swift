import BinaryImage
import ScanFiles

/// Writes JSON string literals: the one escaper behind every JSON sdkvet prints (the reports,
/// SARIF, `symbols`, `info` and `catalog`), through `JSONWriter`.
package enum JSONEscaping {
  /// Appends `text` as a quoted JSON string: quotes, backslashes and control characters
  /// (C0, DEL, and the C1, bidirectional and line-separator controls `TextEscaping` also
  /// escapes) escaped, everything else as UTF-8, so a JSON document shown on a terminal cannot
  /// drive it either.
  package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    // Most strings are plain ASCII held contiguously: checked and copied as bytes.
    let copied =
      text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
        let raw = UnsafeRawBufferPointer(utf8)
        guard isPlain(raw) else { return false }
        appendPlain(raw, to: &output)
        return true
      } ?? false
    guard !copied else { return }
    output.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append(contentsOf: "\\\"".utf8)
      case "\\": output.append(contentsOf: "\\\\".utf8)
      case "\n": output.append(contentsOf: "\\n".utf8)
      case "\r": output.append(contentsOf: "\\r".utf8)
      case "\t": output.append(contentsOf: "\\t".utf8)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || TextEscaping.isInvisibleControl(scalar.value):
        output.append(contentsOf: TextEscaping.unicodeEscape(scalar.value).utf8)
      case _ where PathBytes.isEscape(scalar):
        // A byte that is not UTF-8 reads `\xNN` once decoded, as in the text outputs.
        output.append(contentsOf: (#"\"# + TextEscaping.escaped(String(scalar))).utf8)
      default: output.append(contentsOf: scalar.utf8)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends bytes read from a file (a symbol name) as a quoted JSON string, without building a
  /// `String` when they are plain ASCII; a byte that is not UTF-8 reads `\xNN` once decoded.
  package static func appendQuoted(_ raw: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    guard isPlain(raw) else { return appendQuoted(PathBytes.decode(raw), to: &output) }
    appendPlain(raw, to: &output)
  }

  /// Whether `raw` needs no escape: ASCII without quotes, backslashes or controls.
  private static func isPlain(_ raw: UnsafeRawBufferPointer) -> Bool {
    !raw.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }
  }

  /// Appends plain bytes, quoted.
  private static func appendPlain(_ raw: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    output.append(contentsOf: raw)
    output.append(UInt8(ascii: "\""))
  }
}
