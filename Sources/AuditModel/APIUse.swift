/// One use of a required-reason API found in a binary.
public struct APIUse: Sendable, Hashable {
  /// The full category string, e.g. `NSPrivacyAccessedAPICategoryFileTimestamp`.
  public package(set) var category: String
  /// Apple's name of the API, e.g. `stat`, `systemUptime`.
  public package(set) var api: String
  /// Where it was found.
  public package(set) var evidence: Evidence

  /// Creates an API use.
  package init(category: String, api: String, evidence: Evidence) {
    self.category = category
    self.api = api
    self.evidence = evidence
  }
}
