import AuditModel
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

/// `NSPrivacyCollectedDataTypes` entries are kept, not only checked: `privacy-report` reads them.
@Suite struct CollectedDataParsingTests {
  private func collected(_ entries: [Any]) throws -> PrivacyManifest {
    PrivacyManifest(parsing: try Fixture.plist(["NSPrivacyCollectedDataTypes": entries]), knownCategories: [])
  }

  @Test func entriesAreKeptInFileOrderWithTheirFlagsAndPurposes() throws {
    let manifest = try collected([
      [
        "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeLinked": true,
        "NSPrivacyCollectedDataTypeTracking": true,
        "NSPrivacyCollectedDataTypePurposes": ["NSPrivacyCollectedDataTypePurposeAnalytics"],
      ],
      [
        "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeCrashData", "NSPrivacyCollectedDataTypeLinked": false,
        "NSPrivacyCollectedDataTypeTracking": false, "NSPrivacyCollectedDataTypePurposes": [String](),
      ],
    ])
    #expect(
      manifest.collectedDataTypes == [
        .init(
          type: "NSPrivacyCollectedDataTypeDeviceID", linked: true, tracking: true,
          purposes: ["NSPrivacyCollectedDataTypePurposeAnalytics"]),
        .init(type: "NSPrivacyCollectedDataTypeCrashData", linked: false, tracking: false, purposes: []),
      ])
  }

  /// A mistyped flag reads as false and is an issue; an entry without a string type is not kept.
  @Test func brokenEntriesAreReportedAndKeptOnlyWithAType() throws {
    let manifest = try collected([
      ["NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeName", "NSPrivacyCollectedDataTypeLinked": "yes"],
      ["NSPrivacyCollectedDataType": 7],
      ["NSPrivacyCollectedDataType": ""],
    ])
    #expect(manifest.collectedDataTypes.map(\.type) == ["NSPrivacyCollectedDataTypeName"])
    #expect(manifest.collectedDataTypes.first?.linked == false)
    #expect(!manifest.issues.isEmpty)
  }
}
