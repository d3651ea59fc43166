import AuditModel
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TestSupport
import Testing

/// `Samples/permissions` scanned end to end (issue 34, and issue 33's first point): a selector
/// counts only with its class, a prompt only where the binary asks, asking for App Tracking
/// Transparency is not tracking, and App Store Connect's purpose-string emails are predicted.
/// The contract is `Samples/permissions/README.md`.
@Suite(
  "Samples/permissions end to end",
  .enabled(if: FileManager.default.fileExists(atPath: SampleLocator.sample("permissions") + "/README.md")))
struct PermissionSampleTests {
  static let root = SampleLocator.sample("permissions")

  let report: AuditReport

  init() throws {
    report = ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [Self.root]).report
  }

  func target(_ name: String) throws -> TargetReport {
    try #require(report.targets.first { $0.path.description == Self.root + "/" + name }, "\(name)")
  }

  func prompts(_ name: String) throws -> [String] {
    try target(name).permissions.map { "\($0.resource) \($0.requested ? "asks" : "API only")" }.sorted()
  }

  func findings(_ name: String) throws -> [String] {
    try target(name).findings.map { finding in
      [finding.rule.rawValue, finding.category, finding.appStoreCode?.rawValue].compactMap { $0 }.joined(
        separator: " ")
    }.sorted()
  }

  /// GULUserDefaults and SmaatoSDKVideo's pattern: the selectors sent to the binary's own
  /// classes prove no UserDefaults use and no identifier read.
  @Test func selectorsSentToTheBinarysOwnClassesProveNothing() throws {
    let own = try target("OwnClassKit.framework")
    #expect(own.apiUses.isEmpty && own.usedCategories.isEmpty)
    #expect(!own.tracking.readsAdvertisingIdentifier)
    #expect(own.findings.isEmpty)
  }

  /// The classes looked up by name at run time are the selectors' classes.
  @Test func classesLookedUpByNameCount() throws {
    let lookup = try target("LookupKit.framework")
    #expect(lookup.usedCategories == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    #expect(lookup.apiUses.map(\.evidence.symbol) == ["standardUserDefaults"])
    #expect(lookup.tracking.readsAdvertisingIdentifier)
    #expect(
      try findings("LookupKit.framework") == [
        "missing-privacy-manifest NSPrivacyAccessedAPICategoryUserDefaults ITMS-91053", "tracking-undeclared",
      ])
  }

  /// The selector in one member of a static library, its class in another: one slice.
  @Test func theClassMayBeInAnotherMemberOfTheLibrary() throws {
    let split = try target("libSplitKit.a")
    #expect(split.usedCategories == ["NSPrivacyAccessedAPICategorySystemBootTime"])
    #expect(split.apiUses.map(\.evidence.member) == ["SplitUptime.o"])
  }

  /// A CLLocationManager reference is when-in-use location "API only", never location always or
  /// temporary full accuracy; `canEvaluatePolicy:error:` asks for no Face ID.
  @Test func aClassAloneAsksForNothing() throws {
    #expect(try prompts("LocationRefKit.framework") == ["face-id API only", "location-when-in-use API only"])
    #expect(try findings("LocationRefKit.framework").isEmpty)
  }

  @Test func theRequestSelectorWithItsClassAsks() throws {
    #expect(
      try prompts("PromptKit.framework") == [
        "face-id asks", "location-always asks", "location-when-in-use API only",
      ])
    #expect(
      try findings("PromptKit.framework") == [
        "requires-purpose-string face-id", "requires-purpose-string location-always",
      ])
  }

  /// Google's User Messaging Platform shows the ATT prompt for its host app: a purpose string
  /// for the app, not tracking.
  @Test func askingForTrackingPermissionIsNotTracking() throws {
    let consent = try target("ConsentOnlyKit.framework")
    #expect(consent.tracking.requestsAuthorization && !consent.tracking.readsAdvertisingIdentifier)
    #expect(try findings("ConsentOnlyKit.framework") == ["requires-purpose-string user-tracking"])
  }

  /// AllKeysKit and AllKeysMacKit ask for what their code requests and nothing else; HealthKit's
  /// one request (with a clinical record type) also carries HealthKit reading and writing.
  @Test func theAllKeysSamplesAskForWhatTheyRequestOnly() throws {
    #expect(
      try prompts("AllKeysKit.framework") == [
        "accessory-setup asks", "critical-messaging asks", "financial-data asks", "focus-status asks",
        "game-center-friends asks", "health-clinical-records asks", "health-share asks", "health-update asks",
        "identity-verification asks", "tv-provider asks",
      ])
    #expect(
      try prompts("AllKeysMacKit.dylib") == [
        "apple-events asks", "audio-capture asks", "system-administration asks", "system-extension asks",
      ])
  }

  /// The Swift requests, by resource: each is seen by the name a Swift caller imports (a dispatch
  /// thunk, an async function pointer, an initializer), which the catalog's prefix starts.
  static let swiftRequests = [
    "financial-data": "_$s10FinanceKit0A5StoreC20requestAuthorization",
    "critical-messaging": "_$s8Messages22MSCriticalSMSMessengerC20requestAuthorization3for",
    "identity-verification": "_$s16_PassKit_SwiftUI30VerifyIdentityWithWalletButtonV",
    "audio-capture": "_$s9CoreAudio0B14HardwareSystemC14makeProcessTap11description",
  ]

  /// One assertion per key of Apple's list that AllKeysKit and AllKeysMacKit call (and for a Swift
  /// request, its mangled name).
  @Test(arguments: [
    ("AllKeysKit.framework", "focus-status", "NSFocusStatusUsageDescription"),
    ("AllKeysKit.framework", "game-center-friends", "NSGKFriendListUsageDescription"),
    ("AllKeysKit.framework", "tv-provider", "NSVideoSubscriberAccountUsageDescription"),
    ("AllKeysKit.framework", "identity-verification", "NSIdentityUsageDescription"),
    ("AllKeysKit.framework", "accessory-setup", "NSAccessorySetupKitSupports"),
    ("AllKeysKit.framework", "health-clinical-records", "NSHealthClinicalHealthRecordsShareUsageDescription"),
    ("AllKeysKit.framework", "financial-data", "NSFinancialDataUsageDescription"),
    ("AllKeysKit.framework", "critical-messaging", "NSCriticalMessagingUsageDescription"),
    ("AllKeysMacKit.dylib", "apple-events", "NSAppleEventsUsageDescription"),
    ("AllKeysMacKit.dylib", "system-extension", "NSSystemExtensionUsageDescription"),
    ("AllKeysMacKit.dylib", "audio-capture", "NSAudioCaptureUsageDescription"),
    ("AllKeysMacKit.dylib", "system-administration", "NSSystemAdministrationUsageDescription"),
  ])
  func eachKeysRequestIsFound(_ target: String, _ resource: String, _ key: String) throws {
    let use = try #require(try self.target(target).permissions.first { $0.resource == resource })
    #expect(use.requested)
    #expect(use.infoPlistKeys.contains(key))
    if let swift = Self.swiftRequests[resource] { #expect(use.evidence.contains { $0.symbol.hasPrefix(swift) }) }
    let note = try #require(try self.target(target).findings.first { $0.category == resource })
    #expect(note.rule == .requiresPurposeString && note.message.contains(key))
  }

  /// ReferenceApp embeds LocationRefKit (a reference) and AllKeysKit (requests): ITMS-90683 for
  /// the when-in-use key from the reference alone, ITMS-90738 for the empty focus-status key, and
  /// nothing for the keys it has.
  @Test func theAppIsPredictedApplesPurposeStringEmails() throws {
    #expect(
      try findings("ReferenceApp.app") == [
        "empty-purpose-string focus-status ITMS-90738",
        "missing-purpose-string location-when-in-use ITMS-90683",
        "purpose-string-style NSFocusStatusUsageDescription",
      ])
    let app = try target("ReferenceApp.app")
    let missing = try #require(app.findings.first { $0.rule == .missingPurposeString })
    #expect(missing.severity == .warning)
    #expect(missing.message.contains("referenced, not requested"))
    #expect(missing.message.contains("NSLocationWhenInUseUsageDescription"))
    let empty = try #require(app.findings.first { $0.rule == .emptyPurposeString })
    #expect(empty.severity == .warning && empty.message.contains("is requested"))
  }
}
