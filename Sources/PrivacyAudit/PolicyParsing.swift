public import Foundation
public import PrivacyCatalog

extension Policy {
  /// The file a scan uses when no `--policy` is given, looked for in the working folder.
  public static let defaultFileName = ".sdkvet.json"

  /// Reads a policy from the bytes of its file; `origin` names the file in errors.
  /// - Throws: `JSONDocumentError` at the JSON path of the first problem: an unknown key, a value
  ///   of the wrong type, an unknown rule or severity, an allow entry without a reason, a date
  ///   not written `YYYY-MM-DD`, or an empty library name.
  public init(json: Data, origin: String) throws(JSONDocumentError) {
    let reader = JSONDocumentReader(origin: origin)
    let root = try reader.root(json)
    try reader.rejectUnknownKeys(root, allowed: ["schemaVersion", "deny", "allow", "severities"], "$")
    let version = try reader.field(root, "schemaVersion", "$", as: Int.self, "an integer")
    guard version == Policy.schemaVersion else {
      throw reader.error(
        "$.schemaVersion", "schema version \(version) is not supported (this sdkvet reads \(Policy.schemaVersion))")
    }
    let denyEntries = try reader.optionalField(root, "deny", "$", as: [Any].self, "an array") ?? []
    for (index, value) in denyEntries.enumerated() {
      deny.append(try Self.deny(value, "$.deny[\(index)]", reader))
    }
    let allowEntries = try reader.optionalField(root, "allow", "$", as: [Any].self, "an array") ?? []
    for (index, value) in allowEntries.enumerated() {
      allow.append(try Self.allow(value, "$.allow[\(index)]", reader))
    }
    let severities = try reader.optionalField(root, "severities", "$", as: [String: Any].self, "an object") ?? [:]
    for key in severities.keys.sorted() {
      let rule = try Self.rule(key, "$.severities.\(key)", reader)
      let value = try reader.field(severities, key, "$.severities", as: String.self, "a string")
      if value == "off" {
        overrides[rule] = .off
      } else if let severity = Severity(rawValue: value) {
        overrides[rule] = .severity(severity)
      } else {
        throw reader.error("$.severities.\(key)", "expected error, warning, note or off")
      }
    }
  }

  /// Checks the policy's values against `catalog`: every denied category must be one of its
  /// required-reason categories, every denied permission one of its protected resources, and
  /// every category an allow entry names a category. A mistyped value (`DiskSpaec`, `camra`)
  /// would never match, so the deny would never fire: it is an error that suggests the nearest name.
  /// - Throws: `JSONDocumentError` at the JSON path of the first unknown value.
  public func check(against catalog: Catalog, origin: String) throws(JSONDocumentError) {
    let reader = JSONDocumentReader(origin: origin)
    let categories = Set(catalog.categories.map(\.id))
    let shortCategories = catalog.categories.map { String($0.id.dropFirst(Catalog.categoryPrefix.count)) }
    func unknownCategory(_ category: String, _ path: String) -> JSONDocumentError {
      let short =
        category.hasPrefix(Catalog.categoryPrefix) ? String(category.dropFirst(Catalog.categoryPrefix.count)) : category
      let hint = NearestSpelling.suggestion(for: short, among: shortCategories).map { " (did you mean \($0)?)" } ?? ""
      return reader.error(
        path, "unknown category '\(short)'\(hint); the categories are \(shortCategories.joined(separator: ", "))")
    }
    let resources = catalog.resources.map(\.id)
    for (index, entry) in deny.enumerated() {
      for (position, category) in entry.categories.enumerated() where !categories.contains(category) {
        throw unknownCategory(category, "$.deny[\(index)].categories[\(position)]")
      }
      for (position, permission) in entry.permissions.enumerated() where !resources.contains(permission) {
        let hint = NearestSpelling.suggestion(for: permission, among: resources).map { " (did you mean \($0)?)" } ?? ""
        throw reader.error(
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
        throw reader.error(path, "write the category as findings carry it: \(Catalog.categoryPrefix + category)")
      }
      let hint = NearestSpelling.suggestion(for: category, among: shortCategories + resources).map {
        " (did you mean \(resources.contains($0) ? $0 : Catalog.categoryPrefix + $0)?)"
      }
      throw reader.error(path, "unknown category or permission '\(category)'\(hint ?? "")")
    }
  }

  private static func deny(_ value: Any, _ path: String, _ reader: JSONDocumentReader) throws(JSONDocumentError)
    -> Deny
  {
    let object = try reader.object(value, path)
    try reader.rejectUnknownKeys(
      object, allowed: ["targets", "categories", "permissions", "tracking", "linkedLibraries"], path)
    func strings(_ key: String) throws(JSONDocumentError) -> [String] {
      let list = try reader.optionalField(object, key, path, as: [Any].self, "an array of strings") ?? []
      var strings: [String] = []
      for (index, element) in list.enumerated() {
        guard let string = element as? String else {
          throw reader.error("\(path).\(key)[\(index)]", "expected a string")
        }
        strings.append(string)
      }
      return strings
    }
    let libraries = try strings("linkedLibraries")
    if let empty = libraries.firstIndex(of: "") {
      throw reader.error(
        "\(path).linkedLibraries[\(empty)]", "expected a library or framework name, not an empty string")
    }
    return Deny(
      targets: try strings("targets"), categories: try strings("categories").map(fullCategory),
      permissions: try strings("permissions"),
      tracking: try reader.optionalField(object, "tracking", path, as: Bool.self, "true or false") ?? false,
      linkedLibraries: libraries)
  }

  private static func allow(_ value: Any, _ path: String, _ reader: JSONDocumentReader) throws(JSONDocumentError)
    -> Allow
  {
    let object = try reader.object(value, path)
    try reader.rejectUnknownKeys(object, allowed: ["target", "rule", "category", "reason", "expires"], path)
    let reason = try reader.field(object, "reason", path, as: String.self, "a string")
    guard !reason.allSatisfy(\.isWhitespace) else { throw reader.error("\(path).reason", "must say why") }
    let expires = try reader.optionalField(object, "expires", path, as: String.self, "a string")
    if let expires, !isDate(expires) {
      throw reader.error("\(path).expires", "expected a date written YYYY-MM-DD")
    }
    let category = try reader.optionalField(object, "category", path, as: String.self, "a string")
    return Allow(
      target: try reader.field(object, "target", path, as: String.self, "a string"),
      rule: try rule(try reader.field(object, "rule", path, as: String.self, "a string"), "\(path).rule", reader),
      category: category, reason: reason,
      expires: expires)
  }

  private static func rule(_ name: String, _ path: String, _ reader: JSONDocumentReader) throws(JSONDocumentError)
    -> RuleID
  {
    guard let rule = RuleID(rawValue: name) else { throw reader.error(path, "unknown rule '\(name)' (Docs/RULES.md)") }
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
