package import AuditModel
package import Foundation
package import PrivacyCatalog
package import PropertyLists
package import ScanFiles
import TargetDiscovery

/// A `PrivacyInfo.xcprivacy` drafted for one target (`sdkvet manifest`): the target's manifest,
/// every declaration kept, with what its binaries show to be missing added.
///
/// A category the binaries use and the manifest does not declare is added with an **empty**
/// reasons array: the reasons that may apply to this kind of target are in `candidates`, for the
/// writer to show beside it, and the user picks; the draft never picks a reason.
/// `NSPrivacyTracking` follows the tracking evidence; the hosts the binaries name are proposed as
/// tracking domains for the user to confirm (`proposedDomains`), never added. Each category the
/// binaries use carries its evidence (`evidence`), and an xcframework says which slices need a copy.
/// A misspelt key (`NSPrivacyAccesedAPITypes`) is renamed to the key it was meant to be.
package struct ManifestDraft: Sendable, Hashable {
  /// The manifest's top-level dictionary, existing keys first as they were.
  package var root: [String: PropertyListValue]
  /// For each category added (or declared with no reason), the reasons a target of this kind may declare.
  package var candidates: [String: [ReasonCode]]
  /// What the target's manifest lacks, one sentence each; empty when it lacks nothing.
  package var missing: [String]
  /// The draft says the target tracks and lists no tracking domain: the user must add them.
  package var needsTrackingDomains: Bool
  /// For each category the binaries use, the symbols, callers and slices behind it.
  package var evidence: [String: DraftedCategoryEvidence]
  /// Hosts the binaries name that no listed tracking domain covers, for the user to confirm.
  package var proposedDomains: [ProposedTrackingDomain]
  /// For an xcframework, what each slice uses, by slice: a slice that uses a category, and one
  /// holding a binary that could not be read, each need their own copy of the manifest. Empty
  /// for other kinds of target.
  package var sliceUse: [String: CategoryUse]
  /// The binaries of a target that is no xcframework which could not be read (an xcframework
  /// says so per slice, in `sliceUse`): what they use is unknown, so the draft may lack their
  /// categories and never says the manifest lacks nothing.
  package var binariesNotRead: [ScanPath]

  /// Drafts the manifest of the target `report` describes.
  /// - Parameters:
  ///   - report: The target's audit (its used categories, kind and tracking evidence).
  ///   - existing: The bytes of its manifest (`report.privacyManifest`), `nil` when it has none.
  ///   - catalog: The catalog the reasons come from.
  package init(report: TargetReport, existing: Data?, catalog: Catalog) {
    root = [:]
    candidates = [:]
    missing = []
    needsTrackingDomains = false
    let uses = report.apiUses.filter { report.usedCategories.contains($0.category) }
    let evidence = Dictionary(grouping: uses, by: \.category).mapValues {
      DraftedCategoryEvidence(uses: $0, report: report)
    }
    self.evidence = evidence
    sliceUse = report.categoryUseBySlice
    binariesNotRead =
      report.kind == .xcframework ? [] : report.binaries.filter { !$0.format.wasRead }.map(\.path)
    proposedDomains = []
    if let existing {
      if let document = try? PropertyListDocument(parsing: existing), case .dictionary(let dictionary) = document.root {
        root = dictionary
      } else {
        missing.append("The manifest cannot be read as a dictionary; the draft starts from an empty one.")
      }
    } else {
      missing.append("The target has no PrivacyInfo.xcprivacy.")
    }
    respellKeys()
    addCategories(report: report, catalog: catalog)
    setTracking(report.tracking)
    proposeDomains(report: report, catalog: catalog)
    if root[ManifestKeys.collectedDataTypes] == nil { root[ManifestKeys.collectedDataTypes] = .array([]) }
    if !binariesNotRead.isEmpty {
      let count = binariesNotRead.count
      missing.append(
        "\(count) of its binaries could not be read (\(binariesNotRead.map(\.description).joined(separator: ", "))), "
          + "so what the manifest needs for \(count == 1 ? "it" : "them") is unknown.")
    }
  }

  /// Renames each misspelt top-level key, and each misspelt key of an `NSPrivacyAccessedAPITypes`
  /// entry, to the key it was meant to be, when that key is not there too.
  private mutating func respellKeys() {
    root = respelled(root, allowed: ManifestKeys.topLevel, place: "")
    guard case .array(let entries) = root[ManifestKeys.accessedAPITypes] else { return }
    root[ManifestKeys.accessedAPITypes] = .array(
      entries.map { entry in
        entry.dictionaryValue.map {
          .dictionary(
            respelled($0, allowed: ManifestKeys.accessedAPIEntry, place: " in an NSPrivacyAccessedAPITypes entry"))
        } ?? entry
      })
  }

  private mutating func respelled(_ dictionary: [String: PropertyListValue], allowed: Set<String>, place: String)
    -> [String: PropertyListValue]
  {
    var result = dictionary
    for key in dictionary.keys.sorted() {
      guard let intended = ManifestKeys.intended(key, among: allowed), result[intended] == nil else { continue }
      result[intended] = result.removeValue(forKey: key)
      missing.append("`\(key)`\(place) is misspelt; Apple reads only \(intended), which the draft uses.")
    }
    return result
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
    // Asking for App Tracking Transparency is not tracking; reading the identifier is.
    let tracks = tracking.readsAdvertisingIdentifier
    let declared: Bool? = if case .boolean(let flag) = root[ManifestKeys.tracking] { flag } else { nil }
    if tracks && declared != true {
      root[ManifestKeys.tracking] = .boolean(true)
      missing.append(
        "NSPrivacyTracking is not true, but the binaries read the advertising identifier.")
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

  /// Proposes the hosts the binaries name as tracking domains; when there are some and the
  /// manifest has no `NSPrivacyTrackingDomains`, adds it empty for the proposals to go in.
  private mutating func proposeDomains(report: TargetReport, catalog: Catalog) {
    var declared: [String] = []
    if case .array(let domains) = root[ManifestKeys.trackingDomains] { declared = domains.compactMap(\.stringValue) }
    proposedDomains = ProposedTrackingDomain.proposals(for: report, declared: declared, catalog: catalog)
    if !proposedDomains.isEmpty && root[ManifestKeys.trackingDomains] == nil {
      root[ManifestKeys.trackingDomains] = .array([])
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
