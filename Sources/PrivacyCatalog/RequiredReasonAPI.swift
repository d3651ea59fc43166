import JSONDocuments

/// One API on Apple's required-reason list (e.g. `stat`, `systemUptime`, `UserDefaults`) with
/// every spelling by which a binary can import or reference it.
package struct RequiredReasonAPI: Sendable, Hashable {
  /// A stable identifier, unique in the catalog (e.g. `stat`, `url-creation-date-key`).
  package var id: String
  /// The name as Apple's list spells it (e.g. `creationDateKey`, `mach_absolute_time()`).
  package var name: String
  /// The full category strings this API belongs to (`getattrlist` is in two).
  package var categories: [String]
  /// True when Apple does not list the API at all (an analogue such as `mach_continuous_time`):
  /// every spelling of it is then advisory.
  package var advisory: Bool
  /// Provenance or caveats.
  package var note: String?
  /// The binary spellings.
  package var spellings: [Spelling]

  /// Creates an API entry.
  package init(
    id: String, name: String, categories: [String], advisory: Bool = false, note: String? = nil,
    spellings: [Spelling]
  ) {
    self.id = id
    self.name = name
    self.categories = categories
    self.advisory = advisory
    self.note = note
    self.spellings = spellings
  }
}

extension RequiredReasonAPI {
  /// Reads an API; `advisory` and `note` may be left out.
  init(json node: JSONNode) throws(JSONDocumentError) {
    id = try node.member("id").string()
    name = try node.member("name").string()
    categories = try node.member("categories").strings()
    advisory = try node.optionalMember("advisory")?.bool() ?? false
    note = try node.optionalMember("note")?.string()
    spellings = try node.member("spellings").elements().map(Spelling.init(json:))
  }
}
