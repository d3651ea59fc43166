import AuditReports
import Foundation
import Testing

@Suite struct JSONWriterTests {
  @Test func prettyLayoutWithEmptyContainers() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a")
    writer.int(1)
    writer.key("list")
    writer.beginArray()
    writer.string("x")
    writer.null()
    writer.endArray()
    writer.key("empty")
    writer.beginArray()
    writer.endArray()
    writer.key("none")
    writer.beginObject()
    writer.endObject()
    writer.endObject()
    let expected = """
      {
        "a": 1,
        "list": [
          "x",
          null
        ],
        "empty": [],
        "none": {}
      }
      """
    #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == expected)
  }

  @Test func inlineContainersStayOnOneLine() {
    var writer = JSONWriter()
    writer.beginArray()
    for index in 0..<2 {
      writer.beginObject(inline: true)
      writer.key("n")
      writer.int(index)
      writer.key("tags")
      writer.beginArray()
      writer.bool(true)
      writer.string("t")
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    let expected = """
      [
        {"n": 0, "tags": [true, "t"]},
        {"n": 1, "tags": [true, "t"]}
      ]
      """
    #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == expected)
  }

  /// A document written in pieces, each element by its own writer at the document's depth, is
  /// the same bytes as the document written whole.
  @Test func fragmentsJoinIntoTheSameDocument() {
    let element: JSONValue = .object([("name", .string("a\"b")), ("items", .array([.int(1), .int(2)]))])
    let whole: JSONValue = .object([("files", .array([element, element]))])
    var expected = ""
    whole.write(to: &expected)

    var document = JSONWriter()
    document.beginObject()
    document.key("files")
    document.beginArray()
    var bytes = document.takeBytes()
    for _ in 0..<2 {
      var fragment = JSONWriter(depth: document.depth)
      element.write(to: &fragment)
      document.fragment(fragment.takeBytes())
      bytes += document.takeBytes()
    }
    document.endArray()
    document.endObject()
    bytes += document.takeBytes() + [UInt8(ascii: "\n")]
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test func stringsAreEscapedAndRawBytesShownAsEscapes() throws {
    var writer = JSONWriter()
    writer.beginArray()
    writer.string("tab\tquote\"\u{1B}\u{9B}\u{202E}é")
    [UInt8]([0x5F, 0xFF, 0x0A]).withUnsafeBytes { writer.string($0) }
    writer.endArray()
    let text = String(decoding: writer.takeBytes(), as: UTF8.self)
    #expect(text.contains(#""tab\tquote\"\u001b\u009b\u202eé""#))
    let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
    #expect(decoded == ["tab\tquote\"\u{1B}\u{9B}\u{202E}é", #"_\xff"# + "\n"])
  }
}
