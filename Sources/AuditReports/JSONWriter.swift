/// Writes JSON text as UTF-8 bytes while it is produced: the one writer behind every JSON sdkvet
/// prints (the JSON and SARIF reports, `symbols`, `info` and `catalog --format json`).
///
/// There is one layout. Two-space indentation, one member or element per line, `"key": value`,
/// and `[]` or `{}` for an empty container. A container opened `inline` is written on one line,
/// `{"name": "_stat", "defined": false}`, and so is everything inside it; `symbols` writes each
/// symbol that way, because it prints millions of them. The bytes depend only on the calls made,
/// never on the platform, and strings are escaped by `JSONEscaping`.
///
/// A document can be written in pieces. A caller takes the bytes written so far with
/// `takeBytes()` and hands them on. A value written by another writer created at the right
/// `depth` (in parallel, say) is placed with `fragment(_:)`, so no one holds the whole document.
package struct JSONWriter: Sendable {
  /// The bytes written and not yet taken.
  package private(set) var bytes: [UInt8] = []
  /// The indentation level of the first value, for a fragment nested in another document.
  private let baseDepth: Int
  /// The containers opened and not yet closed, innermost last.
  private var open: [Container] = []
  /// A key was written and its value is next.
  private var awaitingValue = false

  private struct Container {
    var isInline: Bool
    var count = 0
  }

  /// Creates a writer for a document, or for a fragment that will sit `depth` levels deep in one.
  package init(depth: Int = 0) {
    baseDepth = depth
  }

  /// Takes the bytes written so far, leaving the writer's buffer empty.
  package mutating func takeBytes() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes
  }

  /// Hands the bytes written so far to `output` once there are about 64 KiB of them. Called
  /// between values (never inside a string, so a chunk never ends inside a UTF-8 sequence):
  /// appending bytes to an array is several times cheaper than many small `String` appends, and
  /// a stream that writes through need not hold a large document whole.
  package mutating func handOn(to output: inout some TextOutputStream) {
    guard bytes.count >= Self.chunkSize else { return }
    output.write(String(decoding: takeBytes(), as: UTF8.self))
  }

  /// Ends a document: a newline, then every byte not yet handed to `output`.
  package mutating func finishDocument(to output: inout some TextOutputStream) {
    bytes.append(UInt8(ascii: "\n"))
    output.write(String(decoding: takeBytes(), as: UTF8.self))
  }

  /// Bytes gathered before `handOn(to:)` hands them on.
  private static let chunkSize = 1 << 16

  /// Opens an object; `inline` writes it, and everything in it, on one line.
  package mutating func beginObject(inline: Bool = false) {
    begin(UInt8(ascii: "{"), inline: inline)
  }

  /// Closes the innermost object.
  package mutating func endObject() {
    end(UInt8(ascii: "}"))
  }

  /// Opens an array; `inline` writes it, and everything in it, on one line.
  package mutating func beginArray(inline: Bool = false) {
    begin(UInt8(ascii: "["), inline: inline)
  }

  /// Closes the innermost array.
  package mutating func endArray() {
    end(UInt8(ascii: "]"))
  }

  /// Writes an object member's key; its value is written next.
  package mutating func key(_ name: String) {
    startItem()
    JSONEscaping.appendQuoted(name, to: &bytes)
    bytes.append(contentsOf: ": ".utf8)
    awaitingValue = true
  }

  /// Writes a member whose value is a string, or `null` for `nil`.
  package mutating func member(_ name: String, _ text: String?) {
    key(name)
    string(text)
  }

  /// Writes a string, or `null` for `nil`.
  package mutating func string(_ text: String?) {
    startValue()
    guard let text else { return bytes.append(contentsOf: "null".utf8) }
    JSONEscaping.appendQuoted(text, to: &bytes)
  }

  /// Writes bytes read from a file (a symbol name) as a string, without building a `String`
  /// when they are plain ASCII; invalid UTF-8 becomes U+FFFD.
  package mutating func string(_ raw: UnsafeRawBufferPointer) {
    startValue()
    JSONEscaping.appendQuoted(raw, to: &bytes)
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    startValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes an integer.
  package mutating func int(_ value: Int) {
    startValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes `null`.
  package mutating func null() {
    startValue()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a value another writer produced, created with `depth` equal to this writer's
  /// current depth (the containers open here, plus this writer's own `depth`).
  package mutating func fragment(_ value: [UInt8]) {
    startValue()
    bytes.append(contentsOf: value)
  }

  /// The depth a fragment written next must be created with.
  package var depth: Int { baseDepth + open.count }

  private mutating func begin(_ bracket: UInt8, inline: Bool) {
    startValue()
    bytes.append(bracket)
    open.append(Container(isInline: inline || (open.last?.isInline ?? false)))
  }

  private mutating func end(_ bracket: UInt8) {
    guard let container = open.popLast() else { return }
    if !container.isInline && container.count > 0 {
      lineBreak()
    }
    bytes.append(bracket)
  }

  /// Before a value: nothing after a key, else the separator of a new element.
  private mutating func startValue() {
    if awaitingValue {
      awaitingValue = false
    } else {
      startItem()
    }
  }

  /// Before a member or element: a comma after the previous one, then a line break or a space.
  private mutating func startItem() {
    guard let last = open.indices.last else { return }
    let isFirst = open[last].count == 0
    open[last].count += 1
    if !isFirst { bytes.append(UInt8(ascii: ",")) }
    if open[last].isInline {
      if !isFirst { bytes.append(UInt8(ascii: " ")) }
    } else {
      lineBreak()
    }
  }

  /// A newline and two spaces per level of the current depth.
  private mutating func lineBreak() {
    bytes.append(UInt8(ascii: "\n"))
    var spaces = 2 * depth
    while spaces > 0 {
      let run = min(spaces, Self.indentation.count)
      bytes.append(contentsOf: Self.indentation[..<run])
      spaces -= run
    }
  }

  /// Spaces copied as one run per line break (a deeper line takes several).
  private static let indentation = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
