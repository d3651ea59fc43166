import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The form nearly every XML property list is written in, read byte by byte without libxml2:
/// the declaration and `DOCTYPE` that `plutil`, `codesign` and Xcode write (or none), elements
/// without attributes (but `<plist version="1.0">`), and text of printable ASCII, tabs and line
/// feeds without `&`. A `CodeResources` of thousands of keys cost ten times its bytes' reading
/// through `XMLParser`'s callbacks.
///
/// Anything else (a comment, CDATA, an entity or character reference, a byte outside that set,
/// a tag that is not exactly `<name>`, `</name>` or `<name/>`, a structure the values refuse)
/// answers `nil`, and the document is read by `XMLParser` as before: this reader never reports a
/// problem, so every message and every value outside the plain form stays libxml2's. Its work is
/// one pass over the bytes, which hands each element's start, text and end to `PlainXMLEvents`:
/// the values (`XMLPropertyListValues`, which bound the nesting by `maximumDepth`), or an outline
/// that builds none (`PropertyListOutline`).
enum PlainXMLPropertyList {
  /// The document's values, or `nil` when `bytes` are not in the plain form or their values are
  /// not a property list.
  static func read(_ bytes: UnsafeRawBufferPointer) -> PropertyListDocument? {
    guard let values = read(bytes, into: XMLPropertyListValues()), let root = values.root else { return nil }
    return PropertyListDocument(root: root, duplicateKeys: values.duplicates)
  }

  /// `events` after every element of `bytes` went to them; `nil` when `bytes` are not in the
  /// plain form or `events` stopped the read.
  static func read<Events: PlainXMLEvents>(_ bytes: UnsafeRawBufferPointer, into events: Events) -> Events? {
    var reader = Reader(bytes, events)
    return reader.read()
  }

  private static let declarations = [
    #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<?xml version="1.0" encoding="utf-8"?>"#,
  ].map { Array($0.utf8) }
  private static let documentType = Array(
    #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#.utf8)
  private static let plistVersion = Array(#"plist version="1.0">"#.utf8)

  private struct Reader<Events: PlainXMLEvents> {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    var events: Events
    /// The names of the open elements, as ranges of `bytes`.
    var open: [Range<Int>] = []
    /// Whether the innermost open element holds text.
    var isInText = false

    init(_ bytes: UnsafeRawBufferPointer, _ events: Events) {
      self.bytes = bytes
      self.events = events
    }

    mutating func read() -> Events? {
      if let declaration = PlainXMLPropertyList.declarations.first(where: { matches($0) }) {
        offset += declaration.count
      }
      skipWhiteSpace()
      if matches(PlainXMLPropertyList.documentType) { offset += PlainXMLPropertyList.documentType.count }
      skipWhiteSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return nil }
      repeat {
        guard let base = bytes.baseAddress,
          let found = memchr(base + offset, Int32(UInt8(ascii: "<")), bytes.count - offset)
        else { return nil }
        let next = base.distance(to: found)
        guard text(offset..<next), tag(at: next) else { return nil }
      } while !open.isEmpty
      skipWhiteSpace()
      return offset == bytes.count ? events : nil
    }

    /// Hands the text in `range` to the open text element, or checks it is white space.
    private mutating func text(_ range: Range<Int>) -> Bool {
      guard !range.isEmpty else { return true }
      guard isInText else { return range.allSatisfy { PropertyListSyntax.isWhiteSpace(bytes[$0]) } }
      guard let base = bytes.baseAddress else { return false }
      var index = range.lowerBound
      while index < range.upperBound {
        // Eight bytes at a time: only a word holding a byte below space or above `~`, an `&` or a
        // `>` is looked at byte by byte (a tab or line feed, mostly).
        let stop = min(index + 8, range.upperBound)
        if stop - index < 8 || Self.needsALook(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
          for byte in index..<stop where !isPlain(at: byte, from: range.lowerBound) { return false }
        }
        index = stop
      }
      return events.didRead(range, of: bytes)
    }

    /// Whether the byte at `index` may be in plain text that starts at `start`.
    private func isPlain(at index: Int, from start: Int) -> Bool {
      let byte = bytes[index]
      guard (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A else {
        return false
      }
      // `]]>` may not appear in XML text.
      return byte != UInt8(ascii: ">") || index - start < 2 || bytes[index - 1] != UInt8(ascii: "]")
        || bytes[index - 2] != UInt8(ascii: "]")
    }

    /// Whether any of the eight bytes of `word` is below space or above `~`, or is `&` or `>`;
    /// `false` only when none is. The tests are the usual ones on all bytes at once: a byte below
    /// `n` borrows into its top bit when `n` is taken from it, and a byte that equals `c` is zero
    /// after an exclusive or with `c`.
    private static func needsALook(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let tops: UInt64 = 0x8080_8080_8080_8080
      let below = (word &- ones &* 0x20) & ~word
      let above = (word &+ ones) | word
      let ampersands = word ^ (ones &* UInt64(UInt8(ascii: "&")))
      let closings = word ^ (ones &* UInt64(UInt8(ascii: ">")))
      let zeros = (ampersands &- ones) & ~ampersands | (closings &- ones) & ~closings
      return (below | above | zeros) & tops != 0
    }

    /// Reads the tag at `start` (a `<`): `<name>`, `<name/>` or `</name>`.
    private mutating func tag(at start: Int) -> Bool {
      offset = start + 1
      let isEnd = offset < bytes.count && bytes[offset] == UInt8(ascii: "/")
      if isEnd { offset += 1 }
      let nameStart = offset
      while offset < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[offset]) { offset += 1 }
      let name = nameStart..<offset
      guard !name.isEmpty else { return false }
      if isEnd {
        guard isAt(UInt8(ascii: ">")), let last = open.popLast(), last.count == name.count,
          let base = bytes.baseAddress, memcmp(base + last.lowerBound, base + name.lowerBound, name.count) == 0
        else { return false }
        offset += 1
        isInText = false
        return events.didEnd()
      }
      let isEmpty = isAt(UInt8(ascii: "/")) && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: ">")
      if !isEmpty, !isAt(UInt8(ascii: ">")) {
        // `<plist version="1.0">`, the one attribute written.
        guard nameStart + PlainXMLPropertyList.plistVersion.count <= bytes.count,
          bytes[nameStart..<nameStart + PlainXMLPropertyList.plistVersion.count].elementsEqual(
            PlainXMLPropertyList.plistVersion)
        else { return false }
        offset = nameStart + PlainXMLPropertyList.plistVersion.count - 1
      }
      offset += isEmpty ? 2 : 1
      // Told from its bytes: a `String` of the name, and a string switch on it, per tag cost more
      // than the tag's reading.
      guard let element = XMLPropertyListValues.element(named: UnsafeRawBufferPointer(rebasing: bytes[name])),
        events.didStart(element)
      else { return false }
      if isEmpty { return events.didEnd() }
      open.append(name)
      isInText = element.holdsText
      return true
    }

    /// Whether the byte at `offset` is `byte`.
    private func isAt(_ byte: UInt8) -> Bool {
      offset < bytes.count && bytes[offset] == byte
    }

    private func matches(_ pattern: [UInt8]) -> Bool {
      offset + pattern.count <= bytes.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    private mutating func skipWhiteSpace() {
      while offset < bytes.count, PropertyListSyntax.isWhiteSpace(bytes[offset]) { offset += 1 }
    }
  }
}

/// What `PlainXMLPropertyList` hands the elements of a document to, as it reads them; each
/// answers whether the read goes on.
protocol PlainXMLEvents {
  /// An element starts.
  mutating func didStart(_ element: XMLPropertyListValues.Element) -> Bool
  /// The text element open holds the text at `range` of `document` (plain ASCII, no `&`); an
  /// element without text gets no call.
  mutating func didRead(_ range: Range<Int>, of document: UnsafeRawBufferPointer) -> Bool
  /// The innermost open element ends.
  mutating func didEnd() -> Bool
}

extension XMLPropertyListValues: PlainXMLEvents {
  mutating func didStart(_ element: Element) -> Bool {
    start(element, name: element.name) == nil
  }

  mutating func didRead(_ range: Range<Int>, of document: UnsafeRawBufferPointer) -> Bool {
    append(String(decoding: UnsafeRawBufferPointer(rebasing: document[range]), as: UTF8.self)) == nil
  }

  mutating func didEnd() -> Bool {
    end() == nil
  }
}
