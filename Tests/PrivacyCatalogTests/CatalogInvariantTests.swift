import PrivacyCatalog
import Testing

/// Structural facts the catalog data must keep: the checks a user's catalog gets, and facts
/// checked independently of them.
@Suite struct CatalogInvariantTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.builtIn()
  }

  /// The approved codes per category (fact sheet §1.7).
  static let approvedCodes: [String: Set<String>] = [
    "NSPrivacyAccessedAPICategoryFileTimestamp": ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"],
    "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1", "8FFB.1", "3D61.1"],
    "NSPrivacyAccessedAPICategoryDiskSpace": ["85F4.1", "E174.1", "7D9E.1", "B728.1"],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ["3EC4.1", "54BD.1"],
    "NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"],
  ]

  /// `builtIn()` decodes the shipped catalog without checking it at every start: it must pass
  /// every check a user's catalog gets.
  @Test func theShippedCatalogPassesTheChecksAUsersCatalogGets() throws {
    try catalog.validate(resolvingIn: catalog)
  }

  @Test func theFiveCategoriesHaveExactlyTheSeventeenApprovedCodes() {
    #expect(catalog.categories.count == 5)
    var allCodes: [String] = []
    for category in catalog.categories {
      let codes = category.reasons.map(\.code)
      #expect(Set(codes) == Self.approvedCodes[category.id], "\(category.id)")
      allCodes += codes
    }
    #expect(allCodes.count == 17)
    #expect(Set(allCodes).count == 17, "a code belongs to more than one category")
  }

  @Test func reasonCodesAreWellFormed() {
    for code in catalog.categories.flatMap(\.reasons).map(\.code) {
      let parts = code.split(separator: ".", omittingEmptySubsequences: false)
      #expect(parts.count == 2 && parts[0].count == 4 && parts[1] == "1", "\(code)")
      #expect(parts[0].allSatisfy { $0.isUppercase || $0.isNumber }, "\(code)")
    }
    #expect(ReasonCode.isWellFormed("C617.1"))
    #expect(!ReasonCode.isWellFormed("c617.1"))
    #expect(!ReasonCode.isWellFormed("C617"))
    #expect(!ReasonCode.isWellFormed("C6171.1"))
    #expect(!ReasonCode.isWellFormed("C617."))
  }

  @Test func restrictedCodesNameWhoMayUseThem() throws {
    let restricted = catalog.categories.flatMap(\.reasons).filter { $0.usableBy != .appOrSDK }
    let byCode = Dictionary(uniqueKeysWithValues: restricted.map { ($0.code, $0) })
    #expect(Set(byCode.keys) == ["0A2A.1", "C56D.1", "3EC4.1", "B728.1"])
    #expect(byCode["0A2A.1"]?.usableBy == .sdkOnly)
    #expect(byCode["C56D.1"]?.usableBy == .sdkOnly)
    #expect(byCode["3EC4.1"]?.appKind == .customKeyboard)
    #expect(byCode["B728.1"]?.appKind == .healthResearch)
    for reason in catalog.categories.flatMap(\.reasons) {
      #expect(!reason.summary.isEmpty && !reason.summary.contains("\n"), "\(reason.code) needs a one-line summary")
      #expect((reason.usableBy == .appKindRestricted) == (reason.appKind != nil), "\(reason.code)")
    }
  }

  @Test func identifiersAreUnique() {
    for ids in [catalog.categories.map(\.id), catalog.apis.map(\.id), catalog.resources.map(\.id)] {
      #expect(Set(ids).count == ids.count, "duplicate in \(ids)")
    }
  }

  @Test func noSpellingIsListedTwiceWithinAnAPIOrResource() {
    for api in catalog.apis {
      let keys = api.spellings.map {
        "\($0.kind == .selector)|\($0.kind == .swiftPrefix)|\($0.format?.rawValue ?? "")|\($0.name)"
      }
      #expect(Set(keys).count == keys.count, "\(api.id)")
    }
    for resource in catalog.resources {
      let keys = resource.evidence.map { "\($0.spelling.kind)|\($0.spelling.name)" }
      #expect(Set(keys).count == keys.count, "\(resource.id)")
    }
  }

  @Test func spellingsAreWrittenTheWayTheMatcherExpects() {
    let all = catalog.apis.flatMap(\.spellings) + catalog.resources.flatMap(\.evidence).map(\.spelling)
    for spelling in all {
      #expect(!spelling.name.contains(" ") && !spelling.name.isEmpty, "\(spelling.name)")
      switch spelling.kind {
      case .swiftPrefix: #expect(spelling.name.hasPrefix("$s"), "\(spelling.name)")
      case .selector: #expect(!spelling.name.hasPrefix("_"), "\(spelling.name)")
      case .objcClass:
        #expect(spelling.name.hasPrefix("_OBJC_CLASS_$_") || spelling.name.hasPrefix("_OBJC_METACLASS_$_"))
      case .objcConstant: #expect(spelling.name.hasPrefix("_"), "\(spelling.name)")
      case .cFunction:
        // Mach-O C symbols carry the leading underscore; ELF ones are spelled as in C.
        if spelling.format == .machO { #expect(spelling.name.hasPrefix("_"), "\(spelling.name)") }
      }
    }
  }

  @Test func everyIssueResourceIsPresentWithKeysAndRequestEvidence() {
    let expected = [
      "camera", "microphone", "location-when-in-use", "location-always", "contacts", "photo-library",
      "photo-library-add", "calendars", "calendars-write-only", "reminders", "bluetooth", "motion",
      "speech-recognition", "face-id", "health-share", "health-update", "homekit", "local-network", "nfc",
      "media-library", "sensorkit", "user-tracking", "advertising-identifier",
    ]
    for id in expected { #expect(catalog.resources.first { $0.id == id } != nil, "\(id) is missing") }
    for resource in catalog.resources {
      if let reason = resource.noBinarySpelling {
        #expect(resource.evidence.isEmpty && !reason.isEmpty, "\(resource.id) says no spelling is known")
      } else {
        #expect(resource.evidence.contains { $0.strength == .request }, "\(resource.id) has no request evidence")
      }
      if resource.kind == .permission {
        #expect(
          !(resource.requiredInfoPlistKeys + resource.extensionInfoPlistKeys).isEmpty,
          "\(resource.id) has no required Info.plist key")
      } else {
        #expect(resource.indicatesTracking, "\(resource.id) without a key must be tracking evidence")
      }
      for key in resource.infoPlistKeys.map(\.key) {
        #expect(key.hasPrefix("NS") || key.hasPrefix("NFC") || key == "OSBundleUsageDescription", "\(key)")
      }
    }
    #expect(catalog.resources.first { $0.id == "camera" }?.requiredInfoPlistKeys == ["NSCameraUsageDescription"])
    #expect(catalog.resources.first { $0.id == "user-tracking" }?.indicatesTracking == true)
    #expect(catalog.resources.first { $0.id == "advertising-identifier" }?.indicatesTracking == true)
  }

  /// Issue 34: every key and every piece of evidence names the document it comes from, and every
  /// key names its platforms.
  @Test func everyKeyAndEvidenceNamesItsSource() {
    for resource in catalog.resources {
      for key in resource.infoPlistKeys {
        #expect(key.source?.hasPrefix("https://") == true, "\(key.key) has no source")
        #expect(!key.platforms.isEmpty, "\(key.key) has no platforms")
      }
      for evidence in resource.evidence {
        #expect(evidence.spelling.source?.hasPrefix("https://") == true, "\(evidence.spelling.name) has no source")
      }
    }
  }

  /// Issue 34: every usage-description key on Apple's "Protected resources" page is in the
  /// catalog, each with its binary spelling or the reason none can be known.
  @Test func everyKeyOfApplesListIsInTheCatalog() {
    let keys = Set(catalog.resources.flatMap(\.infoPlistKeys).map(\.key))
    let issueList = [
      "NSAlarmKitUsageDescription", "NSCriticalMessagingUsageDescription", "NSAccessorySetupKitSupports",
      "NSAccessorySetupBluetoothServices", "NSAccessorySetupBluetoothNames",
      "NSAccessorySetupBluetoothCompanyIdentifiers", "NSFocusStatusUsageDescription",
      "NSGKFriendListUsageDescription", "NSVideoSubscriberAccountUsageDescription",
      "NSFinancialDataUsageDescription", "NSIdentityUsageDescription",
      "NSHealthClinicalHealthRecordsShareUsageDescription", "NSBluetoothWhileInUseUsageDescription",
      "NSVoIPUsageDescription", "NSWorldSensingUsageDescription", "NSHandsTrackingUsageDescription",
      "NSMainCameraUsageDescription", "NSEnterpriseMCAMUsageDescription", "NSAccessoryTrackingUsageDescription",
      "NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription",
      "NSNetworkVolumesUsageDescription", "NSRemovableVolumesUsageDescription",
      "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription",
      "NSAppleEventsUsageDescription", "NSSystemAdministrationUsageDescription",
      "NSSystemExtensionUsageDescription", "NSAudioCaptureUsageDescription", "NSAppBundlesUsageDescription",
      "NSAppDataUsageDescription", "OSBundleUsageDescription",
    ]
    for key in issueList { #expect(keys.contains(key), "\(key) is missing") }
    let main = catalog.resources.first { $0.id == "main-camera" }?.infoPlistKeys
    #expect(
      main?.first { $0.key == "NSEnterpriseMCAMUsageDescription" }?.deprecatedBy == "NSMainCameraUsageDescription")
  }
}
