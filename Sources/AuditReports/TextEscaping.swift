import BinaryImage
import ScanFiles

/// Escaping for plain-text output: the text report, `symbols` text and TSV, `info` text, and every
/// diagnostic on standard error. The one rule for all of them (`Docs/CLI.md`).
///
/// Symbol, member, library and file names come from the files under review. Written raw, an ESC
/// could clear or retitle a reviewer's terminal, a CR or LF could forge an `sdkvet: ...` line, a
/// tab could shift a TSV column, and a bidirectional override could make a name read differently
/// from its bytes. So, C-style: `\\` for a backslash, `\t`, `\n`, `\r`, `\xNN` for every other
/// control byte (C0 and DEL) and for each byte that is not valid UTF-8 (in a path, the byte a
/// `PathBytes` scalar stands for), and `\uNNNN` for C1 controls, bidirectional controls and the
/// Unicode line and paragraph separators. Everything else is written as it is. Because a
/// backslash is always escaped, the escaped text reads back to exactly the original bytes.
package enum TextEscaping {
  /// `text` escaped; a path's `PathBytes` scalars are shown as the bytes they stand for.
  package static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: needsAttention) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += #"\\"#
      case "\t": escaped += #"\t"#
      case "\n": escaped += #"\n"#
      case "\r": escaped += #"\r"#
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += hex(UInt8(scalar.value))
      case _ where PathBytes.isEscape(scalar): escaped += PathBytes.encode(String(scalar)).map(hex).joined()
      case _ where isInvisibleControl(scalar.value): escaped += unicodeEscape(scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// Appends `raw` (bytes read from a file, not necessarily UTF-8) escaped.
  package static func append(_ raw: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    guard raw.contains(where: needsAttention) else { return output.append(contentsOf: raw) }
    output.append(contentsOf: escaped(PathBytes.decode(raw)).utf8)
  }

  /// `\uNNNN`, four lowercase hex digits: the same in this escaping and in JSON.
  static func unicodeEscape(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: false)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// C1 controls, bidirectional controls, and the line and paragraph separators: the scalars
  /// beyond ASCII that every output (JSON included) writes as an escape.
  static func isInvisibleControl(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Bytes that may need escaping: control bytes, the backslash, and every non-ASCII byte (checked
  /// for valid UTF-8 and for the invisible controls).
  private static func needsAttention(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x5C || byte >= 0x7F
  }

  /// `\xNN`, two lowercase hex digits.
  private static func hex(_ byte: UInt8) -> String {
    #"\x"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: false)
  }
}
