import AuditModel
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

@Suite("Manifest and property list parsing")
struct ManifestParsingTests {
  let known: Set<String> = [
    Fixture.fileTimestamp, Fixture.bootTime, Fixture.diskSpace, Fixture.keyboards, Fixture.userDefaults,
  ]

  private func issues(_ root: Any, binary: Bool = false) throws -> [ManifestIssue] {
    PrivacyManifest(parsing: try Fixture.plist(root, binary: binary), knownCategories: known).issues
  }

  private let validCollected: [String: Any] = [
    "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeCrashData",
    "NSPrivacyCollectedDataTypeLinked": false,
    "NSPrivacyCollectedDataTypeTracking": false,
    "NSPrivacyCollectedDataTypePurposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"],
  ]

  @Test(arguments: [false, true])
  func validManifestInXMLAndBinary(binary: Bool) throws {
    let root: [String: Any] = [
      "NSPrivacyTracking": true, "NSPrivacyTrackingDomains": ["ads.example.com"],
      "NSPrivacyCollectedDataTypes": [validCollected],
      "NSPrivacyAccessedAPITypes": [Fixture.api(Fixture.fileTimestamp, "C617.1", "DDA9.1")],
    ]
    let manifest = PrivacyManifest(parsing: try Fixture.plist(root, binary: binary), knownCategories: known)
    #expect(manifest.issues.isEmpty)
    #expect(manifest.tracking == true)
    #expect(manifest.trackingDomains == ["ads.example.com"])
    #expect(
      manifest.accessedAPITypes == [
        PrivacyManifest.AccessedAPIType(category: Fixture.fileTimestamp, reasons: ["C617.1", "DDA9.1"])
      ])
  }

  @Test func notAPropertyList() {
    let manifest = PrivacyManifest(parsing: Data("hello".utf8 + [0xff, 0xfe]), knownCategories: known)
    #expect(manifest.issues.count == 1)
    #expect(manifest.issues.first?.message.contains("plutil") == true)
  }

  @Test func shortenedAndInventedCategories() throws {
    let found = try issues([
      "NSPrivacyAccessedAPITypes": [
        Fixture.api("FileTimestamp", "C617.1"), Fixture.api("NSPrivacyAccessedAPICategoryPhotoLibrary", "C617.1"),
      ]
    ])
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.aspect == .category && $0.severity == .error })
    #expect(found.first?.message.contains(Fixture.fileTimestamp) == true)
  }

  @Test func emptyReasonsAndWrongTypes() throws {
    let found = try issues([
      "NSPrivacyTracking": 1,
      "NSPrivacyAccessedAPITypes": [
        ["NSPrivacyAccessedAPIType": Fixture.fileTimestamp, "NSPrivacyAccessedAPITypeReasons": [String]()],
        ["NSPrivacyAccessedAPIType": Fixture.bootTime, "NSPrivacyAccessedAPITypeReasons": "35F9.1"],
        [String: Any](),
      ],
    ])
    let messages = found.map(\.message)
    #expect(messages.contains { $0.contains("`NSPrivacyTracking` is a Integer") })
    #expect(messages.contains { $0.contains("reasons array") && $0.contains("empty") })
    #expect(messages.contains { $0.contains("`NSPrivacyAccessedAPITypeReasons` is a String") })
    #expect(messages.filter { $0.contains("lacks") }.count == 2)  // the empty dictionary lacks both keys
  }

  @Test func unexpectedKeys() throws {
    let found = try issues(["NSPrivacyTracking": false, "NSPrivacyTrackingEnabled": true])
    #expect(found.map(\.message).contains { $0.contains("NSPrivacyTrackingEnabled") })
    #expect(found.count == 1)
  }

  @Test func aMisspeltKeyIsAnsweredWithTheKeyItMeant() throws {
    let messages = try issues([
      "NSPrivacyAccesedAPITypes": [Fixture.api(Fixture.userDefaults, "CA92.1")],
      "NSPrivacyAccessedAPITypes": [
        ["NSPrivacyAccessedAPIType": Fixture.diskSpace, "NSPrivacyAccessedAPITypeReason": ["E174.1"]]
      ],
      "NSPrivacyTrackingDomain": ["ads.example.com"], "NSPrivacyVendorNotes": "none",
    ]).map(\.message)
    #expect(MisspeltManifestKeys.unanswered(in: messages).isEmpty)
    #expect(
      messages.contains {
        $0.contains("`NSPrivacyAccessedAPITypeReason`") && $0.contains("did you mean NSPrivacyAccessedAPITypeReasons?")
      })
    // A key near none of Apple's is only unexpected.
    #expect(messages.contains { $0.contains("`NSPrivacyVendorNotes`") && $0.hasSuffix("remove it.") })
  }

  @Test func emptyAPITypesIsOnlyAWarning() throws {
    let found = try issues(["NSPrivacyAccessedAPITypes": [Any]()])
    #expect(found.map(\.severity) == [.warning])
  }

  @Test func trackingFalseWithDomainsAndMalformedDomains() throws {
    let found = try issues([
      "NSPrivacyTracking": false, "NSPrivacyTrackingDomains": ["https://ads.example.com/x", "ok.example.com"],
    ])
    #expect(found.contains { $0.aspect == .tracking && $0.message.contains("NSPrivacyTrackingDomains") })
    #expect(found.contains { $0.message.contains("https://ads.example.com/x") })
    #expect(!found.contains { $0.message.contains("\"ok.example.com\"") })
    #expect(try issues(["NSPrivacyTracking": false, "NSPrivacyTrackingDomains": [String]()]).isEmpty)
  }

  /// A domain with a scheme, path, port or spaces is a warning naming what to write instead (App
  /// Store Connect has accepted such domains); an empty domain stays an error, as App Store
  /// Connect counts it as a listed domain (ITMS-91064).
  @Test(arguments: [
    ("https://track.tenjin.com", "a scheme", "write track.tenjin.com"),
    ("a.teads.tv/sdk/v6", "a path", "write a.teads.tv"),
    ("ads.example.com:443", "a port", "write ads.example.com"),
    (" ads.example.com", "spaces", "write ads.example.com"),
    ("http://ads.example.com/x?y", "a scheme and a path", "write ads.example.com"),
  ])
  func misshapenDomainsAreWarnings(domain: String, fault: String, advice: String) throws {
    let found = try issues(["NSPrivacyTracking": true, "NSPrivacyTrackingDomains": [domain]])
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("has \(fault): \(advice).") == true, "\(found.map(\.message))")
  }

  @Test func anEmptyDomainIsATrackingError() throws {
    let found = try issues(["NSPrivacyTracking": true, "NSPrivacyTrackingDomains": [""]])
    #expect(found.map(\.severity) == [.error])
    #expect(found.first?.aspect == .tracking)
  }

  @Test func collectedDataEntriesNeedExactlyFourKnownKeys() throws {
    var wrong = validCollected
    wrong["NSPrivacyCollectedDataType"] = "NSPrivacyCollectedDataTypePhotosOrVideos"
    wrong["NSPrivacyCollectedDataTypePurposes"] = ["Analytics"]
    wrong["Extra"] = true
    wrong["NSPrivacyCollectedDataTypeLinked"] = "no"
    let found = try issues(["NSPrivacyCollectedDataTypes": [wrong]]).map(\.message)
    #expect(found.count == 4)
    #expect(found.contains { $0.contains("PhotosOrVideos") })
    #expect(found.contains { $0.contains("\"Analytics\"") })
    #expect(found.contains { $0.contains("`Extra`") })
    #expect(found.contains { $0.contains("NSPrivacyCollectedDataTypeLinked") && $0.contains("Boolean") })

    var short = validCollected
    short["NSPrivacyCollectedDataTypeTracking"] = nil
    #expect(
      try issues(["NSPrivacyCollectedDataTypes": [short]]).map(\.message) == [
        "A `NSPrivacyCollectedDataTypes` entry lacks `NSPrivacyCollectedDataTypeTracking`."
      ])
  }

  @Test func repeatedKeysAreInvalid() {
    let manifest = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>NSPrivacyTracking</key><false/>
      <key>NSPrivacyTracking</key><true/>
      <key>NSPrivacyTrackingDomains</key><array><string>ads.example.com</string></array>
      <key>NSPrivacyAccessedAPITypes</key><array><dict>
        <key>NSPrivacyAccessedAPIType</key><string>\(Fixture.fileTimestamp)</string>
        <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string></array>
        <key>NSPrivacyAccessedAPIType</key><string>\(Fixture.fileTimestamp)</string>
      </dict></array>
      </dict></plist>
      """
    let parsed = PrivacyManifest(parsing: Data(manifest.utf8), knownCategories: known)
    #expect(
      parsed.issues.map(\.message) == [
        "The key `NSPrivacyTracking` appears more than once. Apple's parser keeps one of the values without saying "
          + "which, and sdkvet reads the last; keep one.",
        "The key `NSPrivacyAccessedAPIType` appears more than once in `NSPrivacyAccessedAPITypes[0]`. Apple's parser "
          + "keeps one of the values without saying which, and sdkvet reads the last; keep one.",
      ])
    #expect(parsed.issues.allSatisfy { $0.severity == .note })
    #expect(parsed.tracking == true)
  }

  /// The 235-byte manifest of `Fuzz/DocumentFuzz/make-hostile-inputs.py` whose shared references expand to 2^41 values.
  @Test func sharedReferencesAreOneClearIssue() throws {
    let input = SampleLocator.packageRoot + "/Fuzz/corpus/documents/hostile-manifest-bplist-shared-references"
    let plist = try Data(contentsOf: URL(fileURLWithPath: input)).dropFirst()  // the fuzzer's selector byte
    let parsed = PrivacyManifest(parsing: Data(plist), knownCategories: known)
    #expect(
      parsed.issues.map(\.message) == [
        "The manifest is not a readable property list (it expands beyond 1000000 objects through shared references); "
          + "check it with `plutil -lint`."
      ])
  }
}
