import BinaryImage
import PrivacyCatalog
import Testing

/// `CatalogMatcher.importFilter`, which the scan's reader consults for every import: it must keep
/// every name a match or the lookup-string collection needs, and turn the rest away.
@Suite struct ImportFilterTests {
  let catalog: Catalog
  let matcher: CatalogMatcher
  let filter: any ImportFilter

  init() throws {
    catalog = try Catalog.builtIn()
    matcher = CatalogMatcher(catalog: catalog)
    filter = matcher.importFilter
  }

  /// Each spelling of the catalog, as the imports and selectors that would match it.
  private var spellings: [Spelling] {
    catalog.apis.flatMap(\.spellings) + catalog.resources.flatMap { $0.evidence.map(\.spelling) }
  }

  /// The imports that would spell each non-advisory spelling of the catalog.
  private var spelledImports: [String] {
    spellings.filter { !$0.advisory }.flatMap { spelling -> [String] in
      switch spelling.kind {
      case .cFunction, .objcConstant, .objcClass: [spelling.name]
      case .selector: ["_objc_msgSend$" + spelling.name]
      case .swiftPrefix: ["_" + spelling.name + "Sivg", spelling.name + "Sivg"]
      }
    }
  }

  @Test func keepsEveryImportThatMatches() {
    var checked = 0
    for name in spelledImports where !matcher.matches(in: SyntheticImage.with(imports: [name])).isEmpty {
      checked += 1
      #expect(keepsImport(name), "\(name)")
    }
    #expect(checked > 100)
  }

  /// A reader tests a name's first four bytes (its NUL included when it is shorter) against
  /// `leadingBytes` before measuring it: no name the filter keeps may be turned away there.
  @Test func theLeadingBytesPassEveryImportTheFilterKeeps() {
    let names =
      spelledImports + LookupString.lookupFunctionNames + catalog.resources.flatMap { $0.evidence.flatMap(\.onlyWith) }
    var checked = 0
    for name in names where keepsImport(name) {
      checked += 1
      #expect(passesLeadingBytes(name), "\(name)")
    }
    #expect(checked > 100)
    for name in ["_st", "_", ""] { #expect(passesLeadingBytes(name), "a name shorter than four bytes: \(name)") }
    for name in ["_vendor_import_00001", "_malloc", "_memcpy"] { #expect(!passesLeadingBytes(name), "\(name)") }
  }

  @Test func keepsEverySelectorTheCatalogLists() {
    let selectors = spellings.filter { $0.kind == .selector && !$0.advisory }.map(\.name)
    #expect(!selectors.isEmpty)
    for selector in selectors {
      #expect(keepsSelector(selector), "\(selector)")
    }
  }

  @Test func keepsTheConditionsOfConditionalEvidence() {
    let conditions = catalog.resources.flatMap { $0.evidence.flatMap(\.onlyWith) }
    #expect(!conditions.isEmpty)
    for name in conditions {
      #expect(keepsImport(name), "\(name)")
    }
  }

  @Test func keepsTheDynamicLookupFunctions() {
    for name in LookupString.lookupFunctionNames {
      #expect(keepsImport(name), "\(name)")
    }
  }

  @Test(arguments: [
    "_vendor_import_00001", "_malloc", "_objc_retain", "_swift_retain", "_stat_wrapper", "_sta", "st",
    "_objc_msgSend$dealloc", "_OBJC_CLASS_$_NSObject", "",
  ])
  func turnsAwayNamesThatMatchNothing(_ name: String) {
    #expect(matcher.matches(in: SyntheticImage.with(imports: [name])).isEmpty)
    #expect(!keepsImport(name))
  }

  @Test(arguments: ["dealloc", "alloc", "systemUptimeX", ""])
  func turnsAwaySelectorsTheCatalogDoesNotList(_ selector: String) {
    #expect(!keepsSelector(selector))
  }

  private func keepsImport(_ name: String) -> Bool {
    Array(name.utf8).withUnsafeBytes { filter.keepsImport($0) }
  }

  /// What a reader's test of `name`'s first bytes gives, as a string table would hold it.
  private func passesLeadingBytes(_ name: String) -> Bool {
    (Array(name.utf8) + [0]).withUnsafeBytes { terminated in
      filter.leadingBytes.mayReach(
        startingWith: UnsafeRawBufferPointer(rebasing: terminated.prefix(LeadingBytesFilter.keyLength)))
    }
  }

  private func keepsSelector(_ name: String) -> Bool {
    Array(name.utf8).withUnsafeBytes { filter.keepsSelector($0) }
  }
}
