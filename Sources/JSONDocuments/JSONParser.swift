/// Reads JSON text (RFC 8259) from bytes, by recursive descent, within bounds: containers nest
/// at most `maximumDepth` deep, every byte read is checked against the end, and nothing is
/// allocated by a count the text states. Strings must be UTF-8 and a key may appear only once in
/// an object.
///
/// The values are built (`document(depth:)`), or only checked and stepped over
/// (`containerItems`), so a large document can be split into the ranges of its items and each
/// parsed on its own. A step-over checks the structure, escapes, numbers and literals, not
/// whether a string is UTF-8: that is checked when the string is built.
struct JSONParser {
  /// The deepest nesting of arrays and objects read; deeper text is refused before the recursion
  /// goes further.
  static let maximumDepth = 256

  /// Why the text cannot be read, and the offset where reading stopped.
  struct Failure: Error {
    var offset: Int
    var message: String

    /// Text that is not JSON: "not valid JSON: `reason`".
    static func syntax(_ reason: String, at offset: Int) -> Failure {
      Failure(offset: offset, message: "not valid JSON: " + reason)
    }
  }

  private let bytes: UnsafeRawBufferPointer
  private let end: Int
  private var position: Int

  /// A parser for the text at `range` of `bytes` (offsets in errors count from the start of `bytes`).
  init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
    self.bytes = bytes
    position = max(0, range.lowerBound)
    end = min(bytes.count, max(position, range.upperBound))
  }

  /// The one value of the text, nested `depth` levels deep in its document; whitespace around it
  /// is allowed, and a UTF-8 byte order mark before it when the text starts the document.
  mutating func document(depth: Int) throws(Failure) -> JSONElement {
    if position == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    skipWhitespace()
    let value = try value(depth: depth)
    try expectEnd()
    return value
  }

  /// The items of the one container of the text, nested `depth` levels deep, checked and stepped
  /// over: each member's key and the range of its value for an object, each element's range for
  /// an array (with an empty key). `opening` is `{` or `[`.
  mutating func containerItems(opening: UInt8, depth: Int) throws(Failure) -> [(key: String, value: Range<Int>)] {
    skipWhitespace()
    guard position < end, bytes[position] == opening else {
      throw Failure(
        offset: position, message: opening == UInt8(ascii: "{") ? "expected an object" : "expected an array")
    }
    var items: [(key: String, value: Range<Int>)] = []
    if opening == UInt8(ascii: "{") {
      try members(depth: depth) { parser, key, _ throws(Failure) in
        let start = parser.position
        try parser.skipValue(depth: depth + 1)
        items.append((key, start..<parser.position))
      }
    } else {
      try elements(depth: depth) { parser throws(Failure) in
        let start = parser.position
        try parser.skipValue(depth: depth + 1)
        items.append(("", start..<parser.position))
      }
    }
    try expectEnd()
    return items
  }

  // MARK: Values

  private mutating func value(depth: Int) throws(Failure) -> JSONElement {
    switch try peek() {
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "{"):
      var members: [JSONMember] = []
      var keys = Set<String>()
      try self.members(depth: depth) { parser, key, keyStart throws(Failure) in
        let value = try parser.value(depth: depth + 1)
        // A short object is searched; a long one keeps its keys in a set.
        let isRepeated: Bool
        if members.count < 16 {
          isRepeated = members.contains { $0.key == key }
        } else {
          if keys.isEmpty { keys = Set(members.map(\.key)) }
          isRepeated = !keys.insert(key).inserted
        }
        guard !isRepeated else {
          throw .syntax("the key '\(key)' appears twice in one object", at: keyStart)
        }
        members.append(JSONMember(key: key, value: value))
      }
      return .object(members)
    case UInt8(ascii: "["):
      var elements: [JSONElement] = []
      try self.elements(depth: depth) { parser throws(Failure) in elements.append(try parser.value(depth: depth + 1)) }
      return .array(elements)
    default:
      return try scalar()
    }
  }

  private mutating func skipValue(depth: Int) throws(Failure) {
    switch try peek() {
    case UInt8(ascii: "\""):
      try scanString(decoding: false)
    case UInt8(ascii: "{"):
      try members(depth: depth) { parser, _, _ throws(Failure) in try parser.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      try elements(depth: depth) { parser throws(Failure) in try parser.skipValue(depth: depth + 1) }
    default:
      _ = try scalar()
    }
  }

  /// `true`, `false`, `null` or a number.
  private mutating func scalar() throws(Failure) -> JSONElement {
    switch try peek() {
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    default:
      throw failure("expected a value")
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let start = position
    for expected in UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard position < end, bytes[position] == expected else {
        throw .syntax("expected a value", at: start)
      }
      position += 1
    }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
  private mutating func number() throws(Failure) -> String {
    let start = position
    if byte(is: UInt8(ascii: "-")) { position += 1 }
    if byte(is: UInt8(ascii: "0")) {
      position += 1
    } else {
      try digits()
    }
    if byte(is: UInt8(ascii: ".")) {
      position += 1
      try digits()
    }
    if byte(is: UInt8(ascii: "e")) || byte(is: UInt8(ascii: "E")) {
      position += 1
      if byte(is: UInt8(ascii: "+")) || byte(is: UInt8(ascii: "-")) { position += 1 }
      try digits()
    }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  /// One or more decimal digits.
  private mutating func digits() throws(Failure) {
    let start = position
    while position < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
    guard position > start else { throw failure("a malformed number") }
  }

  // MARK: Containers

  /// An object from its `{`: `member` reads each member's value, given its key and the key's offset.
  private mutating func members(depth: Int, _ member: (inout JSONParser, String, Int) throws(Failure) -> Void)
    throws(Failure)
  {
    try items(depth: depth, close: UInt8(ascii: "}"), after: "a member") { parser throws(Failure) in
      guard try parser.peek() == UInt8(ascii: "\"") else { throw parser.failure("expected a key in quotes") }
      let keyStart = parser.position
      let key = try parser.string()
      parser.skipWhitespace()
      guard try parser.peek() == UInt8(ascii: ":") else { throw parser.failure("expected ':' after a key") }
      parser.position += 1
      parser.skipWhitespace()
      try member(&parser, key, keyStart)
    }
  }

  /// An array from its `[`: `element` reads each element.
  private mutating func elements(depth: Int, _ element: (inout JSONParser) throws(Failure) -> Void) throws(Failure) {
    try items(depth: depth, close: UInt8(ascii: "]"), after: "an element", element)
  }

  /// A container from its opening bracket: items separated by commas up to `close`.
  private mutating func items(
    depth: Int, close: UInt8, after itemName: String, _ item: (inout JSONParser) throws(Failure) -> Void
  ) throws(Failure) {
    guard depth < Self.maximumDepth else {
      throw Failure(offset: position, message: "nested deeper than \(Self.maximumDepth) levels")
    }
    position += 1
    skipWhitespace()
    if try peek() == close {
      position += 1
      return
    }
    while true {
      try item(&self)
      skipWhitespace()
      let next = try peek()
      guard next == UInt8(ascii: ",") || next == close else {
        throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))' after \(itemName)")
      }
      position += 1
      if next == close { return }
      skipWhitespace()
    }
  }

  // MARK: Strings

  /// The string whose opening quote is at the position.
  private mutating func string() throws(Failure) -> String {
    // `scanString(decoding: true)` returns a string or throws.
    try scanString(decoding: true) ?? ""
  }

  /// Steps over the string whose opening quote is at the position, checking its escapes and that
  /// it holds no control character, and returns its value when `decoding` (`nil` otherwise).
  @discardableResult
  private mutating func scanString(decoding: Bool) throws(Failure) -> String? {
    let start = position
    position += 1
    var unescaped: [UInt8] = []
    var hasEscape = false
    var runStart = position
    while true {
      guard position < end else { throw .syntax("a string is not closed", at: start) }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw failure("a control character in a string (write it as an escape)") }
      guard byte == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      hasEscape = true
      if decoding { unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])) }
      try escape(appendingTo: &unescaped, decoding: decoding)
      runStart = position
    }
    let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])
    position += 1
    guard decoding else { return nil }
    let text: String?
    if hasEscape {
      unescaped.append(contentsOf: run)
      text = unescaped.withUnsafeBufferPointer(Self.string(utf8:))
    } else {
      text = Self.string(utf8: run.assumingMemoryBound(to: UInt8.self))
    }
    guard let text else { throw .syntax("a string that is not UTF-8", at: start) }
    return text
  }

  /// `bytes` as text, `nil` when they are not UTF-8. ASCII, nearly every string of a catalog or
  /// baseline, is decoded without `String(validating:as:)`, which looked up its generic metadata
  /// at every call: a thousand instructions a string, a third of decoding the built-in catalog.
  private static func string(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80 ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
  }

  /// Steps over the escape at the position (`\n`, `\u00e9`, a surrogate pair), appending its
  /// UTF-8 bytes to `unescaped` when `decoding`.
  private mutating func escape(appendingTo unescaped: inout [UInt8], decoding: Bool) throws(Failure) {
    let start = position
    guard position + 1 < end else { throw .syntax("a string is not closed", at: start) }
    let letter = bytes[position + 1]
    position += 2
    let simple: UInt8
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      let scalar = try unicodeEscape(start: start)
      if decoding { UTF8.encode(scalar) { unescaped.append($0) } }
      return
    default: throw .syntax("an unknown escape in a string", at: start)
    }
    if decoding { unescaped.append(simple) }
  }

  /// The scalar of a `\uXXXX` escape, or of two that make a surrogate pair; the first `XXXX` is
  /// at the position.
  private mutating func unicodeEscape(start: Int) throws(Failure) -> Unicode.Scalar {
    var code = try hexQuad(escapeStart: start)
    if (0xD800..<0xDC00).contains(code), position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    {
      position += 2
      let low = try hexQuad(escapeStart: start)
      guard (0xDC00..<0xE000).contains(low) else { throw .syntax("a \\u escape of half a surrogate pair", at: start) }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(code) else { throw .syntax("a \\u escape of half a surrogate pair", at: start) }
    return scalar
  }

  /// The four hex digits at the position, as a number.
  private mutating func hexQuad(escapeStart: Int) throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < end, let digit = Self.hexValue(bytes[position]) else {
        throw .syntax("a \\u escape without four hex digits", at: escapeStart)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: Bytes

  /// The byte at the position; the end of the text is a failure.
  private func peek() throws(Failure) -> UInt8 {
    guard position < end else { throw failure("unexpected end of the document") }
    return bytes[position]
  }

  private func byte(is expected: UInt8) -> Bool {
    position < end && bytes[position] == expected
  }

  private mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Only whitespace may follow the value.
  private mutating func expectEnd() throws(Failure) {
    skipWhitespace()
    guard position == end else { throw failure("text after the end of the value") }
  }

  /// Text that is not JSON at the position.
  private func failure(_ reason: String) -> Failure {
    .syntax(reason, at: position)
  }
}
