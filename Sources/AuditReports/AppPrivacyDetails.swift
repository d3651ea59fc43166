import AuditModel
package import PrivacyAudit

/// The app-wide collected data types in the format of fastlane's `app_privacy_details.json`, the
/// file `upload_app_privacy_details_to_app_store` reads (docs.fastlane.tools/uploading-app-privacy-details):
/// an array of `{"category", "purposes", "data_protections"}` objects with App Store Connect's
/// identifiers, sorted by category, or `[{"data_protections": ["DATA_NOT_COLLECTED"]}]`.
///
/// The mapping from manifest keys is in `Docs/REPORT-FORMATS.md`; a data type or purpose App Store
/// Connect has no identifier for (the visionOS `EnvironmentScanning`, `Hands`, `Head`) is left out
/// and named in `leftOut`, for the command to say so.
package struct AppPrivacyDetails: Sendable {
  /// The document, ready to write.
  package let document: JSONValue
  /// What the document could not carry, one sentence each.
  package let leftOut: [String]

  /// `NSPrivacyCollectedDataType…` suffix → fastlane's `AppDataUsageCategory` identifier.
  static let categories: [String: String] = [
    "Name": "NAME", "EmailAddress": "EMAIL_ADDRESS", "PhoneNumber": "PHONE_NUMBER",
    "PhysicalAddress": "PHYSICAL_ADDRESS", "OtherUserContactInfo": "OTHER_CONTACT_INFO", "Health": "HEALTH",
    "Fitness": "FITNESS", "PaymentInfo": "PAYMENT_INFORMATION", "CreditInfo": "CREDIT_AND_FRAUD",
    "OtherFinancialInfo": "OTHER_FINANCIAL_INFO", "PreciseLocation": "PRECISE_LOCATION",
    "CoarseLocation": "COARSE_LOCATION", "SensitiveInfo": "SENSITIVE_INFO", "Contacts": "CONTACTS",
    "EmailsOrTextMessages": "EMAILS_OR_TEXT_MESSAGES", "PhotosorVideos": "PHOTOS_OR_VIDEOS", "AudioData": "AUDIO",
    "GameplayContent": "GAMEPLAY_CONTENT", "CustomerSupport": "CUSTOMER_SUPPORT",
    "OtherUserContent": "OTHER_USER_CONTENT", "BrowsingHistory": "BROWSING_HISTORY",
    "SearchHistory": "SEARCH_HISTORY", "UserID": "USER_ID", "DeviceID": "DEVICE_ID",
    "PurchaseHistory": "PURCHASE_HISTORY", "ProductInteraction": "PRODUCT_INTERACTION",
    "AdvertisingData": "ADVERTISING_DATA", "OtherUsageData": "OTHER_USAGE_DATA", "CrashData": "CRASH_DATA",
    "PerformanceData": "PERFORMANCE_DATA", "OtherDiagnosticData": "OTHER_DIAGNOSTIC_DATA",
    "OtherDataTypes": "OTHER_DATA",
  ]

  /// `NSPrivacyCollectedDataTypePurpose…` suffix → fastlane's `AppDataUsagePurpose` identifier.
  static let purposes: [String: String] = [
    "ThirdPartyAdvertising": "THIRD_PARTY_ADVERTISING", "DeveloperAdvertising": "DEVELOPERS_ADVERTISING",
    "Analytics": "ANALYTICS", "ProductPersonalization": "PRODUCT_PERSONALIZATION",
    "AppFunctionality": "APP_FUNCTIONALITY", "Other": "OTHER_PURPOSES",
  ]

  /// Converts the picture's app-wide rows.
  package init(_ picture: PrivacyPicture) {
    var entries: [(category: String, value: JSONValue)] = []
    var leftOut: [String] = []
    for row in picture.dataTypes {
      let declaredBy = row.bundles.map(\.description).joined(separator: ", ")
      guard let category = Self.identifier(row.dataType, prefix: "NSPrivacyCollectedDataType", in: Self.categories)
      else {
        leftOut.append(
          "\(row.dataType) (declared by \(declaredBy)) has no App Store Connect category in fastlane's format")
        continue
      }
      let purposes = Set(
        row.purposes.compactMap { Self.identifier($0, prefix: "NSPrivacyCollectedDataTypePurpose", in: Self.purposes) })
      for purpose in row.purposes
      where Self.identifier(purpose, prefix: "NSPrivacyCollectedDataTypePurpose", in: Self.purposes) == nil {
        leftOut.append("the purpose \(purpose) of \(row.dataType) (declared by \(declaredBy)) is not one of Apple's")
      }
      guard !purposes.isEmpty else {
        leftOut.append("\(row.dataType) (declared by \(declaredBy)) declares no purpose App Store Connect accepts")
        continue
      }
      let protections =
        [row.linked ? "DATA_LINKED_TO_YOU" : "DATA_NOT_LINKED_TO_YOU"]
        + (row.tracking ? ["DATA_USED_TO_TRACK_YOU"] : [])
      entries.append(
        (
          category,
          .object([
            ("category", .string(category)), ("purposes", .strings(purposes.sorted())),
            ("data_protections", .strings(protections.sorted())),
          ])
        ))
    }
    document =
      entries.isEmpty
      ? .array([.object([("data_protections", .strings(["DATA_NOT_COLLECTED"]))])])
      : .array(entries.sorted { $0.category < $1.category }.map(\.value))
    self.leftOut = leftOut
  }

  private static func identifier(_ value: String, prefix: String, in table: [String: String]) -> String? {
    value.hasPrefix(prefix) ? table[String(value.dropFirst(prefix.count))] : nil
  }
}
