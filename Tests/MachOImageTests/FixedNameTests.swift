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
}
