import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// XML property lists (`<plist version="1.0">…</plist>`), read byte by byte when they are in
/// the form tools write (`PlainXMLPropertyList`), else with Foundation's `XMLParser` (libxml2's
/// SAX parser), and built into values here.
///
/// libxml2 only tokenizes: whatever could make it do more is refused before it sees the bytes
/// (`XMLInputGuard`: entity declarations, NUL bytes, encodings other than UTF-8). External
/// entities and DTDs are never loaded (`shouldResolveExternalEntities` is false). corelibs also
/// runs libxml2 in recovery mode, so any error libxml2 reports fails the parse here. Values
/// nest at most `ExpansionBudget.maximumDepth` deep and number at most `maximumObjects`.
enum XMLPropertyListParser {
  static func parse(_ data: Data) throws(PropertyListSyntaxError) -> PropertyListDocument {
    try XMLInputGuard.refuseUnsafeInput(data, documents: "property lists")
    if let document = data.withUnsafeBytes(PlainXMLPropertyList.read) { return document }
    let builder = XMLPropertyListBuilder()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = builder
    let finished = parser.parse()
    if let failure = builder.failure { throw PropertyListSyntaxError(reason: failure) }
    guard finished, parser.parserError == nil else {
      throw PropertyListSyntaxError(reason: "malformed XML at line \(parser.lineNumber)")
    }
    guard let root = builder.values.root else { throw PropertyListSyntaxError(reason: "the XML holds no value") }
    return PropertyListDocument(root: root, duplicateKeys: builder.values.duplicates)
  }
}

/// The `XMLParser` delegate: hands each event to the values being built and stops the parse at
/// the first problem. The building state is one struct, so that each event costs one access to
/// this class's storage, not one per field it touches.
private final class XMLPropertyListBuilder: NSObject, XMLParserDelegate {
  private(set) var values = XMLPropertyListValues()
  private(set) var failure: String?

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    if let problem = values.start(name) { fail(problem, parser) }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard failure == nil else { return }
    if let problem = values.append(string) { fail(problem, parser) }
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    guard failure == nil else { return }
    if let problem = values.append(String(decoding: block, as: UTF8.self)) { fail(problem, parser) }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    guard failure == nil else { return }
    if let problem = values.end() { fail(problem, parser) }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    fail("malformed XML", parser)
  }

  func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
    fail("malformed XML", parser)
  }

  private func fail(_ reason: String, _ parser: XMLParser) {
    guard failure == nil else { return }
    failure = "\(reason) at line \(parser.lineNumber)"
    parser.abortParsing()
  }
}

/// The values of an XML property list as its elements start and end; each step returns the
/// problem that ends the parse, if any. `XMLParser`'s delegate and `PlainXMLPropertyList` both
/// drive it, so the two readers build the same values.
struct XMLPropertyListValues {
  /// The elements that hold text.
  enum TextElement: String, CaseIterable {
    case key, string, integer, real, date, data, `true`, `false`
  }

  /// A property list element, told from its name once.
  enum Element: Equatable {
    case plist, array, dict
    case text(TextElement)

    /// The element's name: `dict`, `key`, ….
    var name: String {
      switch self {
      case .plist: "plist"
      case .array: "array"
      case .dict: "dict"
      case .text(let element): element.rawValue
      }
    }

    /// Whether the element holds text (`<key>`, `<string>`, …), not other elements.
    var holdsText: Bool {
      if case .text = self { return true }
      return false
    }
  }

  /// Every element, by its name packed into an integer (`packed(_:)`), the most frequent first.
  private static let elements: [(name: UInt64, element: Element)] =
    (TextElement.allCases.map(Element.text) + [.dict, .array, .plist]).map { (packed($0.name.utf8), $0) }

  /// The element named by the bytes `name`; `nil` for a name that is none.
  static func element(named name: UnsafeRawBufferPointer) -> Element? {
    // No name is longer than `integer`; compared as one integer, a name costs one pass over its bytes.
    guard name.count <= 7 else { return nil }
    let packed = packed(name)
    for entry in elements where entry.name == packed { return entry.element }
    return nil
  }

  /// Up to 7 bytes, none of them zero, as one integer, which differs for every other such bytes.
  private static func packed(_ name: some Sequence<UInt8>) -> UInt64 {
    name.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// An element being read.
  private enum Frame {
    case plist(PropertyListValue?)
    case array([PropertyListValue])
    /// `key` is the key read and waiting for its value; `repeated` the keys already reported.
    case dictionary([String: PropertyListValue], key: String?, repeated: Set<String>)
    case text(TextElement, String)

    /// The step this open element adds to the path of the value being read inside it.
    var step: PropertyListPathStep? {
      switch self {
      case .array(let items): .index(items.count)
      case .dictionary(_, let key?, _): .key(key)
      case .plist, .dictionary, .text: nil
      }
    }
  }

  private(set) var root: PropertyListValue?
  private(set) var duplicates: [DuplicateKey] = []
  private var stack: [Frame] = []
  private var objects = 0

  mutating func start(_ name: String) -> String? {
    var name = name
    let element = name.withUTF8 { Self.element(named: UnsafeRawBufferPointer($0)) }
    return start(element, name: name)
  }

  /// `start(_:)` of an element told from its name already (`element(named:)`, `nil` for none):
  /// the name, a `String`, is made only for a problem that shows it.
  mutating func start(_ element: Element?, name: @autoclosure () -> String) -> String? {
    guard stack.count < ExpansionBudget.maximumDepth else {
      return "it nests deeper than \(ExpansionBudget.maximumDepth) levels"
    }
    let container: Container =
      switch stack.last {
      case .text(let open, _): .text(open)
      case .dictionary(_, let key, _): .dictionary(hasKey: key != nil)
      case .plist(let value): .plist(hasValue: value != nil)
      case .array: .array
      case nil: .document(hasRoot: root != nil)
      }
    if let problem = Self.problem(placing: element, in: container, name: name()) { return problem }
    switch element {
    case .plist?: stack.append(.plist(nil))
    case .array?: stack.append(.array([]))
    case .dict?: stack.append(.dictionary([:], key: nil, repeated: []))
    case .text(let text)?: stack.append(.text(text, ""))
    case nil: break  // refused by `problem(placing:in:name:)`
    }
    return nil
  }

  /// What holds an element about to start, as far as it decides where elements may go.
  enum Container {
    /// Nothing: the element is the document's value, or another one when `hasRoot`.
    case document(hasRoot: Bool)
    case plist(hasValue: Bool)
    case array
    /// `hasKey`: a `<key>` was read and waits for its value.
    case dictionary(hasKey: Bool)
    case text(TextElement)
  }

  /// Why `element` (`nil` for a name that is none) may not start in `container`, if it may not:
  /// the one statement of where elements go, for the values built here and for the elements
  /// `XMLPropertyListStructure` checks without building them.
  static func problem(placing element: Element?, in container: Container, name: @autoclosure () -> String)
    -> String?
  {
    if element == .plist {
      guard case .document(hasRoot: false) = container else { return "<plist> is inside the property list" }
      return nil
    }
    let isKey = element == .text(.key)
    switch container {
    case .text(let open):
      return "<\(name())> is inside <\(open.rawValue)>"
    case .dictionary(let hasKey) where isKey == hasKey:
      return isKey ? "a <key> has no value" : "a <\(name())> in a <dict> has no <key>"
    case .plist(hasValue: true):
      return "<plist> holds more than one value"
    case .document(hasRoot: true):
      return "the XML holds more than one value"
    case .array, .plist(hasValue: false), .document(hasRoot: false):
      if isKey { return "a <key> is outside a <dict>" }
    case .dictionary:
      break
    }
    return element == nil ? "<\(name())> is not a property list element" : nil
  }

  /// Text goes to the text element being read; outside one, only white space may appear.
  mutating func append(_ string: String) -> String? {
    guard case .text(let element, var text)? = stack.last else {
      // The white space between elements is XML's (a test of its bytes); anything else is judged by character.
      let isXMLWhiteSpace = string.utf8.allSatisfy(PropertyListSyntax.isWhiteSpace)
      return !isXMLWhiteSpace && string.contains(where: { !$0.isWhitespace }) ? "text is outside a value" : nil
    }
    stack.removeLast()
    text += string
    stack.append(.text(element, text))
    return nil
  }

  mutating func end() -> String? {
    guard let frame = stack.popLast() else { return nil }
    switch frame {
    case .plist(let value):
      guard let value else { return "<plist> is empty" }
      root = value
      return nil
    case .array(let items):
      return add(.array(items))
    case .dictionary(let entries, let key, _):
      guard key == nil else { return "the <key> \(key ?? "") has no value" }
      return add(.dictionary(entries))
    case .text(.key, let text):
      guard case .dictionary(let entries, nil, let repeated)? = stack.popLast() else {
        return "a <key> is outside a <dict>"  // ruled out when the element started
      }
      stack.append(.dictionary(entries, key: text, repeated: repeated))
      return count()
    case .text(let element, let text):
      guard let value = Self.value(of: element, text) else {
        return "<\(element.rawValue)>\(text.prefix(40))</\(element.rawValue)> is not a valid value"
      }
      return add(value)
    }
  }

  /// Hands a finished value to the element holding it.
  private mutating func add(_ value: PropertyListValue) -> String? {
    if let problem = count() { return problem }
    switch stack.popLast() {
    case nil:
      root = value
    case .plist:
      stack.append(.plist(value))
    case .array(var items):
      items.append(value)
      stack.append(.array(items))
    case .dictionary(var entries, let key?, var repeated):
      if entries.updateValue(value, forKey: key) != nil, repeated.insert(key).inserted {
        duplicates.append(DuplicateKey(key: key, location: PropertyListPathStep.text(stack.compactMap(\.step))))
      }
      stack.append(.dictionary(entries, key: nil, repeated: repeated))
    case .dictionary(_, nil, _), .text:
      return "a value is misplaced"  // ruled out when the element started
    }
    return nil
  }

  private mutating func count() -> String? {
    objects += 1
    return objects > ExpansionBudget.maximumObjects
      ? "it holds more than \(ExpansionBudget.maximumObjects) objects" : nil
  }

  // MARK: Values

  /// The value of a text element holding `text`; `nil` when the text is not one.
  static func value(of element: TextElement, _ text: String) -> PropertyListValue? {
    var trimmed: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }  // only where it matters
    switch element {
    case .string, .key: return .string(text)
    case .true: return trimmed.isEmpty ? .boolean(true) : nil
    case .false: return trimmed.isEmpty ? .boolean(false) : nil
    case .integer: return integer(trimmed).map { .integer($0) }
    case .real: return Double(trimmed).map { .real($0) }
    case .date: return date(trimmed).map { .date($0) }
    // Untrimmed: decoding skips white space (and any other byte outside the alphabet) itself.
    case .data: return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { .data($0) }
    }
  }

  /// A decimal or `0x` hexadecimal integer with an optional sign, within 64 signed bits.
  private static func integer(_ text: String) -> Int64? {
    var digits = Substring(text)
    let isNegative = digits.first == "-"
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    let isHex = digits.hasPrefix("0x") || digits.hasPrefix("0X")
    if isHex { digits = digits.dropFirst(2) }
    guard digits.first?.isHexDigit == true, let magnitude = UInt64(digits, radix: isHex ? 16 : 10) else { return nil }
    guard isNegative else { return Int64(exactly: magnitude) }
    return magnitude <= Int64.max.magnitude + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
  }

  /// An ISO 8601 UTC date as property lists write it: `2024-05-01T12:00:00Z`.
  private static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")]
    guard bytes.count == 20, separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }) else { return nil }
    func number(_ start: Int, _ length: Int) -> Int? {
      Int(String(decoding: bytes[start..<start + length], as: UTF8.self))
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
