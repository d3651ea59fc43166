/// Escaping for text from the report (paths, symbols, messages) written into Markdown, so a
/// file name or symbol can neither break a table nor inject formatting or links.
enum MarkdownEscaping {
  /// The ASCII punctuation that can start or end Markdown formatting.
  private static let specialCharacters: Set<Character> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "&",
  ]
  /// The same characters as UTF-8 bytes, for the fast path that finds nothing to escape.
  private static let specialBytes: Set<UInt8> = Set(specialCharacters.compactMap(\.asciiValue))

  /// `text` as literal prose: special punctuation backslash-escaped, line breaks made spaces.
  static func text(_ text: String) -> String {
    guard text.utf8.contains(where: { specialBytes.contains($0) || $0 == 0x0A || $0 == 0x0D || $0 >= 0x80 }) else {
      return text
    }
    var escaped = ""
    for character in singleLine(text) {
      if specialCharacters.contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// `text` as an inline code span, fenced with one more backtick than the longest run of
  /// backticks inside it (CommonMark §6.1) and padded with a space when it starts or ends with
  /// a backtick. In a table cell `|` is written `\|`, which GitHub's table parser removes before
  /// the code span is read; outside tables it stays literal.
  static func code(_ text: String, inTable: Bool) -> String {
    var content = singleLine(text)
    if inTable && content.utf8.contains(UInt8(ascii: "|")) {
      content = content.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
    guard !content.isEmpty else { return "\"\"" }
    guard content.utf8.contains(UInt8(ascii: "`")) else { return "`" + content + "`" }
    let fence = String(repeating: "`", count: longestBacktickRun(in: content) + 1)
    let padding = content.hasPrefix("`") || content.hasSuffix("`") ? " " : ""
    return fence + padding + content + padding + fence
  }

  /// A table row from already-escaped cells.
  static func row(_ cells: [String]) -> String {
    "| " + cells.joined(separator: " | ") + " |"
  }

  private static func singleLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0B || $0 == 0x0C || $0 == 0x0D || $0 >= 0x80 }) else {
      return text
    }
    return String(text.map { $0.isNewline ? " " : $0 })
  }

  private static func longestBacktickRun(in text: String) -> Int {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }
}
