import PrivacyCatalog
import Testing

/// Reason-code and category lookups the manifest rules rely on.
@Suite struct CatalogLookupTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.builtIn()
  }

  @Test func aCodeIsFoundWithItsCategory() throws {
    let found = try #require(catalog.reason("C617.1"))
    #expect(found.category.id == "NSPrivacyAccessedAPICategoryFileTimestamp")
    #expect(found.reason.usableBy == .appOrSDK)
  }

  @Test(arguments: ["c617.1", "C617", "C617.2", "", "CA92.1 "])
  func unknownOrMisspelledCodesAreNotFound(_ code: String) {
    #expect(catalog.reason(code) == nil)
  }

  @Test func aRealCodeUnderTheWrongCategoryIsNotValidForIt() {
    // ITMS-91055 examples from Apple's emails.
    #expect(catalog.reason("CA92.1")?.category.id != "NSPrivacyAccessedAPICategoryDiskSpace")
    #expect(catalog.reason("35F9.1")?.category.id != "NSPrivacyAccessedAPICategoryFileTimestamp")
    #expect(catalog.reason("CA92.1")?.category.id == "NSPrivacyAccessedAPICategoryUserDefaults")
  }

  @Test func shortCategoryNamesAreNotCategories() {
    #expect(catalog.categories.first { $0.id == "DiskSpace" } == nil)
    #expect(catalog.categories.first { $0.id == "NSPrivacyAccessedAPICategoryDiskSpace" }?.title == "Disk space")
  }
}
