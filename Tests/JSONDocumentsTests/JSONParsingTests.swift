import Foundation
import JSONDocuments
import Testing

@Suite("JSON parsing")
struct JSONParsingTests {
  private func parse(_ text: String) throws(JSONDocumentError) -> JSONNode {
    try JSONNode(parsing: Array(text.utf8), origin: "doc.json")
  }

  /// The error parsing `text` gives, as its description.
  private func failure(_ text: String) -> String? {
    do throws(JSONDocumentError) {
      _ = try parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func valuesAreReadWithTheirTypes() throws {
    let root = try parse(
      #"{"s": "a\"\\\/\b\f\n\r\tz", "i": -12, "f": 1.5e3, "t": true, "n": null, "a": [1, "x"], "o": {}}"#)
    #expect(try root.member("s").string() == "a\"\\/\u{8}\u{C}\n\r\tz")
    #expect(try root.member("i").int() == -12)
    #expect(throws: JSONDocumentError.self) { try root.member("f").int() }
    #expect(try root.member("t").bool())
    #expect(try root.member("n").isNull && root.optionalMember("n") == nil)
    #expect(try root.member("a").elements().count == 2)
    #expect(try root.member("o").members().isEmpty)
    #expect(try root.members().map(\.key) == ["s", "i", "f", "t", "n", "a", "o"])
  }

  @Test func unicodeEscapesAndUTF8AreDecoded() throws {
    let root = try parse(#"["\u00e9", "\ud83d\ude00", "é😀", "\u0000"]"#)
    #expect(try root.strings() == ["é", "😀", "é😀", "\u{0}"])
  }

  @Test(arguments: [
    ("", "not valid JSON: unexpected end of the document (line 1, byte 0)"),
    ("{", "not valid JSON: unexpected end of the document (line 1, byte 1)"),
    ("{\n  \"a\": 1\n  \"b\": 2\n}", "not valid JSON: expected ',' or '}' after a member (line 3, byte 13)"),
    ("[1, 2,]", "not valid JSON: expected a value (line 1, byte 6)"),
    ("[01]", "not valid JSON: expected ',' or ']' after an element (line 1, byte 2)"),
    ("[1.]", "not valid JSON: a malformed number (line 1, byte 3)"),
    ("[tru]", "not valid JSON: expected a value (line 1, byte 1)"),
    ("{a: 1}", "not valid JSON: expected a key in quotes (line 1, byte 1)"),
    (#"{"a" 1}"#, "not valid JSON: expected ':' after a key (line 1, byte 5)"),
    (#"["a"#, "not valid JSON: a string is not closed (line 1, byte 1)"),
    ("[\"a\tb\"]", "not valid JSON: a control character in a string (write it as an escape) (line 1, byte 3)"),
    (#"["\x"]"#, "not valid JSON: an unknown escape in a string (line 1, byte 2)"),
    (#"["\u12"]"#, "not valid JSON: a \\u escape without four hex digits (line 1, byte 2)"),
    (#"["\ud83d"]"#, "not valid JSON: a \\u escape of half a surrogate pair (line 1, byte 2)"),
    (#"["\ude00"]"#, "not valid JSON: a \\u escape of half a surrogate pair (line 1, byte 2)"),
    (#"{"a": 1, "a": 2}"#, "not valid JSON: the key 'a' appears twice in one object (line 1, byte 9)"),
    ("[1] [2]", "not valid JSON: text after the end of the value (line 1, byte 4)"),
  ])
  func malformedTextIsNamedByLineAndByte(text: String, message: String) {
    #expect(failure(text) == "doc.json: $: " + message)
  }

  /// A stray continuation byte, a truncated sequence, an overlong encoding and an encoded
  /// surrogate, alone, after ASCII and after an escape (the two ways a string is built).
  @Test(arguments: [[0xFF], [0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80]] as [[UInt8]])
  func aStringThatIsNotUTF8IsRefused(bad: [UInt8]) {
    for string in [bad, Array("abc".utf8) + bad, Array(#"\n"#.utf8) + bad, bad + Array(#"\u00e9"#.utf8)] {
      let bytes = Array(#"[""#.utf8) + string + Array(#""]"#.utf8)
      #expect(throws: JSONDocumentError.self) { try JSONNode(parsing: bytes, origin: "doc.json") }
    }
  }

  @Test func aByteOrderMarkIsSkippedAndWhitespaceAllowed() throws {
    let root = try JSONNode(parsing: [0xEF, 0xBB, 0xBF] + Array(" \n\t{\"a\": 1}\r\n ".utf8), origin: "doc.json")
    #expect(try root.member("a").int() == 1)
  }

  @Test func nestingStopsAt256Levels() throws {
    let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(throws: Never.self) { try parse(deepest) }
    let tooDeep = String(repeating: "[", count: 100_000)
    #expect(failure(tooDeep) == "doc.json: $: nested deeper than 256 levels (line 1, byte 256)")
  }

  @Test func aLongObjectFindsARepeatedKey() {
    let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
    #expect(failure("{" + members.joined(separator: ", ") + "}")?.contains("the key 'k7' appears twice") == true)
  }

  @Test func wrongTypesAndMissingKeysAreNamedByPath() throws {
    let root = try parse(#"{"list": [{"name": 3}], "flag": "yes"}"#)
    let element = try root.member("list").elements()[0]
    func message(_ reading: () throws -> Void) -> String? {
      do {
        try reading()
        return nil
      } catch {
        return (error as? JSONDocumentError)?.description
      }
    }
    let messages = [
      message { _ = try element.member("name").string() },
      message { _ = try element.member("other") },
      message { _ = try root.member("flag").bool() },
      message { _ = try root.member("list").string() },
      message { _ = try root.member("list").strings() },
      message { _ = try element.member("name").elements() },
      message { _ = try root.member("list").members() },
      message { try root.rejectUnknownKeys(allowed: ["list"]) },
    ]
    #expect(
      messages == [
        "doc.json: $.list[0].name: expected a string",
        "doc.json: $.list[0]: required key 'other' is missing",
        "doc.json: $.flag: expected true or false",
        "doc.json: $.list: expected a string",
        "doc.json: $.list[0]: expected a string",
        "doc.json: $.list[0].name: expected an array",
        "doc.json: $.list: expected an object",
        "doc.json: $.flag: unknown key (allowed: list)",
      ])
  }

  @Test func aContainersItemsAreFoundWithoutBuildingThem() throws {
    let text = Array(#"{"v": 1, "list": [{"a": [1, 2]}, "x", 3] , "e\u0078": null}"#.utf8)
    try text.withUnsafeBytes { raw in
      let members = try JSONNode.memberRanges(in: raw, range: 0..<raw.count, at: .root, depth: 0, origin: "doc.json")
      #expect(members.map(\.key) == ["v", "list", "ex"])
      let list = try #require(members.first { $0.key == "list" }).value
      let elements = try JSONNode.elementRanges(
        in: raw, range: list, at: .member(.root, "list"), depth: 1, origin: "doc.json")
      #expect(elements.map { String(decoding: raw[$0], as: UTF8.self) } == [#"{"a": [1, 2]}"#, #""x""#, "3"])
      let first = try JSONNode(
        parsing: raw, range: elements[0], at: .element(.member(.root, "list"), 0), depth: 2, origin: "doc.json")
      let error = #expect(throws: JSONDocumentError.self) { try first.member("a").string() }
      #expect(error?.path == "$.list[0].a")
      let notArray = #expect(throws: JSONDocumentError.self) {
        try JSONNode.elementRanges(
          in: raw, range: members[0].value, at: .member(.root, "v"), depth: 1, origin: "doc.json")
      }
      #expect(notArray?.description == "doc.json: $.v: expected an array (line 1, byte 6)")
    }
  }
}
