import AuditModel
import PrivacyCatalog
import PropertyLists

/// What a target can ask the user for, and the purpose-string rules: `requires-purpose-string`
/// (SDK targets) and `missing-purpose-string` (app targets, over the app and everything embedded).
enum PermissionRules {
  /// The target's own permission uses, one per resource, sorted (tracking-only entries excluded).
  ///
  /// A resource seen only through references that a requested resource also shows (the
  /// `CLLocationManager` class behind a when-in-use request) is left out: the reference is
  /// explained by the request and would otherwise list every sibling resource of that class.
  static func permissions(_ audit: TargetAudit) -> [PermissionUse] {
    var byResource: [String: [ResourceHit]] = [:]
    for hit in audit.hits where hit.resource.kind == .permission {
      byResource[hit.resource.id, default: []].append(hit)
    }
    let uses = byResource.keys.sorted().compactMap { id -> PermissionUse? in
      guard let hits = byResource[id], let resource = hits.first?.resource else { return nil }
      return PermissionUse(
        resource: id, infoPlistKeys: resource.purposeKeys, evidence: hits.map(\.evidence).normalized,
        requested: hits.contains { $0.strength == .request })
    }
    let explained = Set(uses.filter(\.requested).flatMap(\.evidence))
    return uses.filter { $0.requested || !$0.evidence.allSatisfy(explained.contains) }
  }

  /// One note per resource an SDK requests: the host app must carry the purpose string.
  static func sdkFindings(_ permissions: [PermissionUse], index: CatalogIndex) -> [Finding] {
    permissions.filter(\.requested).map { use in
      let resource = index.resources[use.resource]
      let name = resource?.name ?? use.resource
      let carrier =
        resource.map { !$0.extensionInfoPlistKeys.isEmpty && $0.requiredInfoPlistKeys.isEmpty } == true
        ? "the system extension's Info.plist" : "the host app's Info.plist"
      return Finding(
        rule: .requiresPurposeString, subject: .resource(use.resource),
        message: "Can trigger the \(name) permission prompt; \(carrier) must carry "
          + "\(use.infoPlistKeys.joined(separator: " and ")).",
        evidence: use.evidence)
    }
  }

  /// One warning per resource and key the app's Info.plist lacks (`missing-purpose-string`,
  /// ITMS-90683) or holds empty (`empty-purpose-string`, ITMS-90738), over the app's own code and
  /// everything embedded (an SDK linked statically into the app's executable is its code). Two
  /// different things draw a key, and each message says which:
  /// - a request (the request selector with its class, or a request function): the user is
  ///   asked, and without the key iOS terminates the app when it asks; App Store Connect mails
  ///   the code too ("Your app's code references one or more APIs …");
  /// - a reference alone (a class, no request: "API only"): nobody is asked, but App Store
  ///   Connect mails ITMS-90683 for the keys the catalog records it for (`mailedOnReference`,
  ///   with the thread that shows it: a `CLLocationManager` reference draws
  ///   `NSLocationWhenInUseUsageDescription`).
  /// Both emails arrive as delivery warnings ("Although delivery was successful"), so both are
  /// warnings (Docs/RULES.md, evidence table).
  static func appFindings(_ permissions: [PermissionUse], infoPlist: InfoPlistDocument?, index: CatalogIndex)
    -> [Finding]
  {
    let entries: [String: PropertyListValue]
    if case .success(let present)? = infoPlist?.entries { entries = present } else { entries = [:] }
    let gap = { (key: String) -> String in
      switch infoPlist?.entries {
      case nil: "the app has no Info.plist"
      case .failure(let error)?: "the app's Info.plist cannot be read (\(error.message))"
      case .success?: "the app's Info.plist has no \(key)"
      }
    }
    var findings: [Finding] = []
    for resourceID in Set(permissions.map(\.resource)).sorted() {
      guard let resource = index.resources[resourceID] else { continue }
      let uses = permissions.filter { $0.resource == resourceID }
      let requested = uses.filter(\.requested)
      let needed = requested.isEmpty ? resource.keysMailedOnReference : resource.requiredInfoPlistKeys
      guard !needed.isEmpty else { continue }
      let shown = requested.isEmpty ? uses : requested
      let sources = Set(shown.map { $0.source ?? "the app itself" }).sorted().joined(separator: ", ")
      let evidence = shown.flatMap(\.evidence).normalized
      let reach =
        requested.isEmpty
        ? "\(resource.name) is referenced, not requested (by \(sources)): nobody is asked, but App Store Connect mails ITMS-90683 for a referenced API"
        : "\(resource.name) is requested (by \(sources)): the user is asked"
      for key in needed {
        if let value = entries[key] {
          guard let text = value.stringValue, text.allSatisfy(\.isWhitespace) else { continue }
          findings.append(
            Finding(
              rule: .emptyPurposeString, subject: .resource(resourceID),
              message: "\(reach), and the app's \(key) is empty. App Store Connect mails ITMS-90738 for an empty "
                + "value (deleting the key draws ITMS-90683): write a sentence that says what the data is used for.",
              file: infoPlist?.path, evidence: evidence))
        } else {
          let consequence =
            requested.isEmpty
            ? "add \(key) with a purpose string, or ask the vendor for a build without the API."
            : "iOS terminates the app when it asks: add \(key) with a purpose string."
          findings.append(
            Finding(
              rule: .missingPurposeString, subject: .resource(resourceID),
              message: "\(reach), but \(gap(key)). App Store Connect accepts the upload and mails ITMS-90683; "
                + consequence,
              file: infoPlist?.path, evidence: evidence))
        }
      }
    }
    return findings
  }
}
