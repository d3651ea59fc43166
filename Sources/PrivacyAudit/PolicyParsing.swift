import AuditModel
package import Foundation
package import JSONDocuments
package import PrivacyCatalog

extension Policy {
  /// The file a scan uses when no `--policy` is given, looked for in the working folder.
  package static let defaultFileName = ".sdkvet.json"

  /// Reads a policy from the bytes of its file; `origin` names the file in errors.
  /// - Throws: `JSONDocumentError` at the JSON path of the first problem: an unknown key, a value
  ///   of the wrong type, an unknown rule or severity, an allow entry without a reason, a date
  ///   not written `YYYY-MM-DD`, or an empty library name.
  package init(json: Data, origin: String) throws(JSONDocumentError) {
    let root = try JSONNode(parsing: json, origin: origin)
    try root.rejectUnknownKeys(allowed: ["schemaVersion", "deny", "allow", "severities"])
    let versionNode = try root.member("schemaVersion")
    let version = try versionNode.int()
    guard version == Policy.schemaVersion else {
      throw versionNode.error(
        "schema version \(version) is not supported (this sdkvet reads \(Policy.schemaVersion))")
    }
    deny = try root.optionalMember("deny")?.elements().map(Self.deny) ?? []
    allow = try root.optionalMember("allow")?.elements().map(Self.allow) ?? []
    for (key, value) in try root.optionalMember("severities")?.members() ?? [] {
      let rule = try Self.rule(value, named: key)
      let name = try value.string()
      if name == "off" {
        overrides[rule] = .off
      } else if let severity = Severity(rawValue: name) {
        overrides[rule] = .severity(severity)
      } else {
        throw value.error("expected error, warning, note or off")
      }
    }
  }

  /// Checks the policy's values against `catalog`: every denied category must be one of its
  /// required-reason categories, every denied permission one of its protected resources, and
  /// every category an allow entry names a category. A mistyped value (`DiskSpaec`, `camra`)
  /// would never match, so the deny would never fire: it is an error that suggests the nearest name.
  /// - Throws: `JSONDocumentError` at the JSON path of the first unknown value.
  package func check(against catalog: Catalog, origin: String) throws(JSONDocumentError) {
    func error(_ path: String, _ message: String) -> JSONDocumentError {
      JSONDocumentError(file: origin, path: path, message: message)
    }
    let categories = Set(catalog.categories.map(\.id))
    let shortCategories = catalog.categories.map { String($0.id.dropFirst(Catalog.categoryPrefix.count)) }
    func unknownCategory(_ category: String, _ path: String) -> JSONDocumentError {
      let short =
        category.hasPrefix(Catalog.categoryPrefix) ? String(category.dropFirst(Catalog.categoryPrefix.count)) : category
      let hint = NearestSpelling.suggestion(for: short, among: shortCategories).map { " (did you mean \($0)?)" } ?? ""
      return error(
        path, "unknown category '\(short)'\(hint); the categories are \(shortCategories.joined(separator: ", "))")
    }
    let resources = catalog.resources.map(\.id)
    for (index, entry) in deny.enumerated() {
      for (position, category) in entry.categories.enumerated() where !categories.contains(category) {
        throw unknownCategory(category, "$.deny[\(index)].categories[\(position)]")
      }
      for (position, permission) in entry.permissions.enumerated() where !resources.contains(permission) {
        let hint = NearestSpelling.suggestion(for: permission, among: resources).map { " (did you mean \($0)?)" } ?? ""
        throw error(
          "$.deny[\(index)].permissions[\(position)]",
          "unknown permission '\(permission)'\(hint); `sdkvet catalog` lists the protected resources")
      }
    }
    for (index, entry) in allow.enumerated() {
      guard let category = entry.category, !categories.contains(category), !resources.contains(category) else {
        continue
      }
      let path = "$.allow[\(index)].category"
      if categories.contains(Catalog.categoryPrefix + category) {
        throw error(path, "write the category as findings carry it: \(Catalog.categoryPrefix + category)")
      }
      let hint = NearestSpelling.suggestion(for: category, among: shortCategories + resources).map {
        " (did you mean \(resources.contains($0) ? $0 : Catalog.categoryPrefix + $0)?)"
      }
      throw error(path, "unknown category or permission '\(category)'\(hint ?? "")")
    }
  }

  private static func deny(_ node: JSONNode) throws(JSONDocumentError) -> Deny {
    try node.rejectUnknownKeys(allowed: ["targets", "categories", "permissions", "tracking", "linkedLibraries"])
    func strings(_ key: String) throws(JSONDocumentError) -> [String] {
      try node.optionalMember(key)?.strings() ?? []
    }
    let libraries = try strings("linkedLibraries")
    if let empty = libraries.firstIndex(of: "") {
      throw try node.member("linkedLibraries").elements()[empty].error(
        "expected a library or framework name, not an empty string")
    }
    return Deny(
      targets: try strings("targets"), categories: try strings("categories").map(fullCategory),
      permissions: try strings("permissions"),
      tracking: try node.optionalMember("tracking")?.bool() ?? false,
      linkedLibraries: libraries)
  }

  private static func allow(_ node: JSONNode) throws(JSONDocumentError) -> Allow {
    try node.rejectUnknownKeys(allowed: ["target", "rule", "category", "reason", "expires"])
    let reason = try node.member("reason")
    guard try !reason.string().allSatisfy(\.isWhitespace) else { throw reason.error("must say why") }
    let expires = try node.optionalMember("expires")
    if let expires, try !isDate(expires.string()) {
      throw expires.error("expected a date written YYYY-MM-DD")
    }
    let category = try node.optionalMember("category")?.string()
    let ruleNode = try node.member("rule")
    return Allow(
      target: try node.member("target").string(), rule: try rule(ruleNode, named: ruleNode.string()),
      category: category, reason: try reason.string(), expires: try expires?.string())
  }

  /// The rule `name`, which `node` holds or is keyed by.
  private static func rule(_ node: JSONNode, named name: String) throws(JSONDocumentError) -> RuleID {
    guard let rule = RuleID(rawValue: name) else { throw node.error("unknown rule '\(name)' (Docs/RULES.md)") }
    return rule
  }

  /// A category as the report writes it: `DiskSpace` is `NSPrivacyAccessedAPICategoryDiskSpace`.
  private static func fullCategory(_ name: String) -> String {
    name.hasPrefix(Catalog.categoryPrefix) ? name : Catalog.categoryPrefix + name
  }

  /// `YYYY-MM-DD` with a month 01–12 and a day 01–31, so dates compare as strings.
  private static func isDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9]
    guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }) else { return false }
    let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
    let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
    return (1...12).contains(month) && (1...31).contains(day)
  }
}
