import Foundation
import JSONDocuments
import PrivacyCatalog
import Testing

/// `--catalog FILE` overlays: what they add, and how a malformed one is reported.
@Suite struct CatalogOverlayTests {
  let base: Catalog

  init() throws {
    base = try Catalog.builtIn()
  }

  private func overlay(_ json: String, origin: String = "user.json") throws -> Catalog {
    try Catalog(jsonData: Data(json.utf8), origin: origin)
  }

  @Test func anOverlayAddsAnAPIThatTheMatcherThenFinds() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "apis": [{"id": "futimes", "name": "futimes",
        "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"],
        "spellings": [{"name": "_futimes", "kind": "c-function", "format": "mach-o"}]}]}
      """)
    let image = SyntheticImage.with(imports: ["_futimes"])
    #expect(CatalogMatcher(catalog: base).matches(in: image).isEmpty)
    let merged = try base.overlaying(user)
    #expect(merged.apis.count == base.apis.count + 1)
    #expect(CatalogMatcher(catalog: merged).matches(in: image).map(\.apiID) == ["futimes"])
  }

  @Test func anOverlayAddsSpellingsToAnExistingAPIAndKeepsTheOldOnes() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "apis": [{"id": "stat", "name": "stat",
        "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"],
        "spellings": [{"name": "_stat", "kind": "c-function", "format": "mach-o"},
                      {"name": "_stat$NOCANCEL", "kind": "c-function", "format": "mach-o"}]}]}
      """)
    let merged = try base.overlaying(user)
    let stat = try #require(merged.apis.first { $0.id == "stat" })
    #expect(stat.spellings.count == (base.apis.first { $0.id == "stat" }?.spellings.count ?? 0) + 1)
    #expect(merged.apis.count == base.apis.count)
    let matches = CatalogMatcher(catalog: merged).matches(in: SyntheticImage.with(imports: ["_stat$NOCANCEL"]))
    #expect(matches.map(\.apiID) == ["stat"])
  }

  @Test func anOverlayCanAddAResourceAndEvidence() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "resources": [{"id": "camera", "name": "Camera", "kind": "permission",
        "infoPlistKeys": [{"key": "NSCameraUsageDescription", "requirement": "required"}],
        "evidence": [{"name": "_OBJC_CLASS_$_MyCameraShim", "kind": "objc-class", "strength": "request"}]}]}
      """)
    let merged = try base.overlaying(user)
    let matches = CatalogMatcher(catalog: merged).matches(
      in: SyntheticImage.with(imports: ["_OBJC_CLASS_$_MyCameraShim"]))
    #expect(matches.map(\.subject) == [.protectedResource(id: "camera", strength: .request)])
  }

  @Test func aWrongValueIsReportedWithTheFileAndJSONPath() throws {
    let error = #expect(throws: CatalogError.self) {
      try overlay(
        """
        {"schemaVersion": 1, "apis": [{"id": "x", "name": "x", "categories": [],
          "spellings": [{"name": "_x", "kind": "c-func"}]}]}
        """)
    }
    #expect(error?.file == "user.json")
    #expect(error?.path == "$.apis[0].spellings[0].kind")
    #expect(error?.message == "'c-func' is not one of: c-function, objc-constant, objc-class, selector, swift-prefix")
  }

  @Test func aMissingKeyIsReportedWithItsPath() {
    let error = #expect(throws: CatalogError.self) {
      try overlay(
        #"{"schemaVersion": 1, "resources": [{"id": "x", "name": "X", "kind": "permission", "infoPlistKeys": []}]}"#)
    }
    #expect(error?.path == "$.resources[0]")
    #expect(error?.message == "required key 'evidence' is missing")
  }

  @Test func anUnknownCategoryIsReportedAgainstTheOverlay() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "apis": [{"id": "x", "name": "x", "categories": ["DiskSpace"],
        "spellings": [{"name": "_x", "kind": "c-function"}]}]}
      """)
    let error = #expect(throws: CatalogError.self) { try base.overlaying(user) }
    #expect(error?.file == "user.json")
    #expect(error?.path == "$.apis[0].categories[0]")
  }

  @Test func aReasonCodeCannotMoveToAnotherCategory() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "categories": [{"id": "NSPrivacyAccessedAPICategoryDiskSpace", "title": "Disk space",
        "reasons": [{"code": "CA92.1", "summary": "x", "usableBy": "app-or-sdk"}]}]}
      """)
    let error = #expect(throws: CatalogError.self) { try base.overlaying(user) }
    #expect(error?.path == "$.categories[0].reasons[0].code")
    #expect(error?.message.contains("NSPrivacyAccessedAPICategoryUserDefaults") == true)
  }

  @Test func anOverlayCanAddANewReasonCode() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "categories": [{"id": "NSPrivacyAccessedAPICategoryDiskSpace", "title": "Disk space",
        "reasons": [{"code": "ZZ99.1", "summary": "A future reason.", "usableBy": "sdk-only"}]}]}
      """)
    let merged = try base.overlaying(user)
    #expect(merged.reason("ZZ99.1")?.category.id == "NSPrivacyAccessedAPICategoryDiskSpace")
    #expect(merged.reason("ZZ99.1")?.reason.usableBy == .sdkOnly)
    #expect(merged.categories.first { $0.id == "NSPrivacyAccessedAPICategoryDiskSpace" }?.reasons.count == 5)
  }

  @Test func aSwiftPrefixWithTheMachOUnderscoreIsRejected() throws {
    let user = try overlay(
      """
      {"schemaVersion": 1, "apis": [{"id": "x", "name": "x", "categories": ["NSPrivacyAccessedAPICategoryDiskSpace"],
        "spellings": [{"name": "_$s3Foo3barV", "kind": "swift-prefix"}]}]}
      """)
    let error = #expect(throws: CatalogError.self) { try base.overlaying(user) }
    #expect(error?.path == "$.apis[0].spellings[0].name")
  }

  @Test func notJSONAndWrongSchemaVersionsAreReported() {
    let notJSON = #expect(throws: CatalogError.self) { try overlay("{\"schemaVersion\": 1,") }
    #expect(notJSON?.path == "$")
    let future = #expect(throws: CatalogError.self) { try overlay(#"{"schemaVersion": 2}"#) }
    #expect(future?.path == "$.schemaVersion")
    let missing = #expect(throws: CatalogError.self) { try overlay(#"{"apis": []}"#) }
    #expect(missing?.description == "user.json: $: required key 'schemaVersion' is missing")
  }

  @Test func loadingAFileNamesItInErrors() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sdkvet-overlay-\(UInt32.random(in: 0...UInt32.max)).json"
    ).path
    try Data(#"{"schemaVersion": 1, "categories": [{"id": "NSPrivacyAccessedAPICategoryDiskSpace", "title": 3}]}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: CatalogError.self) { try Catalog.load(contentsOf: path) }
    #expect(error?.file == path)
    #expect(error?.path == "$.categories[0].title")
    #expect(error?.description.hasPrefix(path + ": $.categories[0].title: ") == true)
    let absent = #expect(throws: CatalogError.self) { try Catalog.load(contentsOf: path + ".absent") }
    #expect(absent?.file == path + ".absent")
  }
}
