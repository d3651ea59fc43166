/// Where the values of a JSON document lie in its bytes, found without building them: the
/// members of the top-level object and the elements of an array, each as a byte range that a
/// caller parses on its own. A saved report of 20,000 targets is read one target at a time this
/// way, so memory holds one target's tree, not the whole document's (`JSONReportTargets`).
///
/// Only the structure is checked here (strings, brackets, separators, nesting at most
/// `maximumDepth`); each range's content is left to the parser the caller hands it to.
struct JSONExtents {
  /// The deepest nesting accepted: deeper input is refused here, before a recursive parser meets it.
  static let maximumDepth = 256

  /// Why the bytes are not JSON as far as this scan can tell.
  struct Malformed: Error {
    /// Whether the nesting went past `maximumDepth` (else the structure is broken).
    var isTooDeep = false

    /// The reason as a report error states it.
    var message: String { isTooDeep ? "nested deeper than \(JSONExtents.maximumDepth) levels" : "not valid JSON" }
  }

  private let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The members of the document's top-level object: each key, decoded when it holds no escape
  /// (a key with one is returned as written, which matches no key looked for), and its value's range.
  func members() throws(Malformed) -> [(key: String, value: Range<Int>)] {
    var members: [(key: String, value: Range<Int>)] = []
    try forEachItem(in: 0..<bytes.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) {
      (position: inout Int, end: Int) throws(Malformed) in
      guard position < end, bytes[position] == UInt8(ascii: "\"") else { throw Malformed() }
      let keyStart = position + 1
      position = try stringEnd(from: position, end: end)
      let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[keyStart..<(position - 1)]), as: UTF8.self)
      skipWhitespace(&position, end)
      guard position < end, bytes[position] == UInt8(ascii: ":") else { throw Malformed() }
      position += 1
      skipWhitespace(&position, end)
      let valueStart = position
      position = try valueEnd(from: position, end: end)
      members.append((key, valueStart..<position))
    }
    return members
  }

  /// The ranges of the elements of the array at `range`.
  func elements(of range: Range<Int>) throws(Malformed) -> [Range<Int>] {
    var elements: [Range<Int>] = []
    try forEachItem(in: range, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) {
      (position: inout Int, end: Int) throws(Malformed) in
      let start = position
      position = try valueEnd(from: position, end: end)
      elements.append(start..<position)
    }
    return elements
  }

  /// Walks `open item (, item)* close` at `range`, `item` reading one item from `position`.
  private func forEachItem(
    in range: Range<Int>, open: UInt8, close: UInt8, _ item: (inout Int, Int) throws(Malformed) -> Void
  ) throws(Malformed) {
    var position = range.lowerBound
    let end = range.upperBound
    skipWhitespace(&position, end)
    guard position < end, bytes[position] == open else { throw Malformed() }
    position += 1
    skipWhitespace(&position, end)
    if position < end, bytes[position] == close { return try expectEnd(position + 1, end) }
    while true {
      try item(&position, end)
      skipWhitespace(&position, end)
      guard position < end else { throw Malformed() }
      if bytes[position] == close { return try expectEnd(position + 1, end) }
      guard bytes[position] == UInt8(ascii: ",") else { throw Malformed() }
      position += 1
      skipWhitespace(&position, end)
    }
  }

  private func expectEnd(_ position: Int, _ end: Int) throws(Malformed) {
    var position = position
    skipWhitespace(&position, end)
    guard position == end else { throw Malformed() }
  }

  private func skipWhitespace(_ position: inout Int, _ end: Int) {
    while position < end, Self.isWhitespace(bytes[position]) { position += 1 }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Just past the string whose opening quote is at `start`.
  private func stringEnd(from start: Int, end: Int) throws(Malformed) -> Int {
    var position = start + 1
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""): return position + 1
      case UInt8(ascii: "\\"): position += 2
      default: position += 1
      }
    }
    throw Malformed()
  }

  /// Just past the value starting at `start`: a string, an object or array (brackets counted,
  /// strings skipped, nesting bounded), or a number or literal (up to the next separator).
  private func valueEnd(from start: Int, end: Int) throws(Malformed) -> Int {
    guard start < end else { throw Malformed() }
    var position = start
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return try stringEnd(from: start, end: end)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while position < end {
        switch bytes[position] {
        case UInt8(ascii: "\""):
          position = try stringEnd(from: position, end: end)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          guard depth <= Self.maximumDepth else { throw Malformed(isTooDeep: true) }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return position + 1 }
        default: break
        }
        position += 1
      }
      throw Malformed()
    default:
      while position < end, !Self.isWhitespace(bytes[position]),
        bytes[position] != UInt8(ascii: ","), bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "]")
      {
        position += 1
      }
      guard position > start else { throw Malformed() }
      return position
    }
  }
}
