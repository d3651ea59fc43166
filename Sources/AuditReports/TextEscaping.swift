/// Escaping for plain-text output: the text report, `symbols` text and TSV, `info` text, and every
/// diagnostic on standard error. The one rule for all of them (`Docs/CLI.md`).
///
/// Symbol, member, library and file names come from the files under review. Written raw, an ESC
/// could clear or retitle a reviewer's terminal, a CR or LF could forge an `sdkvet: ...` line, a
/// tab could shift a TSV column, and a bidirectional override could make a name read differently
/// from its bytes. So, C-style: `\\` for a backslash, `\t`, `\n`, `\r`, `\xNN` for every other
/// control byte (C0 and DEL) and for each byte that is not valid UTF-8, and `\uNNNN` for C1
/// controls, bidirectional controls and the Unicode line and paragraph separators. Everything else
/// is written as it is. Because a backslash is always escaped, the escaped text reads back to
/// exactly the original bytes.
public enum TextEscaping {
  /// `text` escaped.
  public static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: needsAttention) else { return text }
    var bytes: [UInt8] = []
    var copy = text
    copy.withUTF8 { append(UnsafeRawBufferPointer($0), to: &bytes) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `raw` (bytes read from a file, not necessarily UTF-8) escaped.
  public static func append(_ raw: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    guard raw.contains(where: needsAttention) else { return output.append(contentsOf: raw) }
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      if byte < 0x80 {
        appendASCII(byte, to: &output)
        index += 1
        continue
      }
      let length = validSequenceLength(raw, at: index)
      guard length > 0 else {
        appendHex(byte, to: &output)
        index += 1
        continue
      }
      let sequence = UnsafeRawBufferPointer(rebasing: raw[index..<index + length])
      let scalar = decode(sequence)
      if isInvisibleControl(scalar) {
        appendUnicodeEscape(scalar, to: &output)
      } else {
        output.append(contentsOf: sequence)
      }
      index += length
    }
  }

  /// Bytes that may need escaping: control bytes, the backslash, and every non-ASCII byte (checked
  /// for valid UTF-8 and for the invisible controls).
  private static func needsAttention(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x5C || byte >= 0x7F
  }

  private static func appendASCII(_ byte: UInt8, to output: inout [UInt8]) {
    switch byte {
    case 0x5C: output.append(contentsOf: #"\\"#.utf8)
    case 0x09: output.append(contentsOf: #"\t"#.utf8)
    case 0x0A: output.append(contentsOf: #"\n"#.utf8)
    case 0x0D: output.append(contentsOf: #"\r"#.utf8)
    case ..<0x20, 0x7F: appendHex(byte, to: &output)
    default: output.append(byte)
    }
  }

  private static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }

  /// The length of the well-formed UTF-8 sequence starting at `index` (RFC 3629: no overlong
  /// forms, no surrogates, nothing above U+10FFFF), or 0 when the byte there does not start one.
  private static func validSequenceLength(_ raw: UnsafeRawBufferPointer, at index: Int) -> Int {
    let lead = raw[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return 0
    }
    guard index + length <= raw.count, secondRange.contains(raw[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(raw[index + offset]) {
      return 0
    }
    return length
  }

  /// The scalar value of a well-formed multi-byte UTF-8 sequence.
  private static func decode(_ sequence: UnsafeRawBufferPointer) -> UInt32 {
    var value = UInt32(sequence[0]) & (0xFF >> (sequence.count + 1))
    for byte in sequence.dropFirst() {
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return value
  }

  /// `\uNNNN`, four lowercase hex digits: the same in this escaping and in JSON.
  static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    let hex = String(scalar, radix: 16, uppercase: false)
    output.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
  }

  /// C1 controls, bidirectional controls, and the line and paragraph separators: the scalars
  /// beyond ASCII that every output (JSON included) writes as an escape.
  static func isInvisibleControl(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
