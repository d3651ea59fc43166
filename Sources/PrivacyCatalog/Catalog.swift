import JSONDocuments

/// The privacy catalog: Apple's required-reason API categories with their reason codes, every
/// binary spelling of each listed API, and the protected resources an SDK can ask the user for.
///
/// The catalog is data, not code: it is decoded from `Resources/catalog.json` (see
/// `Docs/CATALOG.md`), and a user file given with `--catalog FILE` can be overlaid on it to add
/// entries or spellings before sdkvet ships them. Build a `CatalogMatcher` from it to scan images.
public struct Catalog: Sendable, Hashable {
  /// The version of the JSON layout this value was decoded from; sdkvet reads version 1.
  package var schemaVersion: Int
  /// The date the data was last checked against its sources (`YYYY-MM-DD`), when given.
  package var asOf: String?
  /// Where the data comes from.
  package var sources: [CatalogSource]
  /// The required-reason API categories with their approved reason codes.
  package var categories: [APICategory]
  /// The required-reason APIs with their binary spellings (an API may be in several categories).
  package var apis: [RequiredReasonAPI]
  /// Permission-gated resources and tracking evidence.
  package var resources: [ProtectedResource]
  /// Apple's list of commonly used third-party SDKs, with what recognises each (ITMS-91061).
  package var commonSDKs: [CommonSDK]
  /// Domains known to serve tracking (`tracking-domain-undeclared`).
  package var trackingHosts: [TrackingHost] = []
  /// Reachable capabilities and the collected data types they suggest (`sdkvet privacy-report`).
  package var collectedDataHints: [CollectedDataHint] = []
  /// The file (or "built-in catalog") this value was read from; used in error messages, never encoded.
  package var origin: String

  /// The layout version this build of sdkvet reads and writes.
  package static let currentSchemaVersion = 1

  /// Creates a catalog from its parts.
  package init(
    schemaVersion: Int = Catalog.currentSchemaVersion, asOf: String? = nil, sources: [CatalogSource] = [],
    categories: [APICategory] = [], apis: [RequiredReasonAPI] = [], resources: [ProtectedResource] = [],
    commonSDKs: [CommonSDK] = [], origin: String = "in-memory catalog"
  ) {
    self.schemaVersion = schemaVersion
    self.asOf = asOf
    self.sources = sources
    self.categories = categories
    self.apis = apis
    self.resources = resources
    self.commonSDKs = commonSDKs
    self.origin = origin
  }
}

/// A document the catalog's facts were taken from.
package struct CatalogSource: Sendable, Hashable {
  /// What the source is, in a few words.
  package var title: String
  /// Where to read it.
  package var url: String

  /// Creates a source.
  package init(title: String, url: String) {
    self.title = title
    self.url = url
  }
}

extension CatalogSource {
  /// Reads a source; both fields are required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    title = try node.member("title").string()
    url = try node.member("url").string()
  }
}
