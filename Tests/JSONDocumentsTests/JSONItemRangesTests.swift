import JSONDocuments
import Testing

/// `JSONNode.memberRanges` and `elementRanges` find a container's items by structure, without
/// building them: strings (with escaped quotes and brackets in them) are stepped over whole,
/// nesting is counted, and broken or too deeply nested text is refused.
@Suite struct JSONItemRangesTests {
  private func members(_ text: String) throws(JSONDocumentError) -> [(String, String)] {
    let bytes = Array(text.utf8)
    let found = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONDocumentError) in
        try JSONNode.memberRanges(in: raw, range: 0..<raw.count, at: .root, depth: 0, origin: "doc.json")
      }
    }
    return try found.get().map { ($0.key, String(decoding: bytes[$0.value], as: UTF8.self)) }
  }

  private func elements(_ text: String) throws -> [String] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { raw in
      try JSONNode.elementRanges(in: raw, range: 0..<raw.count, at: .root, depth: 0, origin: "doc.json").map {
        String(decoding: bytes[$0], as: UTF8.self)
      }
    }
  }

  @Test func membersAndElementsAreFoundByStructure() throws {
    let text = #" { "a" : "x\"]}{" , "b":[1, {"c": "[\\"}, [ ] ], "n": -1.5e3 ,"t":true } "#
    let found = try members(text)
    #expect(found.map(\.0) == ["a", "b", "n", "t"])
    #expect(found.map(\.1) == [#""x\"]}{""#, #"[1, {"c": "[\\"}, [ ] ]"#, "-1.5e3", "true"])
    #expect(try elements(found[1].1) == ["1", #"{"c": "[\\"}"#, "[ ]"])
  }

  @Test func emptyContainersHaveNoItems() throws {
    #expect(try members("{}").isEmpty)
    #expect(try elements("[ ]").isEmpty)
  }

  @Test(arguments: [
    "", "[]", "{", #"{"a"}"#, #"{"a": }"#, #"{"a": 1,}"#, #"{"a": 1 "b": 2}"#, #"{"a": "unterminated}"#,
    #"{"a": [1, 2}"#, #"{"a": 1} trailing"#, "{1: 2}", #"{"a": [01]}"#, #"{"a": "\q"}"#,
  ])
  func brokenStructureIsRefused(text: String) {
    #expect(throws: JSONDocumentError.self) { try members(text) }
  }

  /// The object counts as the first level, so 255 arrays fit inside it and 256 do not.
  @Test func nestingPastTheBoundIsRefusedBeforeAnyValueIsBuilt() throws {
    let nested = { (levels: Int) in
      #"{"a": "# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}"
    }
    #expect(try members(nested(255)).count == 1)
    let error = #expect(throws: JSONDocumentError.self) { try members(nested(256)) }
    #expect(error?.message == "nested deeper than 256 levels")
    #expect(error?.offset == 261)
  }
}
