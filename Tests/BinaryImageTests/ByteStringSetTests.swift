import BinaryImage
import Testing

@Suite struct ByteStringSetTests {
  @Test func insertsEachNameAndTagPairOnce() {
    let names = (0..<5000).map { Array("_symbol_\($0)".utf8) } + [[]]
    var set = ByteStringSet()
    for name in names {
      let (first, again, otherTag) = name.withUnsafeBytes { bytes in
        (set.insert(bytes, tag: 1), set.insert(bytes, tag: 1), set.insert(bytes, tag: 2))
      }
      #expect(first && !again)
      #expect(otherTag, "the same name under another tag is a different entry")
    }
    #expect(set.count == names.count * 2)
    for name in names {
      name.withUnsafeBytes { bytes in
        #expect(set.contains(bytes, tag: 1) && set.contains(bytes, tag: 2) && !set.contains(bytes, tag: 3))
      }
    }
    Array("_absent".utf8).withUnsafeBytes { #expect(!set.contains($0, tag: 1)) }
  }

  @Test func equalBytesAtDifferentAddressesAreOneEntry() {
    let first = Array("_stat".utf8)
    let second = Array("_stat".utf8)
    var set = ByteStringSet()
    let insertedFirst = first.withUnsafeBytes { set.insert($0) }
    let insertedSecond = second.withUnsafeBytes { set.insert($0) }
    #expect(insertedFirst && !insertedSecond)
  }

  @Test func hashDependsOnEveryByteAndTheLength() {
    func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { ByteStringSet.hash($0) } }
    #expect(hash("_stat") != hash("_stas"))
    #expect(hash("abcdefgh") != hash("abcdefgh\0"))
    #expect(hash("_NSFileCreationDate") == hash("_NSFileCreationDate"))
  }
}
