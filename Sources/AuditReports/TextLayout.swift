/// Plain-text layout helpers for the text reporter: padding and word wrapping to a width.
enum TextLayout {
  /// The width the text report is laid out for.
  static let width = 100

  /// `text` followed by spaces up to `width` characters; longer text is returned unchanged.
  static func padded(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` broken at spaces into lines of at most `width` characters, the first indented by
  /// `indent` spaces and the rest by `hangingIndent`; a word longer than a line gets a line of
  /// its own rather than being cut, so symbols and paths stay intact for copy and paste.
  static func wrapped(_ text: String, indent: Int, hangingIndent: Int, width: Int = TextLayout.width) -> [String] {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: hangingIndent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// A cell of an aligned row: its text and the width it is padded to when another cell follows.
  struct Column {
    /// The cell's text.
    var text: String
    /// The width to pad to; text longer than this is written whole.
    var width: Int
  }

  /// One row of `columns` separated by two spaces, each padded to its width; a column that
  /// would pass `width` starts a continuation line at `continuationIndent`. No line ends in spaces.
  static func aligned(_ columns: [Column], indent: Int, continuationIndent: Int, width: Int = TextLayout.width)
    -> [String]
  {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var length = indent
    var padding = 0
    for (index, column) in columns.enumerated() {
      let count = column.text.count
      if index > 0 {
        if length + padding + 2 + count > width {
          lines.append(line)
          line = String(repeating: " ", count: continuationIndent)
          length = continuationIndent
        } else {
          line += String(repeating: " ", count: padding + 2)
          length += padding + 2
        }
      }
      line += column.text
      length += count
      padding = max(column.width - count, 0)
    }
    lines.append(line)
    return lines
  }
}
