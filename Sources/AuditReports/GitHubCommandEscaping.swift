/// GitHub Actions' escaping of workflow commands (`::error file=…,title=…::message`), as the
/// runner unescapes them (actions/toolkit `command.ts`, `escapeData` and `escapeProperty`).
///
/// A runner reads every output line that starts with `::` as a command. An unescaped line break
/// in a vendor's string would start a line of its own, which could be `::add-mask::`,
/// `::stop-commands::` or a forged `::error::`; an unescaped `,` or `:` in a property would end
/// it early. The runner turns each escape back into the character, so the annotation shows the
/// string as it was given.
package enum GitHubCommandEscaping {
  /// A command's message: `%` as `%25`, CR as `%0D`, LF as `%0A`.
  package static func data(_ text: String) -> String {
    escaped(text, keeping: { $0 != UInt8(ascii: "%") && $0 != 0x0D && $0 != 0x0A })
  }

  /// A property's value (`file=`, `title=`): what `data` escapes, and `:` as `%3A` and `,` as `%2C`.
  package static func property(_ text: String) -> String {
    escaped(
      text,
      keeping: {
        $0 != UInt8(ascii: "%") && $0 != 0x0D && $0 != 0x0A && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ",")
      })
  }

  private static func escaped(_ text: String, keeping isKept: (UInt8) -> Bool) -> String {
    guard text.utf8.contains(where: { !isKept($0) }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      if isKept(byte) {
        bytes.append(byte)
      } else {
        bytes += Array("%".utf8) + Self.hexDigits(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Two uppercase hex digits, as GitHub writes them (`%0A`, `%3A`).
  private static func hexDigits(_ byte: UInt8) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    return [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
  }
}
