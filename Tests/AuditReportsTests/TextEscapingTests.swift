import AuditReports
import BinaryImage
import ScanFiles
import Testing

@Suite struct TextEscapingTests {
  private func escaped(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    bytes.withUnsafeBytes { TextEscaping.append($0, to: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  @Test func plainTextIsUnchanged() {
    #expect(TextEscaping.escaped("_$s10Foundation4DateV Café/ü.o") == "_$s10Foundation4DateV Café/ü.o")
  }

  @Test func namedEscapesAndBackslash() {
    #expect(TextEscaping.escaped("a\tb\nc\rd\\e") == #"a\tb\nc\rd\\e"#)
  }

  @Test func otherControlBytesAreHex() {
    #expect(TextEscaping.escaped("\u{1B}[2J\u{07}\u{00}\u{7F}") == #"\x1b[2J\x07\x00\x7f"#)
  }

  @Test func invisibleControlsAreUnicodeEscapes() {
    #expect(TextEscaping.escaped("a\u{9B}b\u{202E}c\u{2028}d\u{061C}") == #"a\u009bb\u202ec\u2028d\u061c"#)
  }

  @Test func invalidUTF8IsHexPerByte() {
    // A stray continuation byte, a truncated sequence, an overlong '/', a surrogate, then valid 'é'.
    #expect(
      escaped([0x80, 0x41, 0xE2, 0x82, 0x41, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC3, 0xA9])
        == #"\x80A\xe2\x82A\xc0\xaf\xed\xa0\x80é"#)
  }

  /// A path keeps a byte that is not UTF-8 as a `PathBytes` scalar; it is shown as that byte.
  @Test func pathBytesAreShownAsTheirBytes() {
    #expect(TextEscaping.escaped(PathBytes.decode([0x64, 0xFF, 0x2F, 0x1B, 0x6F])) == #"d\xff/\x1bo"#)
  }

  @Test func noRawControlByteSurvivesAnyInput() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      let output = escaped(bytes)
      #expect(!output.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(bytes)")
      #expect(
        !output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
    }
  }
}
