public import Foundation
public import PrivacyCatalog
public import PropertyLists
import TargetDiscovery

/// A `PrivacyInfo.xcprivacy` drafted for one target (`sdkvet manifest`): the target's manifest,
/// every declaration kept, with what its binaries show to be missing added.
///
/// A category the binaries use and the manifest does not declare is added with an **empty**
/// reasons array: the reasons that may apply to this kind of target are in `candidates`, for the
/// writer to show beside it, and the user picks; the draft never picks a reason.
/// `NSPrivacyTracking` follows the tracking evidence; tracking domains are left for the user.
public struct ManifestDraft: Sendable, Hashable {
  /// The manifest's top-level dictionary, existing keys first as they were.
  public var root: [String: PropertyListValue]
  /// For each category added (or declared with no reason), the reasons a target of this kind may declare.
  public var candidates: [String: [ReasonCode]]
  /// What the target's manifest lacks, one sentence each; empty when it lacks nothing.
  public var missing: [String]
  /// The draft says the target tracks and lists no tracking domain: the user must add them.
  public var needsTrackingDomains: Bool

  /// Drafts the manifest of the target `report` describes.
  /// - Parameters:
  ///   - report: The target's audit (its used categories, kind and tracking evidence).
  ///   - existing: The bytes of its manifest (`report.privacyManifest`), `nil` when it has none.
  ///   - catalog: The catalog the reasons come from.
  public init(report: TargetReport, existing: Data?, catalog: Catalog) {
    root = [:]
    candidates = [:]
    missing = []
    needsTrackingDomains = false
    if let existing {
      if let document = try? PropertyListDocument(parsing: existing), case .dictionary(let dictionary) = document.root {
        root = dictionary
      } else {
        missing.append("The manifest cannot be read as a dictionary; the draft starts from an empty one.")
      }
    } else {
      missing.append("The target has no PrivacyInfo.xcprivacy.")
    }
    addCategories(report: report, catalog: catalog)
    setTracking(report.tracking)
    if root[ManifestKeys.collectedDataTypes] == nil { root[ManifestKeys.collectedDataTypes] = .array([]) }
  }

  private mutating func addCategories(report: TargetReport, catalog: Catalog) {
    var entries: [PropertyListValue] = []
    if case .array(let existing) = root[ManifestKeys.accessedAPITypes] { entries = existing }
    let declared = entries.compactMap { $0.dictionaryValue?[ManifestKeys.accessedAPIType]?.stringValue }
    for (position, entry) in entries.enumerated() {
      guard var dictionary = entry.dictionaryValue,
        let category = dictionary[ManifestKeys.accessedAPIType]?.stringValue,
        report.usedCategories.contains(category), Self.reasons(in: dictionary).isEmpty
      else { continue }
      dictionary[ManifestKeys.accessedAPITypeReasons] = .array([])
      entries[position] = .dictionary(dictionary)
      candidates[category] = Self.applicable(category, isApp: report.kind.isApp, catalog: catalog)
      missing.append("\(category) is declared without a reason.")
    }
    for category in report.usedCategories where !declared.contains(category) {
      entries.append(
        .dictionary([ManifestKeys.accessedAPIType: .string(category), ManifestKeys.accessedAPITypeReasons: .array([])]))
      candidates[category] = Self.applicable(category, isApp: report.kind.isApp, catalog: catalog)
      missing.append("NSPrivacyAccessedAPITypes lacks \(category), which the binaries use.")
    }
    if !entries.isEmpty { root[ManifestKeys.accessedAPITypes] = .array(entries) }
  }

  private mutating func setTracking(_ tracking: TrackingProfile) {
    let tracks = tracking.readsAdvertisingIdentifier || tracking.requestsAuthorization
    let declared: Bool? = if case .boolean(let flag) = root[ManifestKeys.tracking] { flag } else { nil }
    if tracks && declared != true {
      root[ManifestKeys.tracking] = .boolean(true)
      missing.append(
        "NSPrivacyTracking is not true, but the binaries read the advertising identifier or request tracking.")
    } else if declared == nil {
      root[ManifestKeys.tracking] = .boolean(false)
    }
    var domains: [PropertyListValue] = []
    if case .array(let existing) = root[ManifestKeys.trackingDomains] { domains = existing }
    if root[ManifestKeys.tracking] == .boolean(true) && domains.isEmpty {
      root[ManifestKeys.trackingDomains] = .array([])
      needsTrackingDomains = true
    }
  }

  /// The reason strings of an `NSPrivacyAccessedAPITypes` entry.
  private static func reasons(in entry: [String: PropertyListValue]) -> [String] {
    guard case .array(let values) = entry[ManifestKeys.accessedAPITypeReasons] else { return [] }
    return values.compactMap(\.stringValue)
  }

  /// The reasons of `category` a target of this kind may declare: SDK-only ones for SDKs, the
  /// app-kind-restricted ones for apps.
  static func applicable(_ category: String, isApp: Bool, catalog: Catalog) -> [ReasonCode] {
    let reasons = catalog.categories.first { $0.id == category }?.reasons ?? []
    return reasons.filter { reason in
      switch reason.usableBy {
      case .appOrSDK: true
      case .sdkOnly: !isApp
      case .appKindRestricted: isApp
      }
    }
  }
}
