package import AuditModel
package import Foundation
import PropertyLists

extension PrivacyManifest {
  /// Parses and validates a `PrivacyInfo.xcprivacy` (XML or binary property list).
  ///
  /// Checks key names, value types and values against Apple's rules: the four top-level keys
  /// only; `NSPrivacyTracking` a Boolean; domains bare host names; `NSPrivacyTracking` true
  /// whenever domains are listed; each collected-data entry exactly its four keys with known
  /// values; each accessed-API entry exactly its two keys, one of `knownCategories` (a shortened
  /// or invented category is ITMS-91054, `ManifestIssue.aspect`) and a non-empty reasons array. An empty
  /// `NSPrivacyAccessedAPITypes` array is a warning: App Store Connect has accepted it (the
  /// evidence table in Docs/RULES.md). Reason codes are checked by the audit against the catalog,
  /// not here.
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - knownCategories: The valid full category strings.
  /// - Returns: The manifest's readable parts, with every problem in `issues`.
  package init(parsing data: Data, knownCategories: Set<String>) {
    var parser = PrivacyManifestParser()
    parser.parse(data, knownCategories: knownCategories)
    self.init(
      tracking: parser.tracking, trackingDomains: parser.trackingDomains, accessedAPITypes: parser.accessedAPITypes,
      collectedDataTypes: parser.collectedDataTypes, issues: parser.issues)
  }
}

/// What `PrivacyManifest.init(parsing:knownCategories:)` has read so far: the readable parts and
/// every problem met, gathered in one pass over the property list.
private struct PrivacyManifestParser {
  typealias AccessedAPIType = PrivacyManifest.AccessedAPIType
  typealias CollectedDataType = PrivacyManifest.CollectedDataType

  var tracking: Bool?
  var trackingDomains: [String] = []
  var accessedAPITypes: [AccessedAPIType] = []
  var collectedDataTypes: [CollectedDataType] = []
  var issues: [ManifestIssue] = []

  mutating func parse(_ data: Data, knownCategories: Set<String>) {
    let document: PropertyListDocument
    do {
      document = try PropertyListDocument(parsing: data)
    } catch {
      issues.append(ManifestIssue(message: "The manifest is \(error.message); check it with `plutil -lint`."))
      return
    }
    guard case .dictionary(let dictionary) = document.root else {
      issues.append(ManifestIssue(message: "The manifest's root is a \(document.root.typeName), not a Dictionary."))
      return
    }
    for duplicate in document.duplicateKeys {
      let place = duplicate.location.isEmpty ? "" : " in `\(duplicate.location)`"
      issues.append(
        ManifestIssue(
          severity: .note,
          message: "The key `\(duplicate.key)` appears more than once\(place). Apple's parser keeps one of the values "
            + "without saying which, and sdkvet reads the last; keep one."))
    }
    for key in dictionary.keys.sorted() where !ManifestKeys.topLevel.contains(key) {
      let advice = ManifestKeys.intended(key, among: ManifestKeys.topLevel).map {
        "did you mean \($0)? Apple reads no other spelling, so nothing under it is declared; rename it."
      }
      issues.append(
        ManifestIssue(
          message: "Unexpected key `\(key)`: only the four NSPrivacy… keys are allowed; \(advice ?? "remove it.")"))
    }
    readTracking(dictionary)
    if let value = dictionary[ManifestKeys.collectedDataTypes] { readCollectedData(value) }
    if let value = dictionary[ManifestKeys.accessedAPITypes] {
      readAccessedAPITypes(value, knownCategories: knownCategories)
    }
  }

  private mutating func report(_ message: String, aspect: ManifestAspect = .structure) {
    issues.append(ManifestIssue(message: message, aspect: aspect))
  }

  // MARK: Tracking

  private mutating func readTracking(_ dictionary: [String: PropertyListValue]) {
    if let value = dictionary[ManifestKeys.tracking] {
      if case .boolean(let flag) = value {
        tracking = flag
      } else {
        report("`NSPrivacyTracking` is a \(value.typeName); it must be a Boolean.")
      }
    }
    if let value = dictionary[ManifestKeys.trackingDomains] {
      trackingDomains = strings(in: value, key: ManifestKeys.trackingDomains)
      for domain in trackingDomains { checkShape(ofTrackingDomain: domain) }
    }
    if tracking == false && !trackingDomains.isEmpty {
      report(
        "`NSPrivacyTracking` is false but `NSPrivacyTrackingDomains` lists domains; set it to true or remove the domains.",
        aspect: .tracking)
    }
  }

  /// An empty domain is an error (App Store Connect counts it as a listed domain: ITMS-91064 for
  /// AWSDK with `NSPrivacyTracking` false, Docs/RULES.md T10). A domain written with a scheme,
  /// path, query, port or spaces is a warning that names what to write instead: Apple documents
  /// bare domains (TN3181), but no upload has been seen rejected for one (three Tenjin releases
  /// listed `https://track.tenjin.com`, Teads 6.1.0 a domain with a path).
  private mutating func checkShape(ofTrackingDomain domain: String) {
    let trimmed = domain.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      return report(
        "A tracking domain is empty; App Store Connect counts it as a listed domain (ITMS-91064 when "
          + "`NSPrivacyTracking` is false). Remove it, or write the domain.", aspect: .tracking)
    }
    var faults: [String] = []
    var host = Substring(trimmed)
    if let scheme = host.range(of: "://") {
      faults.append("a scheme")
      host = host[scheme.upperBound...]
    }
    if let end = host.firstIndex(where: { "/?#".contains($0) }) {
      faults.append(host[end] == "/" ? "a path" : "a query or fragment")
      host = host[..<end]
    }
    if let at = host.lastIndex(of: "@") {
      faults.append("a user name")
      host = host[host.index(after: at)...]
    }
    if let colon = host.firstIndex(of: ":") {
      faults.append("a port")
      host = host[..<colon]
    }
    if trimmed != domain || host.contains(where: \.isWhitespace) { faults.append("spaces") }
    if host.hasPrefix(".") || host.hasSuffix(".") { faults.append("a leading or trailing dot") }
    guard !faults.isEmpty else { return }
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    let advice = bare.isEmpty ? "write the domain alone" : "write \(bare)"
    issues.append(
      ManifestIssue(
        severity: .warning,
        message: "Tracking domain \"\(domain)\" has \(faults.joined(separator: " and ")): \(advice). App Store Connect "
          + "has accepted this, but Apple documents bare domains (TN3181), and whether the system blocks such an entry "
          + "until the user allows tracking is not documented.",
        aspect: .tracking))
  }

  /// The strings of an array value; reports a non-array or non-string entries under `key`.
  private mutating func strings(in value: PropertyListValue, key: String) -> [String] {
    guard case .array(let items) = value else {
      report("`\(key)` is a \(value.typeName); it must be an Array of String.")
      return []
    }
    var result: [String] = []
    for item in items {
      if let string = item.stringValue {
        result.append(string)
      } else {
        report("`\(key)` holds a \(item.typeName); every entry must be a String.")
      }
    }
    return result
  }

  /// The dictionaries of an array value; reports a non-array or other entries under `key`.
  private mutating func dictionaries(in value: PropertyListValue, key: String) -> [[String: PropertyListValue]] {
    guard case .array(let items) = value else {
      report("`\(key)` is a \(value.typeName); it must be an Array of Dictionary.")
      return []
    }
    var result: [[String: PropertyListValue]] = []
    for item in items {
      if let dictionary = item.dictionaryValue {
        result.append(dictionary)
      } else {
        report("`\(key)` holds a \(item.typeName); every entry must be a Dictionary.")
      }
    }
    return result
  }

  private mutating func reportUnexpectedKeys(
    in entry: [String: PropertyListValue], allowed: Set<String>, of key: String
  ) {
    for name in entry.keys.sorted() where !allowed.contains(name) {
      let advice = ManifestKeys.intended(name, among: allowed).map { "did you mean \($0)? Rename it." }
      report("A `\(key)` entry has the unexpected key `\(name)`; \(advice ?? "remove it.")")
    }
    for name in allowed.sorted() where entry[name] == nil {
      report("A `\(key)` entry lacks `\(name)`.")
    }
  }

  // MARK: Collected data

  private mutating func readCollectedData(_ value: PropertyListValue) {
    let key = ManifestKeys.collectedDataTypes
    for entry in dictionaries(in: value, key: key) {
      reportUnexpectedKeys(in: entry, allowed: ManifestKeys.collectedDataEntry, of: key)
      if let type = entry[ManifestKeys.collectedDataType] {
        if let name = type.stringValue {
          if name.isEmpty {
            report(
              "An `NSPrivacyCollectedDataType` is empty (App Store Connect flagged this as ITMS-91056); remove the entry if nothing is collected."
            )
          } else if !ManifestKeys.collectedDataTypeValues.contains(name) {
            report("Unknown collected data type \"\(name)\"; use one of Apple's 35 NSPrivacyCollectedDataType… values.")
          }
        } else {
          report("`NSPrivacyCollectedDataType` is a \(type.typeName); it must be a String.")
        }
      }
      for flag in [ManifestKeys.collectedDataTypeLinked, ManifestKeys.collectedDataTypeTracking] {
        guard let value = entry[flag] else { continue }
        if case .boolean = value { continue }
        report("`\(flag)` is a \(value.typeName); it must be a Boolean.")
      }
      var purposes: [String] = []
      if let value = entry[ManifestKeys.collectedDataTypePurposes] {
        purposes = strings(in: value, key: ManifestKeys.collectedDataTypePurposes)
        for purpose in purposes where !ManifestKeys.collectedDataPurposeValues.contains(purpose) {
          report(
            purpose.isEmpty
              ? "A collection purpose is empty (App Store Connect flagged this as ITMS-91056); use one of Apple's 6 NSPrivacyCollectedDataTypePurpose… values."
              : "Unknown collection purpose \"\(purpose)\"; use one of Apple's 6 NSPrivacyCollectedDataTypePurpose… values."
          )
        }
      }
      if let type = entry[ManifestKeys.collectedDataType]?.stringValue, !type.isEmpty {
        let flag = { (key: String) in
          if case .boolean(true)? = entry[key] { return true }
          return false
        }
        collectedDataTypes.append(
          CollectedDataType(
            type: type, linked: flag(ManifestKeys.collectedDataTypeLinked),
            tracking: flag(ManifestKeys.collectedDataTypeTracking), purposes: purposes))
      }
    }
  }

  // MARK: Accessed API types

  private mutating func readAccessedAPITypes(_ value: PropertyListValue, knownCategories: Set<String>) {
    let key = ManifestKeys.accessedAPITypes
    if case .array(let items) = value, items.isEmpty {
      issues.append(
        ManifestIssue(
          severity: .warning,
          message:
            "`NSPrivacyAccessedAPITypes` is an empty array. App Store Connect has accepted this, but TN3181 lists it as invalid "
            + "and ITMS-91108 has flagged it in a resource bundle; remove the key."))
      return
    }
    for entry in dictionaries(in: value, key: key) {
      reportUnexpectedKeys(in: entry, allowed: ManifestKeys.accessedAPIEntry, of: key)
      guard let typeValue = entry[ManifestKeys.accessedAPIType] else { continue }
      guard let category = typeValue.stringValue else {
        report("`NSPrivacyAccessedAPIType` is a \(typeValue.typeName); it must be a String.")
        continue
      }
      if !knownCategories.contains(category) {
        report(Self.unknownCategoryMessage(category, knownCategories: knownCategories), aspect: .category)
      }
      var reasons: [String] = []
      if let reasonsValue = entry[ManifestKeys.accessedAPITypeReasons] {
        reasons = strings(in: reasonsValue, key: ManifestKeys.accessedAPITypeReasons)
        if case .array(let items) = reasonsValue, items.isEmpty {
          report(
            "The reasons array of \(category.isEmpty ? "an entry" : "`\(category)`") is empty; list at least one approved reason code."
          )
        }
      }
      accessedAPITypes.append(AccessedAPIType(category: category, reasons: reasons))
    }
  }

  private static func unknownCategoryMessage(_ category: String, knownCategories: Set<String>) -> String {
    if category.isEmpty {
      return "An `NSPrivacyAccessedAPIType` is empty; use a full NSPrivacyAccessedAPICategory… string."
    }
    if let full = knownCategories.sorted().first(where: {
      $0.hasSuffix(category) || $0.lowercased() == category.lowercased()
    }) {
      return "Category \"\(category)\" is not valid; write it in full and exact case: \(full)."
    }
    return "Category \"\(category)\" is not one of Apple's required-reason categories."
  }
}
