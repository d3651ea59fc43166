/// A protected resource a target can ask the user for.
public struct PermissionUse: Sendable, Hashable {
  /// The resource's identifier in the catalog, e.g. `camera`, `location-when-in-use`.
  public package(set) var resource: String
  /// The Info.plist keys that must carry a purpose string.
  public package(set) var infoPlistKeys: [String]
  /// Where it was found.
  public package(set) var evidence: [Evidence]
  /// True when the evidence proves a request (a request selector or function), false for a class reference alone.
  public package(set) var requested: Bool
  /// The embedded SDK the use comes from, relative to the app; `nil` for the target's own binary.
  public package(set) var source: String?

  /// Creates a permission use.
  package init(resource: String, infoPlistKeys: [String], evidence: [Evidence], requested: Bool, source: String? = nil)
  {
    self.resource = resource
    self.infoPlistKeys = infoPlistKeys
    self.evidence = evidence
    self.requested = requested
    self.source = source
  }
}
