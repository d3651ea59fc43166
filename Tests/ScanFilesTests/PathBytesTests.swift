import ScanFiles
import TestSupport
import Testing

@Suite struct PathBytesTests {
  /// Each byte string decodes to the text expected, however its bytes are held: an array, a slice
  /// of one, a collection that is not contiguous (read byte by byte) and, without a NUL, a C string.
  @Test(arguments: [
    ([UInt8](), ""),
    (Array("Vendor.framework/Headers/Vendor.h".utf8), "Vendor.framework/Headers/Vendor.h"),
    (Array("Café/日本/😀".utf8), "Café/日本/😀"),
    ([0x64, 0xFF, 0x6F], "d\u{10FFFF}o"),
    ([0xC3], "\u{10FFC3}"),
    ([0xE2, 0x82], "\u{10FFE2}\u{10FF82}"),
    ([0xC0, 0xAF], "\u{10FFC0}\u{10FFAF}"),
    ([0xED, 0xA0, 0x80], "\u{10FFED}\u{10FFA0}\u{10FF80}"),
    // U+100000 starts with 0xF4 and stands for itself; U+10FF41 is an escape's own encoding.
    ([0xF4, 0x80, 0x80, 0x80], "\u{100000}"),
    ([0x61, 0xF4, 0x8F, 0xBD, 0x81], "a\u{10FFF4}\u{10FF8F}\u{10FFBD}\u{10FF81}"),
    ([0xF4, 0x8F], "\u{10FFF4}\u{10FF8F}"),
    ([0xF5, 0x80, 0x80, 0x80], "\u{10FFF5}\u{10FF80}\u{10FF80}\u{10FF80}"),
  ])
  func decodesEveryHolding(bytes: [UInt8], expected: String) {
    #expect(PathBytes.decode(bytes) == expected)
    #expect(PathBytes.decode(([0x2F] + bytes + [0x2F])[1...].dropLast()) == expected)
    #expect(PathBytes.decode(bytes.lazy.map { $0 }) == expected)
    let cString = bytes.map { CChar(bitPattern: $0) } + [0]
    #expect(cString.withUnsafeBufferPointer { PathBytes.decode(cString: $0.baseAddress!) } == expected)
    #expect(PathBytes.encode(expected) == bytes)
  }

  /// Decoding and encoding are exact inverses for every byte string, and the contiguous path
  /// (ASCII, valid UTF-8, escapes) agrees with the byte-by-byte one: random strings over the
  /// bytes that start, continue or break sequences, escapes' own encodings among them.
  @Test func roundTripsRandomByteStrings() {
    let alphabet: [UInt8] = [
      0x00, 0x2F, 0x41, 0x7F, 0x80, 0x8F, 0xBC, 0xBD, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<4_000 {
      let count = Int.random(in: 0...10, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      let text = PathBytes.decode(bytes)
      #expect(PathBytes.encode(text) == bytes, "\(bytes)")
      #expect(PathBytes.decode(bytes.lazy.map { $0 }) == text, "\(bytes)")
    }
  }
}
