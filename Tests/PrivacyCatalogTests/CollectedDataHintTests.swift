import Foundation
import JSONDocuments
import PrivacyCatalog
import Testing

/// The catalog's `collectedDataHints`: the built-in entries, and what an overlay adds or is refused.
@Suite struct CollectedDataHintTests {
  private func overlay(_ json: String) throws -> Catalog {
    try Catalog(jsonData: Data(json.utf8), origin: "user.json")
  }

  @Test func builtInHintsNameResourcesDataTypesAndApplesPage() throws {
    let catalog = try Catalog.builtIn()
    let location = try #require(catalog.collectedDataHint(for: "location-when-in-use"))
    #expect(
      location.dataTypes == ["NSPrivacyCollectedDataTypePreciseLocation", "NSPrivacyCollectedDataTypeCoarseLocation"])
    #expect(!location.answeredByTracking)
    let identifier = try #require(catalog.collectedDataHint(for: "advertising-identifier"))
    #expect(identifier.dataTypes == ["NSPrivacyCollectedDataTypeDeviceID"])
    #expect(identifier.answeredByTracking)
    let resources = Set(catalog.resources.map(\.id))
    #expect(catalog.collectedDataHints.allSatisfy { resources.contains($0.resource) })
    #expect(
      catalog.collectedDataHints.allSatisfy {
        $0.source.hasPrefix("https://developer.apple.com/documentation/bundleresources/")
      })
  }

  @Test func anOverlayAddsAHintAndDataTypesToAnExistingOne() throws {
    let base = try Catalog.builtIn()
    let merged = try base.overlaying(
      overlay(
        """
        {"schemaVersion": 1, "collectedDataHints": [
          {"resource": "bluetooth", "dataTypes": ["NSPrivacyCollectedDataTypeOtherDataTypes"], "source": "https://example.com/a"},
          {"resource": "camera", "dataTypes": ["NSPrivacyCollectedDataTypeOtherUserContent"], "source": "https://example.com/b"}
        ]}
        """))
    #expect(merged.collectedDataHint(for: "bluetooth")?.dataTypes == ["NSPrivacyCollectedDataTypeOtherDataTypes"])
    #expect(
      merged.collectedDataHint(for: "camera")?.dataTypes == [
        "NSPrivacyCollectedDataTypePhotosorVideos", "NSPrivacyCollectedDataTypeOtherUserContent",
      ])
    #expect(merged.collectedDataHint(for: "camera")?.source == base.collectedDataHint(for: "camera")?.source)
  }

  @Test(arguments: [
    (
      #"{"resource": "teleportation", "dataTypes": ["NSPrivacyCollectedDataTypeName"], "source": "https://x.example"}"#,
      "$.collectedDataHints[0].resource"
    ),
    (
      #"{"resource": "camera", "dataTypes": ["PhotosorVideos"], "source": "https://x.example"}"#,
      "$.collectedDataHints[0].dataTypes[0]"
    ),
    (#"{"resource": "camera", "dataTypes": [], "source": "https://x.example"}"#, "$.collectedDataHints[0].dataTypes"),
    (
      #"{"resource": "camera", "dataTypes": ["NSPrivacyCollectedDataTypeName"], "source": "ftp://x"}"#,
      "$.collectedDataHints[0].source"
    ),
  ])
  func aBadHintIsRefusedWithItsPath(entry: String, path: String) throws {
    let user = try overlay(#"{"schemaVersion": 1, "collectedDataHints": ["# + entry + "]}")
    #expect {
      _ = try Catalog.builtIn().overlaying(user)
    } throws: { error in
      (error as? CatalogError)?.path == path
    }
  }
}
