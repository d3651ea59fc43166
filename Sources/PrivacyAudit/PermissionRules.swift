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
      let name = index.resources[use.resource]?.name ?? use.resource
      return Finding(
        rule: .requiresPurposeString, category: use.resource,
        message: "Can trigger the \(name) permission prompt; the host app's Info.plist must carry "
          + "\(use.infoPlistKeys.joined(separator: " and ")).",
        evidence: use.evidence)
    }
  }

  /// One warning per resource and key: something in the app requests the resource and the app's
  /// Info.plist lacks the key. App Store Connect delivers ITMS-90683 for this as a warning and
  /// accepts the upload, so it is not an error (Docs/RULES.md, evidence table). App Tracking
  /// Transparency counts too (without its key the app may crash); `tracking-without-authorization`
  /// reports the same gap from the tracking side.
  static func appFindings(_ permissions: [PermissionUse], infoPlist: InfoPlistDocument?, index: CatalogIndex)
    -> [Finding]
  {
    let present = infoPlist?.keys ?? []
    let gap = { (key: String) -> String in
      switch infoPlist?.entries {
      case nil: "the app has no Info.plist"
      case .failure(let error)?: "the app's Info.plist cannot be read (\(error.message))"
      case .success?: "the app's Info.plist has no \(key)"
      }
    }
    var findings: [Finding] = []
    let requested = permissions.filter(\.requested)
    for resource in Set(requested.map(\.resource)).sorted() {
      let uses = requested.filter { $0.resource == resource }
      let name = index.resources[resource]?.name ?? resource
      let sources = Set(uses.map { $0.source ?? "the app itself" }).sorted().joined(separator: ", ")
      for key in Set(uses.flatMap(\.infoPlistKeys)).sorted() where !present.contains(key) {
        findings.append(
          Finding(
            rule: .missingPurposeString, category: resource,
            message: "\(name) is requested (by \(sources)) but \(gap(key)). App Store Connect has accepted this "
              + "(ITMS-90683 arrives as a warning), but iOS terminates the app when it asks: add \(key) with a purpose string.",
            file: infoPlist?.path, evidence: uses.flatMap(\.evidence).normalized))
      }
    }
    return findings
  }
}
