import Foundation
import SDKVetCommand
import Testing

@Suite struct CatalogCommandTests {
  @Test func markdownListsEveryCategoryAndReasonCode() {
    let run = CapturedRun(["catalog"])
    #expect(run.status == .success)
    for category in ["FileTimestamp", "SystemBootTime", "DiskSpace", "ActiveKeyboards", "UserDefaults"] {
      #expect(run.output.contains("NSPrivacyAccessedAPICategory\(category)"))
    }
    for code in ["DDA9.1", "35F9.1", "85F4.1", "3EC4.1", "CA92.1", "C56D.1", "0A2A.1", "B728.1"] {
      #expect(run.output.contains(code), "\(code) missing")
    }
    #expect(run.output.contains("NSCameraUsageDescription"))
  }

  @Test func jsonRoundTripsAsAnOverlay() throws {
    let json = CapturedRun(["catalog", "--format", "json"])
    #expect(json.status == .success)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    #expect((document["categories"] as? [Any])?.count == 5)

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(json.output.utf8).write(to: URL(fileURLWithPath: path))
    let again = CapturedRun(["catalog", "--format", "json", "--catalog", path])
    #expect(again.status == .success, "\(again.error)")
    #expect(again.output == json.output)
  }

  @Test func catalogTakesNoPaths() {
    let run = CapturedRun(["catalog", "Samples"])
    #expect(run.status == .usage)
    #expect(run.error.contains("Unexpected argument 'Samples'"))
  }
}
