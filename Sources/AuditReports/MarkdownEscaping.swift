/// Escaping for text from the report or the catalog (paths, symbols, messages) written into
/// Markdown, so a file name or symbol can neither break a table nor inject formatting, HTML,
/// links, autolinks or mentions: on GitHub, vendor text renders as inert text.
///
/// Control characters are first made visible by `TextEscaping` (`\x1b`, `\n`, `\u202e`), so
/// nothing in a value breaks a line or reaches a terminal that shows the Markdown as text.
enum MarkdownEscaping {
  /// The ASCII punctuation that can start or end Markdown formatting, and `:`, which ends the
  /// scheme of a GFM autolink (`https:`, `ftp:`, `mailto:`, `xmpp:`): escaped, it renders the same
  /// and the autolink extension no longer sees a scheme.
  private static let specialCharacters: Set<Character> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "&", ":",
  ]
  /// The same characters as UTF-8 bytes, with `@` and `.`, for the fast path that finds nothing to escape.
  private static let specialBytes: Set<UInt8> = Set(specialCharacters.compactMap(\.asciiValue) + [0x40, 0x2E])

  /// `text` as literal prose: controls made visible, then special punctuation backslash-escaped;
  /// the dot of `www.` escaped (a GFM autolink); `@` written as the code span `` `@` ``, so
  /// neither GitHub's mentions (`@org/team`, which it finds in rendered text outside code) nor
  /// GFM's email autolinks (`name@host.example`) see it.
  static func text(_ text: String) -> String {
    let visible = TextEscaping.escaped(text)
    guard visible.utf8.contains(where: specialBytes.contains) else { return visible }
    var escaped = ""
    var previous: [Character] = []
    for character in visible {
      if specialCharacters.contains(character) {
        escaped.append("\\")
      } else if character == "." && previous.count == 3 && String(previous).lowercased() == "www" {
        escaped.append("\\")
      }
      escaped += character == "@" ? "`@`" : String(character)
      previous = Array((previous + [character]).suffix(3))
    }
    return escaped
  }

  /// `text` as an inline code span, fenced with one more backtick than the longest run of
  /// backticks inside it (CommonMark §6.1) and padded with a space when it starts or ends with
  /// a backtick. In a table cell `|` is written `\|`, which GitHub's table parser removes before
  /// the code span is read; outside tables it stays literal.
  static func code(_ text: String, inTable: Bool) -> String {
    var content = TextEscaping.escaped(text)
    if inTable && content.utf8.contains(UInt8(ascii: "|")) {
      content = content.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
    guard !content.isEmpty else { return "\"\"" }
    guard content.utf8.contains(UInt8(ascii: "`")) else { return "`" + content + "`" }
    let fence = String(repeating: "`", count: longestBacktickRun(in: content) + 1)
    let padding = content.hasPrefix("`") || content.hasSuffix("`") ? " " : ""
    return fence + padding + content + padding + fence
  }

  /// `url` as a link destination: every byte that is not allowed in a URI, and the parentheses
  /// that would end the destination, written as `%XX`, so the link can neither end early nor
  /// carry a control character.
  static func linkDestination(_ url: String) -> String {
    PercentEncoding.encoded(url.utf8) { PercentEncoding.isUnreserved($0) || linkPunctuation.contains($0) }
  }

  /// RFC 3986's reserved characters and `%`, without `(` and `)`.
  private static let linkPunctuation = Set("!#$%&'*+,/:;=?@[]".utf8)

  /// A table row from already-escaped cells.
  static func row(_ cells: [String]) -> String {
    "| " + cells.joined(separator: " | ") + " |"
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
