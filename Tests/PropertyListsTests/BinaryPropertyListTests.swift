import Foundation
import PropertyLists
import Testing

@Suite("Binary property lists")
struct BinaryPropertyListTests {
  typealias Builder = BinaryPlistBuilder

  @Test func everyType() throws {
    var plist = Builder()
    let names = [
      "ascii", "utf16", "byte", "short", "word", "long", "negative", "wide", "float", "double", "date", "data", "yes",
      "no", "list", "nested", "long string",
    ]
    let root = plist.add([])  // encoded once its children have indices
    let keys = names.map { plist.add(Builder.ascii($0)) }
    let values = [
      plist.add(Builder.ascii("plain")), plist.add(Builder.utf16("Grüße, 世界 😀")),
      plist.add(Builder.integer(200)), plist.add(Builder.integer(60_000)), plist.add(Builder.integer(4_000_000_000)),
      plist.add(Builder.integer(1 << 40)), plist.add(Builder.integer(-5)),
      plist.add([0x14] + Builder.bigEndian(0, width: 8) + Builder.bigEndian(42, width: 8)),
      plist.add(Builder.float(1.5)), plist.add(Builder.double(-0.25)),
      plist.add(Builder.date(sinceReferenceDate: 86_400)),
      plist.add(Builder.data([0, 1, 2, 0xFF])), plist.add([0x09]), plist.add([0x08]),
      plist.add(plist.array([keys[0], keys[1]])), plist.add([]),
      plist.add(Builder.ascii(String(repeating: "x", count: 20))),
    ]
    plist.replace(root, with: plist.dictionary(keys: keys, values: values))
    plist.replace(values[15], with: plist.dictionary(keys: [keys[0]], values: [values[2]]))
    let document = try PropertyListDocument(parsing: plist.build())
    let expected: [String: PropertyListValue] = [
      "ascii": .string("plain"), "utf16": .string("Grüße, 世界 😀"), "byte": .integer(200), "short": .integer(60_000),
      "word": .integer(4_000_000_000), "long": .integer(1 << 40), "negative": .integer(-5), "wide": .integer(42),
      "float": .real(1.5), "double": .real(-0.25), "date": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
      "data": .data(Data([0, 1, 2, 0xFF])), "yes": .boolean(true), "no": .boolean(false),
      "list": .array([.string("ascii"), .string("utf16")]), "nested": .dictionary(["ascii": .integer(200)]),
      "long string": .string(String(repeating: "x", count: 20)),
    ]
    #expect(document.root == .dictionary(expected))
    #expect(document.duplicateKeys.isEmpty)
  }

  /// A manifest of 235 bytes: `NSPrivacyAccessedAPITypes` is an array of two references to one
  /// array of two references to one array…, 40 levels deep: 2^41 values once expanded. Foundation
  /// ran for minutes and took gigabytes on it.
  static func sharedReferenceBomb(depth: Int = 40) -> Data {
    var plist = Builder()
    plist.add(plist.dictionary(keys: [1], values: [2]))
    plist.add(Builder.ascii("NSPrivacyAccessedAPITypes"))
    for level in 0..<depth { plist.add(plist.array([3 + level, 3 + level])) }
    plist.add(plist.array([]))
    return plist.build(offsetSize: 1)
  }

  @Test func sharedReferencesFailFastWithAClearError() throws {
    let bomb = Self.sharedReferenceBomb()
    #expect(bomb.count == 235)
    let clock = ContinuousClock()
    var message: String?
    let elapsed = clock.measure { message = parseFailure(bomb) }
    #expect(
      message == "not a readable property list (it expands beyond 1000000 objects through shared references)")
    #expect(elapsed < .seconds(1))
  }

  @Test func sharedReferencesWithinTheBudgetAreExpanded() throws {
    let document = try PropertyListDocument(parsing: Self.sharedReferenceBomb(depth: 10))
    var count = 0
    func walk(_ value: PropertyListValue) {
      count += 1
      if case .array(let items) = value { items.forEach(walk) }
    }
    walk(try #require(document.root.dictionaryValue?["NSPrivacyAccessedAPITypes"]))
    #expect(count == (1 << 11) - 1)
  }

  @Test func sharedStringsAreBoundedByExpandedBytes() throws {
    var plist = Builder()
    plist.add(plist.array(Array(repeating: 1, count: 40)))
    plist.add(Builder.ascii(String(repeating: "a", count: 64 << 10)))
    let message = parseFailure(plist.build(offsetSize: 4))
    #expect(message?.contains("strings and data expand beyond") == true)
  }

  @Test func cyclesAreRejected() {
    var direct = Builder()
    direct.add(direct.array([0]))
    #expect(parseFailure(direct.build())?.contains("object 0 contains itself") == true)

    var indirect = Builder()
    indirect.add(indirect.dictionary(keys: [1], values: [2]))
    indirect.add(Builder.ascii("key"))
    indirect.add(indirect.array([0]))
    #expect(parseFailure(indirect.build())?.contains("object 0 contains itself") == true)
  }

  @Test func nestingIsBounded() {
    var deep = Builder()
    deep.referenceSize = 2
    for level in 0..<300 { deep.add(deep.array([level + 1])) }
    deep.add(deep.array([]))
    #expect(parseFailure(deep.build())?.contains("nests deeper than 256 levels") == true)
  }

  /// Objects decoded once at a shallow depth and referenced again deeper still count at their real depth.
  @Test func sharingCannotHideNesting() {
    var plist = Builder()
    plist.referenceSize = 2
    plist.add(plist.array([1, 202]))  // 0: the root, [A, B]
    for level in 0..<200 { plist.add(plist.array([2 + level])) }  // 1…200: A, 200 arrays deep
    plist.add(plist.array([]))  // 201: A's innermost array
    for level in 0..<100 { plist.add(plist.array([level == 99 ? 1 : 203 + level])) }  // 202…301: B, ending in A
    #expect(parseFailure(plist.build())?.contains("nests deeper than 256 levels") == true)
  }

  @Test func duplicateKeysAreRecordedAndTheLastValueKept() throws {
    var plist = Builder()
    plist.add(plist.dictionary(keys: [1, 1, 4], values: [2, 3, 5]))
    plist.add(Builder.ascii("NSPrivacyTracking"))
    plist.add([0x08])
    plist.add([0x09])
    plist.add(Builder.ascii("list"))
    plist.add(plist.array([6]))
    plist.add(plist.dictionary(keys: [7, 8], values: [2, 2]))
    plist.add(Builder.ascii("Type"))
    plist.add(Builder.utf16("Type"))  // another object, equal text
    let document = try PropertyListDocument(parsing: plist.build())
    #expect(document.root.dictionaryValue?["NSPrivacyTracking"] == .boolean(true))
    #expect(
      document.duplicateKeys == [
        DuplicateKey(key: "NSPrivacyTracking"), DuplicateKey(key: "Type", location: "list[0]"),
      ])
  }

  @Test func offsetsAndReferencesPastTheEndAreRejected() {
    var plist = Builder()
    plist.add(plist.array([1]))
    plist.add([0x09])
    #expect(parseFailure(plist.build(offsets: [8, 0x7FF0]))?.contains("outside the objects") == true)
    #expect(parseFailure(plist.build(offsets: [8, 2]))?.contains("outside the objects") == true)
    #expect(parseFailure(plist.build(objectCount: 200))?.contains("offset table") == true)
    #expect(parseFailure(plist.build(tableOffset: 0x7FFF_FFFF))?.contains("offset table") == true)
    #expect(parseFailure(plist.build(top: 2))?.contains("top object 2") == true)

    var dangling = Builder()
    dangling.add(dangling.array([7]))
    #expect(parseFailure(dangling.build())?.contains("reference 7 is not one of the 1 objects") == true)

    var longCount = Builder()
    longCount.add([0x5F, 0x13] + Builder.bigEndian(Int(Int64.max), width: 8))
    #expect(parseFailure(longCount.build())?.contains("larger than the file") == true)

    var shortString = Builder()
    shortString.add([0x5E] + Array("abc".utf8))  // claims 14 bytes
    #expect(parseFailure(shortString.build())?.contains("past the end") == true)
  }

  @Test func malformedTrailersAndHeadersAreRejected() {
    var plist = Builder()
    plist.add([0x09])
    #expect(parseFailure(plist.build(version: "01"))?.contains("only version 00") == true)
    #expect(parseFailure(Data("bplist00".utf8))?.contains("cannot hold a header") == true)
    plist.referenceSize = 0
    #expect(parseFailure(plist.build())?.contains("reference size 0") == true)
  }

  @Test(
    arguments: [
      ([0x00], "type 0x0"), ([0x80, 0x01], "type 0x80"), ([0xC0], "type 0xc0"), ([0x5A, 0xC3, 0xA9], "above 0x7F"),
      ([0x24], "type 0x24"), ([0x15], "integer width"),
    ] as [([UInt8], String)])
  func valuesThatAreNotPropertyListValues(object: [UInt8], message: String) {
    var plist = Builder()
    plist.add(object + [0, 0, 0, 0, 0, 0, 0, 0])
    #expect(parseFailure(plist.build())?.contains(message) == true, "\(object)")
  }

  @Test func keysMustBeStrings() {
    var plist = Builder()
    plist.add(plist.dictionary(keys: [1], values: [1]))
    plist.add(Builder.integer(3))
    #expect(parseFailure(plist.build())?.contains("key 0 is a Integer, not a String") == true)
  }
}
