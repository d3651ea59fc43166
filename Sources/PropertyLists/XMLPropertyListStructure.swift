/// Whether the elements of a plain XML property list (`PlainXMLPropertyList`) make one that
/// `XMLPropertyListValues` would build without a problem, checked without building a value: where
/// each element goes (`XMLPropertyListValues.problem(placing:in:name:)`), the nesting and object
/// bounds, and that each text element's text is a value. A reader that keeps only part of a
/// document goes through this, so that what it reads is a document `PropertyListDocument` reads.
///
/// One check is stricter than the values: `<data>` is taken only when its base64 is in the
/// canonical form (four-character groups, `=` only at the end, unused bits zero, white space
/// anywhere), which decodes whatever the decoder, without decoding it; any other `<data>`
/// answers `false` although the values may take it.
struct XMLPropertyListStructure {
  private typealias Container = XMLPropertyListValues.Container

  /// The open elements, innermost last; a text element's `hasText` says it got its text.
  private var open: [(container: Container, hasText: Bool)] = []
  private var hasRoot = false
  private var objects = 0

  /// The number of open elements.
  var depth: Int { open.count }

  /// Whether `element` may start here.
  mutating func start(_ element: XMLPropertyListValues.Element) -> Bool {
    guard open.count < ExpansionBudget.maximumDepth,
      XMLPropertyListValues.problem(placing: element, in: open.last?.container ?? .document(hasRoot: hasRoot), name: "")
        == nil
    else { return false }
    let container: Container =
      switch element {
      case .plist: .plist(hasValue: false)
      case .array: .array
      case .dict: .dictionary(hasKey: false)
      case .text(let text): .text(text)
      }
    open.append((container, false))
    return true
  }

  /// Whether the text at `range` of `document` is the value of the open text element.
  mutating func read(_ range: Range<Int>, of document: UnsafeRawBufferPointer) -> Bool {
    guard case .text(let element)? = open.last?.container else { return false }
    open[open.count - 1].hasText = true
    return Self.isValue(element, UnsafeRawBufferPointer(rebasing: document[range]))
  }

  /// Whether the innermost open element may end here.
  mutating func end() -> Bool {
    guard let closed = open.popLast() else { return false }
    switch closed.container {
    case .plist(let hasValue):
      hasRoot = hasValue
      return hasValue
    case .dictionary(hasKey: true):
      return false
    case .text(.key):
      guard case .dictionary(hasKey: false)? = open.last?.container else { return false }
      open[open.count - 1].container = .dictionary(hasKey: true)
      return count()
    case .text(let element) where !closed.hasText:
      return Self.isValue(element, UnsafeRawBufferPointer(start: nil, count: 0)) && add()
    case .array, .dictionary, .text, .document:
      return add()
    }
  }

  /// A value ends inside the innermost open element.
  private mutating func add() -> Bool {
    guard count() else { return false }
    switch open.last?.container {
    case nil: hasRoot = true
    case .plist?: open[open.count - 1].container = .plist(hasValue: true)
    case .dictionary(hasKey: true)?: open[open.count - 1].container = .dictionary(hasKey: false)
    case .array?: break
    case .dictionary(hasKey: false)?, .text?, .document?: return false
    }
    return true
  }

  private mutating func count() -> Bool {
    objects += 1
    return objects <= ExpansionBudget.maximumObjects
  }

  /// Whether `text` (plain ASCII) is a value of `element`.
  private static func isValue(_ element: XMLPropertyListValues.TextElement, _ text: UnsafeRawBufferPointer) -> Bool {
    switch element {
    case .key, .string: true
    // Trimmed of white space, which in the plain form is spaces, tabs and line feeds.
    case .true, .false: text.allSatisfy(PropertyListSyntax.isWhiteSpace)
    case .data: isCanonicalBase64(text)
    case .integer, .real, .date:
      isPlainNumber(text, element)
        || XMLPropertyListValues.value(of: element, String(decoding: text, as: UTF8.self)) != nil
    }
  }

  /// Whether `text` is a number its element surely reads, told from its bytes: at most 18
  /// digits, as an `<integer>`, or as a `<real>` with at most one `.` between them (the rules'
  /// weights, `20.0`, whose reading through the values cost more than the rest of the seal's).
  private static func isPlainNumber(_ text: UnsafeRawBufferPointer, _ element: XMLPropertyListValues.TextElement)
    -> Bool
  {
    guard element != .date, text.count <= 18, let first = text.first, let last = text.last, isDigit(first),
      isDigit(last)
    else { return false }
    var points = 0
    for byte in text where !isDigit(byte) {
      guard byte == UInt8(ascii: ".") else { return false }
      points += 1
    }
    return points == 0 || element == .real && points == 1
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Whether `text` is base64 in four-character groups, with at most two `=` that end the last
  /// and unused bits that are zero, with white space anywhere.
  static func isCanonicalBase64(_ text: UnsafeRawBufferPointer) -> Bool {
    let kinds = Self.base64
    var characters = 0
    var padding = 0
    var last: UInt8 = 0
    for byte in text {
      let kind = kinds[Int(byte)]
      if kind < 64 {
        guard padding == 0 else { return false }
        last = kind
      } else if kind == Base64.padding {
        padding += 1
      } else {
        guard kind == Base64.whiteSpace else { return false }
        continue
      }
      characters += 1
    }
    guard characters % 4 == 0, padding <= 2 else { return false }
    // The bits of the last character past the bytes it ends: four with `==`, two with `=`.
    return padding == 0 || last & (padding == 2 ? 0x0F : 0x03) == 0
  }

  /// What a byte is in base64 text, when not a character's six bits (`0..<64`).
  private enum Base64 {
    static let padding: UInt8 = 64
    static let whiteSpace: UInt8 = 65
    static let other: UInt8 = 66
  }

  /// Every byte's six bits in base64, or what else it is (`Base64`): one look-up a byte.
  private static let base64: [UInt8] = (0...255).map { value in
    let byte = UInt8(value)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    if let sextet = alphabet.firstIndex(of: byte) { return UInt8(sextet) }
    if byte == UInt8(ascii: "=") { return Base64.padding }
    return PropertyListSyntax.isWhiteSpace(byte) ? Base64.whiteSpace : Base64.other
  }
}
