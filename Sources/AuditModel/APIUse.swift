/// One use of a required-reason API found in a binary.
public struct APIUse: Sendable, Hashable {
  /// The full category string, e.g. `NSPrivacyAccessedAPICategoryFileTimestamp`.
  public let category: String
  /// Apple's name of the API, e.g. `stat`, `systemUptime`.
  public let api: String
  /// Where it was found.
  public let evidence: Evidence

  /// Creates an API use.
  package init(category: String, api: String, evidence: Evidence) {
    self.category = category
    self.api = api
    self.evidence = evidence
  }

  /// The same use with its evidence passed through `transform`.
  package func mappingEvidence(_ transform: (Evidence) -> Evidence) -> APIUse {
    APIUse(category: category, api: api, evidence: transform(evidence))
  }
}
