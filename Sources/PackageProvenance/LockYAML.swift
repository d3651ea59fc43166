import ScanFiles

/// A node of the YAML subset CocoaPods writes in `Podfile.lock` and `Pods/Manifest.lock`, with
/// the line it starts on.
struct LockYAMLNode {
  /// One `key: value` of a mapping.
  struct Entry {
    var key: String
    var value: LockYAMLNode
  }

  /// The node's content.
  enum Content {
    case scalar(String)
    case sequence([LockYAMLNode])
    case mapping([Entry])
  }

  var content: Content
  /// The 1-based line the node starts on.
  var line: Int

  /// An empty value (`key:` with nothing below it), on `line`.
  static func empty(at line: Int) -> LockYAMLNode {
    LockYAMLNode(content: .scalar(""), line: line)
  }

  /// The scalar's text, `nil` for a collection.
  var scalar: String? {
    if case .scalar(let text) = content { text } else { nil }
  }
}

/// Reads the block-style YAML subset CocoaPods' lock files are written in: mappings
/// (`KEY:` / `key: value`), sequences (`- item`, `- item:` with a nested block), and plain,
/// single- and double-quoted scalars, with indentation by spaces.
///
/// Not a general YAML parser, on purpose: anchors, aliases, tags, flow collections other than
/// `{}` and `[]`, block scalars and multi-line scalars are reported as problems rather than
/// expanded, so the work is one pass over the lines, nesting is bounded
/// (`maximumDepth`), and a hostile lock file cannot make the reader expand anything
/// (`Docs/RULES.md`, `malformed-lock-file`, says why no YAML library is used). A line it cannot
/// read is one problem (the first is described with its line number) and is skipped.
struct LockYAMLParser {
  /// Lock files nest three levels (`EXTERNAL SOURCES` → pod → option); anything deeper than this is refused.
  static let maximumDepth = 8

  private struct Line {
    var number: Int
    var indent: Int
    var text: Substring
    /// `-` alone or `- …`: an item of a block sequence.
    var isSequenceItem: Bool
  }

  private var lines: [Line] = []
  private var position = 0
  private(set) var issues: IssueCollector

  /// Parses `text`; problems go to an `IssueCollector` for `file`.
  static func parse(_ text: String, file: ScanPath) -> (root: LockYAMLNode, issues: IssueCollector) {
    var parser = LockYAMLParser(text: text, file: file)
    return (parser.document(), parser.issues)
  }

  private init(text: String, file: ScanPath) {
    issues = IssueCollector(file: file)
    // Split and measure indentation on UTF-8 bytes: one cheap pass, whatever the file holds.
    let space = UInt8(ascii: " ")
    var utf8 = Substring(text).utf8
    if utf8.starts(with: [0xef, 0xbb, 0xbf]) { utf8 = utf8.dropFirst(3) }  // a byte-order mark, as YAML allows
    for (index, raw) in utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      var line = Self.withoutComment(raw)
      while let last = line.last, last == space || last == UInt8(ascii: "\r") { line = line.dropLast() }
      let body = line.drop { $0 == space }
      guard let first = body.first, first != UInt8(ascii: "#"), !(index == 0 && body.elementsEqual("---".utf8))
      else { continue }
      guard first != UInt8(ascii: "\t") else {
        issues.add(line: number, "a tab in the indentation")
        continue
      }
      let second = body.dropFirst().first
      let isSequenceItem = first == UInt8(ascii: "-") && (second == nil || second == space)
      lines.append(
        Line(number: number, indent: line.count - body.count, text: Substring(body), isSequenceItem: isSequenceItem))
    }
  }

  /// `line` without a trailing comment: YAML's `#` after a space or tab, outside quotes.
  private static func withoutComment(_ line: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
    var quote: UInt8?
    var previous = UInt8(ascii: " ")
    for index in line.indices {
      let byte = line[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
        return line[..<index]
      }
      previous = byte
    }
    return line
  }

  private mutating func document() -> LockYAMLNode {
    guard let first = lines.first else { return LockYAMLNode(content: .mapping([]), line: 1) }
    let root = block(indent: first.indent, depth: 0)
    skipDeeper(than: -1)
    return root
  }

  /// The sequence or mapping whose lines start at column `indent`.
  private mutating func block(indent: Int, depth: Int) -> LockYAMLNode {
    let start = lines[position]
    var items: [LockYAMLNode] = []
    var entries: [LockYAMLNode.Entry] = []
    while position < lines.count, lines[position].indent == indent,
      lines[position].isSequenceItem == start.isSequenceItem
    {
      let line = lines[position]
      position += 1
      if start.isSequenceItem {
        let item = line.text.dropFirst().drop { $0 == " " }
        if let (key, rest) = splitKey(item, line: line.number) {
          let value = self.value(rest, after: line, indent: indent, depth: depth) ?? .empty(at: line.number)
          items.append(LockYAMLNode(content: .mapping([.init(key: key, value: value)]), line: line.number))
        } else if let value = value(item, after: line, indent: indent, depth: depth) {
          items.append(value)
        }
      } else if let (key, rest) = splitKey(line.text, line: line.number) {
        // A sequence may sit at its key's own indentation (`key:` then `- item`).
        let nested =
          value(rest, after: line, indent: indent, depth: depth, sequenceAtSameIndent: true) ?? .empty(at: line.number)
        entries.append(.init(key: key, value: nested))
      } else {
        issues.add(line: line.number, "expected `key: value` or `- item`")
        skipDeeper(than: indent)
      }
    }
    return LockYAMLNode(content: start.isSequenceItem ? .sequence(items) : .mapping(entries), line: start.number)
  }

  /// The value after `key:` or `- `: the inline text when there is some, else the nested block
  /// below `line` (an empty scalar when there is none); `nil` when the inline text was refused
  /// (a problem recorded). Lines left over below it are problems.
  private mutating func value(
    _ inline: Substring, after line: Line, indent: Int, depth: Int, sequenceAtSameIndent: Bool = false
  ) -> LockYAMLNode? {
    guard inline.isEmpty else {
      let content = inlineValue(inline, line: line.number)
      skipDeeper(than: indent)
      return content.map { LockYAMLNode(content: $0, line: line.number) }
    }
    guard position < lines.count else { return .empty(at: line.number) }
    let next = lines[position]
    guard next.indent > indent || (sequenceAtSameIndent && next.indent == indent && next.isSequenceItem) else {
      return .empty(at: line.number)
    }
    guard depth < Self.maximumDepth else {
      issues.add(line: next.number, "nested deeper than \(Self.maximumDepth) levels")
      skipDeeper(than: indent)
      return .empty(at: line.number)
    }
    let node = block(indent: next.indent, depth: depth + 1)
    skipDeeper(than: indent)
    return node
  }

  /// Skips, as problems, the lines indented deeper than `indent` that no block took.
  private mutating func skipDeeper(than indent: Int) {
    while position < lines.count, lines[position].indent > indent {
      issues.add(line: lines[position].number, "unexpected indentation")
      position += 1
    }
  }

  /// `key: rest` or `key:`, with a plain or quoted key; `nil` when the text is not a key.
  private func splitKey(_ text: Substring, line: Int) -> (String, Substring)? {
    if text.first == "\"" || text.first == "'" {
      guard case .closed(let key, let after) = Self.quoted(text) else { return nil }
      let rest = after.drop { $0 == " " }
      guard rest.first == ":", rest.count == 1 || rest.dropFirst().first == " " else { return nil }
      return (key, rest.dropFirst().drop { $0 == " " })
    }
    // `:` and ` ` are ASCII, so the byte indices below are character boundaries.
    let bytes = text.utf8
    if bytes.last == UInt8(ascii: ":") { return (String(text[..<bytes.index(before: bytes.endIndex)]), "") }
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let next = bytes.index(after: index)
      if bytes[index] == UInt8(ascii: ":"), next < bytes.endIndex, bytes[next] == UInt8(ascii: " ") {
        return (String(text[..<index]), text[next...].drop { $0 == " " })
      }
      index = next
    }
    return nil
  }

  /// An inline value: `{}`, `[]`, a quoted or a plain scalar; `nil` for YAML's other indicators
  /// and broken quotes, each a problem.
  private mutating func inlineValue(_ text: Substring, line: Int) -> LockYAMLNode.Content? {
    switch text.first {
    case "\"", "'":
      switch Self.quoted(text) {
      case .closed(let value, let after):
        if !after.isEmpty { issues.add(line: line, "text after a quoted string") }
        return .scalar(value)
      case .broken(let problem):
        issues.add(line: line, problem)
      }
    case "{", "[":
      if text == "{}" { return .mapping([]) }
      if text == "[]" { return .sequence([]) }
      issues.add(line: line, "a flow collection, which lock files do not use")
    case "&", "*", "!", "|", ">", "%", "@", "`":
      issues.add(line: line, "a YAML indicator (`\(text.prefix(1))`) lock files do not use")
    default:
      return .scalar(String(text))
    }
    return nil
  }

  /// A quoted scalar read from the start of a line's text.
  private enum QuotedScalar {
    /// The value and the text after the closing quote.
    case closed(String, Substring)
    /// Why it cannot be read.
    case broken(String)
  }

  /// A single- or double-quoted scalar at the start of `text`: broken when it is not closed on
  /// its line or holds an escape CocoaPods never writes.
  private static func quoted(_ text: Substring) -> QuotedScalar {
    let quote = text.first
    var value = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == quote {
        guard quote == "'", next < text.endIndex, text[next] == "'" else { return .closed(value, text[next...]) }
        value.append("'")
        index = text.index(after: next)
      } else if character == "\\", quote == "\"", next < text.endIndex {
        switch text[next] {
        case "\"", "\\", "/": value.append(text[next])
        case "n": value.append("\n")
        case "t": value.append("\t")
        default: return .broken("an escape sequence (`\\\(text[next])`) lock files do not use")
        }
        index = text.index(after: next)
      } else {
        value.append(character)
        index = next
      }
    }
    return .broken("a quoted string that is not closed")
  }
}
