import AuditReports
import Foundation
import PrivacyCatalog
import TestSupport
import Testing

@Suite struct CatalogJSONTests {
  private func rendered(_ catalog: Catalog) -> String {
    var text = ""
    CatalogJSON.write(catalog, to: &text)
    return text
  }

  /// The built-in catalog prints exactly as its resource file is written: schema order, defaults
  /// left out, the one JSON layout.
  @Test func builtInCatalogPrintsAsItsResourceFile() throws {
    let resource = SampleLocator.packageRoot + "/Sources/PrivacyCatalog/Resources/catalog.json"
    let file = try #require(FileManager.default.contents(atPath: resource))
    #expect(rendered(try Catalog.builtIn()) == String(decoding: file, as: UTF8.self))
  }

  @Test func theOutputRoundTrips() throws {
    let catalog = try Catalog.builtIn()
    let text = rendered(catalog)
    var decoded = try Catalog(jsonData: Data(text.utf8), origin: "round trip")
    decoded.origin = catalog.origin
    #expect(decoded == catalog)
    #expect(rendered(decoded) == text)
  }
}
