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
    guard field.count >= 16 else {
      var padded: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &padded) { target in
        for (index, byte) in field.enumerated() {
          guard byte != 0 else { break }
          target[index] = byte
        }
      }
      words = padded
      return
    }
    // A whole field (every segment and section name): read as two words, cut at the first NUL.
    let first = Self.cutAtNUL(UInt64(littleEndian: field.loadUnaligned(as: UInt64.self)))
    let rest = UInt64(littleEndian: field.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    words = (first.word.littleEndian, first.hasNUL ? 0 : Self.cutAtNUL(rest).word.littleEndian)
  }

  /// `word` (its bytes in little-endian order) with its first zero byte and every byte after it
  /// cleared, and whether it held a zero byte. `(w - 0x01…) & ~w & 0x80…` sets the top bit of the
  /// lowest zero byte exactly (a borrow only runs upwards from a zero byte).
  private static func cutAtNUL(_ word: UInt64) -> (word: UInt64, hasNUL: Bool) {
    let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    guard zeros != 0 else { return (word, false) }
    let keptBits = zeros.trailingZeroBitCount - 7
    return (keptBits == 0 ? 0 : word & ((1 << UInt64(keptBits)) - 1), true)
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
