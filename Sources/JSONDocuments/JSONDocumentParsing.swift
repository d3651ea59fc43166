package import Foundation

extension JSONNode {
  /// Parses the JSON document `bytes` (one value, whitespace around it); `origin` names the file
  /// in errors.
  /// - Throws: `JSONDocumentError` at the byte where the text stops being JSON, or is nested
  ///   deeper than 256 levels.
  package init(parsing bytes: some ContiguousBytes, origin: String) throws(JSONDocumentError) {
    let parsed = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONDocumentError) in
        try JSONNode(parsing: raw, range: 0..<raw.count, at: .root, depth: 0, origin: origin)
      }
    }
    self = try parsed.get()
  }

  /// Parses the value at `range` of the document `bytes`, which sits at `path`, inside `depth`
  /// arrays and objects (its nesting counts towards the limit from there).
  package init(
    parsing bytes: UnsafeRawBufferPointer, range: Range<Int>, at path: JSONPath, depth: Int, origin: String
  ) throws(JSONDocumentError) {
    var parser = JSONParser(bytes, range: range)
    do throws(JSONParser.Failure) {
      self.init(try parser.document(depth: depth), at: path, origin: origin)
    } catch {
      throw JSONDocumentError(error, in: bytes, at: path, origin: origin)
    }
  }

  /// The members of the object at `range` of the document `bytes` (at `path`, inside `depth`
  /// containers), each value's range found and checked but not parsed: a large document is read
  /// a part at a time this way (the rest of the check, whether strings are UTF-8, is made when
  /// a part is parsed).
  package static func memberRanges(
    in bytes: UnsafeRawBufferPointer, range: Range<Int>, at path: JSONPath, depth: Int, origin: String
  ) throws(JSONDocumentError) -> [(key: String, value: Range<Int>)] {
    try itemRanges(in: bytes, range: range, opening: UInt8(ascii: "{"), at: path, depth: depth, origin: origin)
  }

  /// The ranges of the elements of the array at `range`, as `memberRanges` finds an object's.
  package static func elementRanges(
    in bytes: UnsafeRawBufferPointer, range: Range<Int>, at path: JSONPath, depth: Int, origin: String
  ) throws(JSONDocumentError) -> [Range<Int>] {
    try itemRanges(in: bytes, range: range, opening: UInt8(ascii: "["), at: path, depth: depth, origin: origin)
      .map(\.value)
  }

  private static func itemRanges(
    in bytes: UnsafeRawBufferPointer, range: Range<Int>, opening: UInt8, at path: JSONPath, depth: Int,
    origin: String
  ) throws(JSONDocumentError) -> [(key: String, value: Range<Int>)] {
    var parser = JSONParser(bytes, range: range)
    do throws(JSONParser.Failure) {
      return try parser.containerItems(opening: opening, depth: depth)
    } catch {
      throw JSONDocumentError(error, in: bytes, at: path, origin: origin)
    }
  }
}

extension JSONDocumentError {
  /// The parser's `failure` in the document `bytes`, reading the value at `path`.
  fileprivate init(_ failure: JSONParser.Failure, in bytes: UnsafeRawBufferPointer, at path: JSONPath, origin: String) {
    let offset = min(max(failure.offset, 0), bytes.count)
    let line = 1 + UnsafeRawBufferPointer(rebasing: bytes[..<offset]).count { $0 == UInt8(ascii: "\n") }
    self.init(file: origin, path: path.description, message: failure.message, offset: offset, line: line)
  }
}
