import AuditModel

/// The keys and values a privacy manifest may contain (Apple, "Privacy manifest files" and TN3184).
enum ManifestKeys {
  static let tracking = "NSPrivacyTracking"
  static let trackingDomains = "NSPrivacyTrackingDomains"
  static let collectedDataTypes = "NSPrivacyCollectedDataTypes"
  static let accessedAPITypes = "NSPrivacyAccessedAPITypes"
  static let topLevel: Set<String> = [tracking, trackingDomains, collectedDataTypes, accessedAPITypes]

  static let accessedAPIType = "NSPrivacyAccessedAPIType"
  static let accessedAPITypeReasons = "NSPrivacyAccessedAPITypeReasons"
  static let accessedAPIEntry: Set<String> = [accessedAPIType, accessedAPITypeReasons]

  static let collectedDataType = "NSPrivacyCollectedDataType"
  static let collectedDataTypeLinked = "NSPrivacyCollectedDataTypeLinked"
  static let collectedDataTypeTracking = "NSPrivacyCollectedDataTypeTracking"
  static let collectedDataTypePurposes = "NSPrivacyCollectedDataTypePurposes"
  static let collectedDataEntry: Set<String> = [
    collectedDataType, collectedDataTypeLinked, collectedDataTypeTracking, collectedDataTypePurposes,
  ]

  /// The 35 `NSPrivacyCollectedDataType` values, exact casing (`PhotosorVideos` has a lower-case "or").
  static let collectedDataTypeValues: Set<String> = Set(
    [
      "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo", "Health", "Fitness",
      "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation", "CoarseLocation", "SensitiveInfo",
      "Contacts", "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
      "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID", "DeviceID", "PurchaseHistory",
      "ProductInteraction", "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData", "OtherDiagnosticData",
      "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
    ].map { "NSPrivacyCollectedDataType" + $0 })

  /// The 6 `NSPrivacyCollectedDataTypePurposes` values.
  static let collectedDataPurposeValues: Set<String> = Set(
    [
      "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization", "AppFunctionality",
      "Other",
    ]
    .map { "NSPrivacyCollectedDataTypePurpose" + $0 })

  /// The key of `allowed` that `key`, which is none of them, is most likely a misspelling of
  /// (`NSPrivacyAccesedAPITypes` → `NSPrivacyAccessedAPITypes`); `nil` when none is near.
  static func intended(_ key: String, among allowed: Set<String>) -> String? {
    allowed.contains(key) ? nil : NearestSpelling.suggestion(for: key, among: allowed.sorted())
  }
}
