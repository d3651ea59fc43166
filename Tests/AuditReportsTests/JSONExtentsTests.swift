import Testing

@testable import AuditReports

/// `JSONExtents` finds values by structure alone: strings (with escaped quotes and brackets in
/// them) are skipped whole, brackets are counted, and broken or too deeply nested text is refused.
@Suite struct JSONExtentsTests {
  private func members(_ text: String) throws -> [(String, String)] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { raw throws in
      try JSONExtents(raw).members().map { ($0.key, String(decoding: bytes[$0.value], as: UTF8.self)) }
    }
  }

  @Test func membersAndElementsAreFoundByStructure() throws {
    let text = #" { "a" : "x\"]}{" , "b":[1, {"c": "[\\"}, [ ] ], "n": -1.5e3 ,"t":true } "#
    let found = try members(text)
    #expect(found.map(\.0) == ["a", "b", "n", "t"])
    #expect(found.map(\.1) == [#""x\"]}{""#, #"[1, {"c": "[\\"}, [ ] ]"#, "-1.5e3", "true"])
    let bytes = Array(text.utf8)
    let elements = try bytes.withUnsafeBytes { raw throws in
      let extents = JSONExtents(raw)
      let array = try extents.members()[1].value
      return try extents.elements(of: array).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(elements == ["1", #"{"c": "[\\"}"#, "[ ]"])
  }

  @Test func emptyContainersHaveNoItems() throws {
    #expect(try members("{}").isEmpty)
    let bytes = Array("[ ]".utf8)
    #expect(try bytes.withUnsafeBytes { raw in try JSONExtents(raw).elements(of: 0..<3) }.isEmpty)
  }

  @Test(arguments: [
    "", "[]", "{", #"{"a"}"#, #"{"a": }"#, #"{"a": 1,}"#, #"{"a": 1 "b": 2}"#, #"{"a": "unterminated}"#,
    #"{"a": [1, 2}"#, #"{"a": 1} trailing"#, "{1: 2}",
  ])
  func brokenStructureIsRefused(text: String) {
    #expect(throws: JSONExtents.Malformed.self) { try members(text) }
  }

  @Test func nestingPastTheBoundIsRefusedBeforeAnyParserSeesIt() throws {
    let depth = JSONExtents.maximumDepth
    let nested = { (levels: Int) in
      #"{"a": "# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}"
    }
    #expect(try members(nested(depth)).count == 1)
    do {
      _ = try members(nested(depth + 1))
      Issue.record("accepted nesting past the bound")
    } catch {
      #expect((error as? JSONExtents.Malformed)?.isTooDeep == true)
    }
  }
}
