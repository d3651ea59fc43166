/// An append-only byte buffer that text and TSV rows are rendered into before they are written out.
package struct ByteBuffer {
  package private(set) var bytes: [UInt8] = []

  /// An empty buffer.
  package init() {}

  package var isEmpty: Bool { bytes.isEmpty }

  /// Appends sdkvet's own text, as it is.
  package mutating func append(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes already rendered, as they are.
  package mutating func append(_ raw: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: raw)
  }

  /// Appends bytes from a file under review (a symbol name) escaped by `TextEscaping`, so a hostile
  /// name can neither break a row nor reach the terminal raw.
  package mutating func appendEscaped(_ raw: UnsafeRawBufferPointer) {
    TextEscaping.append(raw, to: &bytes)
  }

  /// Appends a string from a file under review (a path, member or library name), escaped.
  package mutating func appendEscaped(_ text: String) {
    var copy = text
    copy.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0)) }
  }
}
