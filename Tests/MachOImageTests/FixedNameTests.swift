import Testing

@testable import MachOImage

/// `FixedName` reads a `segname`/`sectname` field as the C string it holds: cut at its first NUL,
/// all 16 bytes when there is none, the bytes after a NUL ignored.
@Suite struct FixedNameTests {
  private func name(_ bytes: [UInt8]) -> FixedName {
    bytes.withUnsafeBytes { FixedName($0) }
  }

  @Test func aFieldIsCutAtItsFirstNUL() {
    let padded = name(Array("__cstring".utf8) + [0, 0x41, 0x42, 0, 0, 0, 0])
    #expect(padded == "__cstring")
    #expect(padded.description == "__cstring")
    #expect(padded != "__cstringAB")
    #expect(Set([padded, name(Array("__cstring".utf8) + [0])]).count == 1)
  }

  @Test func aFieldWithoutNULIsAllSixteenBytes() {
    let full = name(Array("__objc_classrefsXYZ".utf8))
    #expect(full == "__objc_classrefs")
    #expect(full.description == "__objc_classrefs")
    #expect(full != "__objc_classref")
  }

  @Test func anEmptyFieldIsTheEmptyName() {
    #expect(name([0, 1, 2]) == "")
    #expect(name([]).description.isEmpty)
  }

  /// A whole field is read as two words; a shorter one byte by byte. Both cut at the first NUL,
  /// wherever it falls, and ignore what follows it.
  @Test func aWholeFieldIsCutWhereverItsNULFalls() {
    let letters = Array("abcdefghijklmnop".utf8)
    for nul in 0...16 {
      var field = letters
      if nul < 16 { field[nul] = 0 }
      let kept = Array(letters.prefix(nul))
      #expect(name(field) == name(kept), "NUL at \(nul)")
      #expect(name(field).description == String(decoding: kept, as: UTF8.self), "NUL at \(nul)")
    }
    #expect(name(Array("__TEXT".utf8) + [0] + Array(repeating: 0x7F, count: 9)) == "__TEXT")
    let high = [UInt8](repeating: 0xFF, count: 8)
    #expect(name(high + [0] + high.dropLast()) == name(high))
  }
}
