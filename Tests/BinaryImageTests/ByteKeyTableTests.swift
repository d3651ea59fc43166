import Testing

@testable import BinaryImage

@Suite struct ByteKeyTableTests {
  @Test func insertsEachNameAndTagPairOnce() {
    let names = (0..<5000).map { Array("_symbol_\($0)".utf8) } + [[]]
    var set = ByteKeyTable<Void>()
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
    var set = ByteKeyTable<Void>()
    let insertedFirst = first.withUnsafeBytes { set.insert($0) }
    let insertedSecond = second.withUnsafeBytes { set.insert($0) }
    #expect(insertedFirst && !insertedSecond)
  }

  @Test func keysAreCopiedAndValuesFound() {
    var table = ByteKeyTable<Int>()
    for index in 0..<1000 { Array("_key\(index)".utf8).withUnsafeBytes { _ = table.insert($0, value: index) } }
    let kept = Array("_key7".utf8).withUnsafeBytes { table.insert($0, value: -1) }
    #expect(!kept, "an existing key keeps its value")
    for index in [0, 7, 999] { #expect(Array("_key\(index)".utf8).withUnsafeBytes { table.value(for: $0) } == index) }
    #expect(Array("_key1000".utf8).withUnsafeBytes { table.value(for: $0) } == nil)
    #expect(Array("_k".utf8).withUnsafeBytes { table.value(for: $0) } == nil, "shorter than every key")
    let built = ByteKeyTable([(key: Array("a".utf8), value: 1), (key: Array("a".utf8), value: 2)])
    #expect(built.count == 1 && Array("a".utf8).withUnsafeBytes { built.value(for: $0) } == 1)
  }

  @Test func hashDependsOnEveryByteAndTheLength() {
    func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { ByteKeyTable<Void>().hash($0) } }
    #expect(hash("_stat") != hash("_stas"))
    #expect(hash("abcdefgh") != hash("abcdefgh\0"))
    #expect(hash("_NSFileCreationDate") == hash("_NSFileCreationDate"))
    // Every byte of keys of every length up to three words, the tail's included.
    let table = ByteKeyTable<Void>()
    for length in 1...24 {
      var key = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      let plain = key.withUnsafeBytes { table.hash($0) }
      for index in 0..<length {
        key[index] = UInt8(ascii: "b")
        #expect(key.withUnsafeBytes { table.hash($0) } != plain, "byte \(index) of \(length)")
        key[index] = UInt8(ascii: "a")
      }
    }
  }

  /// Names that differ only in the high bytes of their words keep the low bits of a word-wise
  /// FNV state equal; without the final avalanche they would all probe from one slot.
  @Test func namesDifferingInHighBytesSpreadOverTheSlots() {
    var lowBits = Set<UInt64>()
    for high in 0..<4096 {
      var name = Array("_aaaaa_aaaaaa__".utf8)
      name[6] = UInt8(0x41 + high % 64)
      name[14] = UInt8(0x41 + high / 64)
      lowBits.insert(name.withUnsafeBytes { ByteKeyTable<Void>().hash($0) } & 0xffff)
    }
    #expect(lowBits.count > 3500, "4096 names land in \(lowBits.count) of 65536 low-bit values")
  }
}
