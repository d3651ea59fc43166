import JSONDocuments

/// The collected data types a reachable capability suggests: a protected resource (location, the
/// advertising identifier, …) whose use a vendor usually declares as one of these
/// `NSPrivacyCollectedDataType` values in its privacy manifest.
///
/// `sdkvet privacy-report` asks the vendor about a bundle whose code can reach the resource while
/// no manifest of it declares any of the types. Reaching an API is not collecting data, so the
/// hint is a question, never a finding.
package struct CollectedDataHint: Sendable, Hashable {
  /// The `resources[].id` of the capability (`location-when-in-use`, `advertising-identifier`).
  package var resource: String
  /// The `NSPrivacyCollectedDataType…` values that would declare its data, any one of which answers it.
  package var dataTypes: [String]
  /// Whether `NSPrivacyTracking` true also answers it (the advertising identifier is read for tracking).
  package var answeredByTracking: Bool
  /// Apple's documentation of the data types, for the reader to check the mapping.
  package var source: String

  /// Creates a hint.
  package init(resource: String, dataTypes: [String], answeredByTracking: Bool = false, source: String) {
    self.resource = resource
    self.dataTypes = dataTypes
    self.answeredByTracking = answeredByTracking
    self.source = source
  }

  /// Reads a hint; `answeredByTracking` defaults to false.
  init(json node: JSONNode) throws(JSONDocumentError) {
    resource = try node.member("resource").string()
    dataTypes = try node.member("dataTypes").strings()
    answeredByTracking = try node.optionalMember("answeredByTracking")?.bool() ?? false
    source = try node.member("source").string()
  }

  /// The prefix of every collected data type string.
  package static let dataTypePrefix = "NSPrivacyCollectedDataType"
}

extension Catalog {
  /// The hint for the resource `id`, `nil` when the catalog has none.
  package func collectedDataHint(for id: String) -> CollectedDataHint? {
    collectedDataHints.first { $0.resource == id }
  }

  /// Checks each hint: a resource of `context`, at least one well-formed data type, an https source.
  func checkCollectedDataHints(resolvingIn context: Catalog, add: (String, String) -> Void) {
    let known = Set(context.resources.map(\.id))
    var seen = Set<String>()
    for (index, hint) in collectedDataHints.enumerated() {
      let path = "$.collectedDataHints[\(index)]"
      if !known.contains(hint.resource) { add(path + ".resource", "unknown resource '\(hint.resource)'") }
      if !seen.insert(hint.resource).inserted {
        add(path + ".resource", "resource '\(hint.resource)' has a hint already")
      }
      if hint.dataTypes.isEmpty { add(path + ".dataTypes", "a hint needs at least one data type") }
      for (typeIndex, type) in hint.dataTypes.enumerated()
      where !type.hasPrefix(CollectedDataHint.dataTypePrefix) || type == CollectedDataHint.dataTypePrefix {
        add("\(path).dataTypes[\(typeIndex)]", "'\(type)' is not a full NSPrivacyCollectedDataType… string")
      }
      if !hint.source.hasPrefix("https://") { add(path + ".source", "the source must be an https URL") }
    }
  }
}
