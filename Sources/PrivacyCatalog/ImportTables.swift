import BinaryImage

/// The name tables of a `CatalogMatcher`: exact spellings, selectors, Swift prefixes, and a
/// filter of their leading bytes. Also the scan's `ImportFilter`: an import is kept when it
/// reaches a table entry (the dynamic-lookup functions have entries of their own).
///
/// A class, shared by every copy of the matcher: the reader consults it once per import, and a
/// call through a reference reads the tables in place where a struct's would be copied first.
final class ImportTables: ImportFilter {
  /// What an import name reaches in the tables.
  enum Entry {
    case exact(ExactSymbolEntry)
    case objcStub([Int])
    case swiftPrefix([Int])
  }

  let exactSymbols: ByteKeyTable<ExactSymbolEntry>
  let selectors: ByteKeyTable<[Int]>
  let swiftPrefixes: PrefixIndex<[Int]>
  let leadingBytes: LeadingBytesFilter
  /// The names a lookup string must be to reach an API (`DynamicLookupIndex`).
  let lookupIndex: DynamicLookupIndex
  /// The class names a lookup string meets an `onlyWith` condition with, to the condition's index.
  let conditionClassNames: ByteKeyTable<Int>
  /// The names of `lookupIndex` and `conditionClassNames` in one table: a string of the image
  /// that is neither (most are) costs one look-up, not two.
  private let lookupStringNames: ByteKeyTable<Void>

  private static let stubPrefix = Array(Spelling.objcStubPrefix.utf8)

  init(_ builder: MatcherTableBuilder, lookupIndex: DynamicLookupIndex) {
    self.lookupIndex = lookupIndex
    exactSymbols = ByteKeyTable(builder.exact.map { (Array($0.key.utf8), $0.value) })
    selectors = ByteKeyTable(builder.selectors.map { (Array($0.key.utf8), $0.value) })
    swiftPrefixes = PrefixIndex(builder.swiftPrefixes.map { (Array($0.key.utf8), $0.value) })
    conditionClassNames = ByteKeyTable(builder.conditionClassNames.map { (Array($0.key.utf8), $0.value) })
    lookupStringNames = ByteKeyTable(
      (lookupIndex.nameBytes + builder.conditionClassNames.keys.map { Array($0.utf8) }).map { (key: $0, value: ()) })
    var leading = LeadingBytesFilter()
    for name in builder.exact.keys { leading.add(name: name.utf8) }
    for prefix in builder.swiftPrefixes.keys { leading.add(prefix: prefix.utf8, orAfterUnderscore: true) }
    leading.add(prefix: Self.stubPrefix, orAfterUnderscore: false)
    leadingBytes = leading
  }

  /// Calls `body` with each table entry the import `name` reaches: its exact entry, the
  /// selector of an `_objc_msgSend$` stub, or the Swift prefixes it starts with.
  func forEachEntry(reachedBy name: UnsafeRawBufferPointer, _ body: (Entry) -> Void) {
    if let entry = exactSymbols.value(for: name) { body(.exact(entry)) }
    if name.begins(with: Self.stubPrefix) {
      let selector = UnsafeRawBufferPointer(rebasing: name[Self.stubPrefix.count...])
      if let found = selectors.value(for: selector) { body(.objcStub(found)) }
      return
    }
    let swiftName = name.first == UInt8(ascii: "_") ? UnsafeRawBufferPointer(rebasing: name[1...]) : name
    for candidate in swiftPrefixes.candidates(for: swiftName) {
      if let found = swiftPrefixes.value(at: candidate, ifPrefixOf: swiftName) { body(.swiftPrefix(found)) }
    }
  }

  /// Whether the import `name` reaches a table entry.
  func keepsImport(_ name: UnsafeRawBufferPointer) -> Bool {
    guard leadingBytes.mayReach(startingWith: name) else { return false }
    var reaches = false
    forEachEntry(reachedBy: name) { _ in reaches = true }
    return reaches
  }

  /// Whether the selector `name` is one the catalog lists.
  func keepsSelector(_ name: UnsafeRawBufferPointer) -> Bool {
    selectors.value(for: name) != nil
  }

  /// Whether `name` is one a dynamic lookup could reach a required-reason API with, or the name
  /// of a class an `onlyWith` condition asks for.
  func keepsLookupString(_ name: UnsafeRawBufferPointer) -> Bool {
    lookupStringNames.contains(name)
  }
}
