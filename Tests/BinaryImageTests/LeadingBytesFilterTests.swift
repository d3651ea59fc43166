import BinaryImage
import Testing

@Suite struct LeadingBytesFilterTests {
  private func passes(_ filter: LeadingBytesFilter, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { filter.mayReach(startingWith: $0) }
  }

  @Test func passesNamesAndPrefixesAddedAndTurnsAwayTheRest() {
    var filter = LeadingBytesFilter()
    filter.add(name: Array("_stat".utf8))
    filter.add(prefix: Array("$s10Foundation".utf8), orAfterUnderscore: true)
    #expect(passes(filter, Array("_sta".utf8)))
    #expect(passes(filter, Array("$s10".utf8)))
    #expect(passes(filter, Array("_$s1".utf8)), "the prefix after one underscore")
    #expect(!passes(filter, Array("_mal".utf8)))
    #expect(!passes(filter, Array("$s9X".utf8)))
  }

  @Test func aShortNameOrATableEndPasses() {
    let filter = LeadingBytesFilter()
    #expect(passes(filter, Array("_ab".utf8) + [0]), "a NUL among the first four bytes ends a shorter name")
    #expect(passes(filter, [0, 0x41, 0x42, 0x43]))
    #expect(passes(filter, Array("_ab".utf8)), "fewer than four bytes: the table ends first")
    #expect(passes(filter, []))
    #expect(!passes(filter, Array("_abc".utf8)))
  }

  @Test func aPrefixShorterThanTheKeyPassesEverything() {
    var filter = LeadingBytesFilter()
    filter.add(prefix: Array("$s".utf8), orAfterUnderscore: false)
    #expect(passes(filter, Array("_mal".utf8)))
    #expect(passes(LeadingBytesFilter.everything, Array("_mal".utf8)))
  }
}
