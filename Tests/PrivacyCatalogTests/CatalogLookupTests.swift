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
    #expect(!catalog.isReason("CA92.1", validFor: "NSPrivacyAccessedAPICategoryDiskSpace"))
    #expect(!catalog.isReason("35F9.1", validFor: "NSPrivacyAccessedAPICategoryFileTimestamp"))
    #expect(catalog.isReason("CA92.1", validFor: "NSPrivacyAccessedAPICategoryUserDefaults"))
  }

  @Test func shortCategoryNamesAreNotCategories() {
    #expect(catalog.category("DiskSpace") == nil)
    #expect(catalog.category("NSPrivacyAccessedAPICategoryDiskSpace")?.title == "Disk space")
  }
}
