import JSONDocuments

/// A domain known to serve advertising or analytics tracking, from public tracker lists: a
/// target that declares `NSPrivacyTracking` and contacts it, or a subdomain of it, should list
/// it in `NSPrivacyTrackingDomains` (rule `tracking-domain-undeclared`).
package struct TrackingHost: Sendable, Hashable {
  /// The registrable domain, lowercase (`doubleclick.net`); unique in the catalog. Its
  /// subdomains are covered too.
  package var domain: String
  /// Who operates it (`Google`), for the report.
  package var owner: String

  /// Creates an entry.
  package init(domain: String, owner: String) {
    self.domain = domain
    self.owner = owner
  }

  /// Whether `host` is `domain` or one of its subdomains (both lowercase).
  package static func host(_ host: String, isWithin domain: String) -> Bool {
    host == domain || host.hasSuffix("." + domain)
  }
}

extension TrackingHost {
  /// Reads a host; both fields are required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    domain = try node.member("domain").string()
    owner = try node.member("owner").string()
  }
}
