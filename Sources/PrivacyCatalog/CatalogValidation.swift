extension Catalog {
  /// The prefix every required-reason category string starts with.
  public static let categoryPrefix = "NSPrivacyAccessedAPICategory"

  /// Checks this catalog's own entries, resolving category names in `context` (itself for the
  /// built-in catalog; the merged result for an overlay), and throws the first problem with its
  /// JSON path in this file.
  ///
  /// Checked: category strings and reason-code shapes (`XXXX.N`), unique IDs, each reason code in
  /// one category only (across `context` too), eligibility consistent with `appKind`, every API in
  /// at least one known category with at least one spelling and no spelling twice, well-formed
  /// spelling names, and every permission resource with a required Info.plist key and at least one
  /// `request` evidence.
  public func validate(resolvingIn context: Catalog) throws(CatalogError) {
    var problems = ProblemSink(file: origin)
    checkCategories(&problems, context: context)
    checkAPIs(&problems, knownCategories: Set(context.categories.map(\.id)))
    checkResources(&problems)
    if let first = problems.first { throw first }
  }

  private func checkCategories(_ problems: inout ProblemSink, context: Catalog) {
    var seenCodes = Set<String>()
    for (index, category) in categories.enumerated() {
      let path = "$.categories[\(index)]"
      if !category.id.hasPrefix(Self.categoryPrefix) || category.id == Self.categoryPrefix {
        problems.add(path + ".id", "'\(category.id)' is not a full NSPrivacyAccessedAPICategory… string")
      }
      problems.checkUnique(category.id, in: categories[..<index].map(\.id), at: path + ".id")
      for (reasonIndex, reason) in category.reasons.enumerated() {
        let reasonPath = "\(path).reasons[\(reasonIndex)]"
        if !ReasonCode.isWellFormed(reason.code) {
          problems.add(reasonPath + ".code", "'\(reason.code)' is not a reason code of the form XXXX.N")
        }
        if !seenCodes.insert(reason.code).inserted {
          problems.add(reasonPath + ".code", "reason code '\(reason.code)' is listed twice")
        } else if let owner = context.category(owningReason: reason.code, other: category.id) {
          problems.add(reasonPath + ".code", "reason code '\(reason.code)' already belongs to \(owner.id)")
        }
        if (reason.usableBy == .appKindRestricted) != (reason.appKind != nil) {
          problems.add(reasonPath + ".appKind", "appKind is given exactly when usableBy is app-kind-restricted")
        }
      }
    }
  }

  private func checkAPIs(_ problems: inout ProblemSink, knownCategories: Set<String>) {
    for (index, api) in apis.enumerated() {
      let path = "$.apis[\(index)]"
      problems.checkUnique(api.id, in: apis[..<index].map(\.id), at: path + ".id")
      if api.categories.isEmpty { problems.add(path + ".categories", "an API needs at least one category") }
      for (categoryIndex, category) in api.categories.enumerated() where !knownCategories.contains(category) {
        problems.add("\(path).categories[\(categoryIndex)]", "unknown category '\(category)'")
      }
      if api.spellings.isEmpty { problems.add(path + ".spellings", "an API needs at least one spelling") }
      for (spellingIndex, spelling) in api.spellings.enumerated() {
        let spellingPath = "\(path).spellings[\(spellingIndex)]"
        problems.checkSpelling(spelling, at: spellingPath)
        if api.spellings[..<spellingIndex].contains(where: { $0.matchIdentity == spelling.matchIdentity }) {
          problems.add(spellingPath, "spelling '\(spelling.name)' is listed twice in this API")
        }
      }
    }
  }

  private func checkResources(_ problems: inout ProblemSink) {
    for (index, resource) in resources.enumerated() {
      let path = "$.resources[\(index)]"
      problems.checkUnique(resource.id, in: resources[..<index].map(\.id), at: path + ".id")
      if resource.kind == .permission && resource.requiredInfoPlistKeys.isEmpty {
        problems.add(path + ".infoPlistKeys", "a permission needs at least one required Info.plist key")
      }
      if !resource.evidence.contains(where: { $0.strength == .request }) {
        problems.add(path + ".evidence", "a resource needs at least one evidence of strength 'request'")
      }
      for (evidenceIndex, evidence) in resource.evidence.enumerated() {
        let evidencePath = "\(path).evidence[\(evidenceIndex)]"
        problems.checkSpelling(evidence.spelling, at: evidencePath)
        if resource.evidence[..<evidenceIndex].contains(where: {
          $0.spelling.matchIdentity == evidence.spelling.matchIdentity
        }) {
          problems.add(evidencePath, "evidence '\(evidence.spelling.name)' is listed twice in this resource")
        }
        for (conditionIndex, condition) in evidence.onlyWith.enumerated() where !Spelling.isPlainSymbol(condition) {
          problems.add("\(evidencePath).onlyWith[\(conditionIndex)]", "'\(condition)' is not a symbol name")
        }
      }
    }
  }
}

extension Catalog {
  /// A category other than `categoryID` that also lists `code`.
  fileprivate func category(owningReason code: String, other categoryID: String) -> APICategory? {
    categories.first { $0.id != categoryID && $0.reasons.contains { $0.code == code } }
  }
}

extension ReasonCode {
  /// Whether `code` has the shape of a reason code: four upper-case letters or digits, a dot,
  /// and one or more digits (`C617.1`).
  public static func isWellFormed(_ code: String) -> Bool {
    let parts = code.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, !parts[1].isEmpty else { return false }
    let isUpperAlphanumeric: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    return parts[0].allSatisfy(isUpperAlphanumeric) && parts[1].allSatisfy { (0x30...0x39).contains($0) }
  }
}

extension Spelling {
  /// The `_objc_msgSend$` prefix clang gives selector stub imports (Xcode 14+ objects and archives).
  public static let objcStubPrefix = "_objc_msgSend$"

  /// Whether `name` is non-empty and free of whitespace and control bytes.
  static func isPlainSymbol(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }
}

/// Collects validation problems in order; the first one is thrown.
private struct ProblemSink {
  let file: String
  private(set) var problems: [CatalogError] = []

  init(file: String) { self.file = file }

  var first: CatalogError? { problems.first }

  mutating func add(_ path: String, _ message: String) {
    problems.append(CatalogError(file: file, path: path, message: message))
  }

  mutating func checkUnique(_ id: String, in earlier: [String], at path: String) {
    if id.isEmpty { add(path, "an id must not be empty") }
    if earlier.contains(id) { add(path, "id '\(id)' is used twice") }
  }

  mutating func checkSpelling(_ spelling: Spelling, at path: String) {
    guard Spelling.isPlainSymbol(spelling.name) else {
      add(path + ".name", "'\(spelling.name)' is empty or contains white space")
      return
    }
    switch spelling.kind {
    case .swiftPrefix where spelling.name.hasPrefix("_"):
      add(path + ".name", "write Swift prefixes without Mach-O's leading '_' (both forms are matched)")
    case .selector where spelling.name.hasPrefix(Spelling.objcStubPrefix):
      add(path + ".name", "write the bare selector; its \(Spelling.objcStubPrefix) stub import is matched too")
    default:
      break
    }
  }
}
