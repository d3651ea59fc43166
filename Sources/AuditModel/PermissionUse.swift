/// A protected resource a target can ask the user for.
public struct PermissionUse: Sendable, Hashable {
  /// The resource's identifier in the catalog, e.g. `camera`, `location-when-in-use`.
  public let resource: String
  /// The Info.plist keys that must carry a purpose string.
  public let infoPlistKeys: [String]
  /// Where it was found.
  public let evidence: [Evidence]
  /// True when the evidence proves a request (a request selector or function), false for a class reference alone.
  public let requested: Bool
  /// The embedded SDK the use comes from, relative to the app; `nil` for the target's own binary.
  public let source: String?

  /// Creates a permission use.
  package init(resource: String, infoPlistKeys: [String], evidence: [Evidence], requested: Bool, source: String? = nil)
  {
    self.resource = resource
    self.infoPlistKeys = infoPlistKeys
    self.evidence = evidence
    self.requested = requested
    self.source = source
  }

  /// The same use, as an app sees it: coming from the embedded SDK at `source`.
  package func from(_ source: String) -> PermissionUse {
    with(evidence: evidence, source: source)
  }

  /// The same use with only the evidence `isKept` keeps, `nil` when none is left.
  package func keepingEvidence(where isKept: (Evidence) -> Bool) -> PermissionUse? {
    let kept = evidence.filter(isKept)
    return kept.isEmpty ? nil : with(evidence: kept, source: source)
  }

  /// The same use with each piece of its evidence passed through `transform`.
  package func mappingEvidence(_ transform: (Evidence) -> Evidence) -> PermissionUse {
    with(evidence: evidence.map(transform), source: source)
  }

  private func with(evidence: [Evidence], source: String?) -> PermissionUse {
    PermissionUse(
      resource: resource, infoPlistKeys: infoPlistKeys, evidence: evidence, requested: requested, source: source)
  }
}
