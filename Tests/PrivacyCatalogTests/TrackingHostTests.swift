import Foundation
import JSONDocuments
import PrivacyCatalog
import Testing

/// The catalog's tracking-host list: the built-in entries, overlays, validation and matching.
@Suite struct TrackingHostTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.builtIn()
  }

  @Test func theBuiltInListIsSmallUniqueAndWellFormed() {
    let domains = catalog.trackingHosts.map(\.domain)
    #expect(domains.count == 16 && Set(domains).count == 16)
    #expect(domains.contains("doubleclick.net") && domains.contains("graph.facebook.com"))
    #expect(catalog.trackingHosts.allSatisfy { !$0.owner.isEmpty })
  }

  @Test func anOverlayAddsDomainsAndKeepsExistingOnes() throws {
    let user = try Catalog(
      jsonData: Data(
        #"""
        {"schemaVersion": 1, "trackingHosts": [
          {"domain": "metrics.vendor.example", "owner": "Vendor"}, {"domain": "adjust.com", "owner": "Other"}]}
        """#.utf8), origin: "user.json")
    let merged = try catalog.overlaying(user)
    #expect(merged.trackingHosts.count == 17)
    #expect(merged.trackingHosts.last?.domain == "metrics.vendor.example")
    #expect(merged.trackingHosts.first { $0.domain == "adjust.com" }?.owner == "Adjust")
  }

  @Test(arguments: ["https://x.example", "Ads.Example.com", "ads", "ads.example.com/path", ""])
  func aDomainThatIsNotALowercaseHostNameIsRejected(_ domain: String) throws {
    let user = try Catalog(
      jsonData: Data(#"{"schemaVersion": 1, "trackingHosts": [{"domain": "\#(domain)", "owner": "X"}]}"#.utf8),
      origin: "user.json")
    #expect(throws: CatalogError.self) { try catalog.overlaying(user) }
    do {
      _ = try catalog.overlaying(user)
    } catch {
      #expect(error.path == "$.trackingHosts[0].domain")
    }
  }

  @Test func aDomainCoversItselfAndItsSubdomainsOnly() {
    #expect(TrackingHost.host("adjust.com", isWithin: "adjust.com"))
    #expect(TrackingHost.host("app.adjust.com", isWithin: "adjust.com"))
    #expect(!TrackingHost.host("notadjust.com", isWithin: "adjust.com"))
    #expect(!TrackingHost.host("adjust.com.evil.example", isWithin: "adjust.com"))
  }
}
