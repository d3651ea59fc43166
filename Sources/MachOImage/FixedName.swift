import BinaryImage

/// A 16-byte name field of a load command (`segname`, `sectname`), cut at its first NUL. Kept
/// as its bytes and compared as two integers: an archive's objects hold tens of thousands of
/// sections, and a `String` for each name cost more than reading the sections. The text is made
/// only for a message (`description`).
struct FixedName: Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The name's bytes, NUL-padded to 16, in memory order.
  private let words: (UInt64, UInt64)

  /// The name in `field` (at most 16 bytes are read), cut at its first NUL.
  init(_ field: UnsafeRawBufferPointer) {
    var padded: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &padded) { target in
      for (index, byte) in field.prefix(16).enumerated() {
        guard byte != 0 else { break }
        target[index] = byte
      }
    }
    words = padded
  }

  /// The name `text` (its first 16 bytes, cut at a NUL), as a field would hold it.
  init(_ text: String) {
    var text = text
    self = text.withUTF8 { FixedName(UnsafeRawBufferPointer($0)) }
  }

  init(stringLiteral text: String) {
    self.init(text)
  }

  static func == (lhs: FixedName, rhs: FixedName) -> Bool {
    lhs.words == rhs.words
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
  }

  /// The name as text, for messages.
  var description: String {
    withUnsafeBytes(of: words) { String(fileBytes: ByteReader.trimmedAtNUL($0)) }
  }
}
