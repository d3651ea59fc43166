import BinaryImage
import JSONDocuments

extension Catalog {
  /// The prefix every required-reason category string starts with.
  package static let categoryPrefix = "NSPrivacyAccessedAPICategory"

  /// Checks this catalog's own entries, resolving category names in `context` (itself for the
  /// built-in catalog; the merged result for an overlay), and throws the first problem with its
  /// JSON path in this file.
  ///
  /// Checked: category strings and reason-code shapes (`XXXX.N`), unique IDs, each reason code in
  /// one category only (across `context` too), eligibility consistent with `appKind`, every API in
  /// at least one known category with at least one spelling and no spelling twice, well-formed
  /// spelling names, and every permission resource with a required Info.plist key and at least one
  /// `request` evidence. Each check goes through a set or dictionary, so the work is linear in the
  /// sizes of both catalogs.
  package func validate(resolvingIn context: Catalog) throws(CatalogError) {
    var problems = ProblemSink(file: origin)
    checkCategories(&problems, reasonOwners: context.reasonOwners)
    checkAPIs(&problems, knownCategories: Set(context.categories.map(\.id)))
    checkResources(&problems)
    checkCommonSDKs(&problems, context: context)
    checkTrackingHosts(&problems)
    checkCollectedDataHints(resolvingIn: context) { problems.add($0, $1) }
    if let first = problems.first { throw first }
  }

  private func checkCategories(_ problems: inout ProblemSink, reasonOwners: [String: [String]]) {
    var seenCodes = Set<String>()
    var seenIDs = Set<String>()
    for (index, category) in categories.enumerated() {
      let path = "$.categories[\(index)]"
      if !category.id.hasPrefix(Self.categoryPrefix) || category.id == Self.categoryPrefix {
        problems.add(path + ".id", "'\(category.id)' is not a full NSPrivacyAccessedAPICategory… string")
      }
      problems.checkUnique(category.id, seen: &seenIDs, at: path + ".id")
      for (reasonIndex, reason) in category.reasons.enumerated() {
        let reasonPath = "\(path).reasons[\(reasonIndex)]"
        if !ReasonCode.isWellFormed(reason.code) {
          problems.add(reasonPath + ".code", "'\(reason.code)' is not a reason code of the form XXXX.N")
        }
        if !seenCodes.insert(reason.code).inserted {
          problems.add(reasonPath + ".code", "reason code '\(reason.code)' is listed twice")
        } else if let owner = reasonOwners[reason.code]?.first(where: { $0 != category.id }) {
          problems.add(reasonPath + ".code", "reason code '\(reason.code)' already belongs to \(owner)")
        }
        if (reason.usableBy == .appKindRestricted) != (reason.appKind != nil) {
          problems.add(reasonPath + ".appKind", "appKind is given exactly when usableBy is app-kind-restricted")
        }
      }
    }
  }

  private func checkAPIs(_ problems: inout ProblemSink, knownCategories: Set<String>) {
    var seenIDs = Set<String>()
    for (index, api) in apis.enumerated() {
      let path = "$.apis[\(index)]"
      problems.checkUnique(api.id, seen: &seenIDs, at: path + ".id")
      if api.categories.isEmpty { problems.add(path + ".categories", "an API needs at least one category") }
      for (categoryIndex, category) in api.categories.enumerated() where !knownCategories.contains(category) {
        problems.add("\(path).categories[\(categoryIndex)]", "unknown category '\(category)'")
      }
      if api.spellings.isEmpty { problems.add(path + ".spellings", "an API needs at least one spelling") }
      var seenSpellings = Set<String>()
      for (spellingIndex, spelling) in api.spellings.enumerated() {
        let spellingPath = "\(path).spellings[\(spellingIndex)]"
        problems.checkSpelling(spelling, at: spellingPath)
        if !seenSpellings.insert(spelling.matchIdentity).inserted {
          problems.add(spellingPath, "spelling '\(spelling.name)' is listed twice in this API")
        }
      }
    }
  }

  private func checkResources(_ problems: inout ProblemSink) {
    var seenIDs = Set<String>()
    for (index, resource) in resources.enumerated() {
      let path = "$.resources[\(index)]"
      problems.checkUnique(resource.id, seen: &seenIDs, at: path + ".id")
      if resource.kind == .permission && resource.requiredInfoPlistKeys.isEmpty
        && resource.extensionInfoPlistKeys.isEmpty
      {
        problems.add(path + ".infoPlistKeys", "a permission needs at least one required (or extension) Info.plist key")
      }
      if resource.noBinarySpelling != nil {
        if !resource.evidence.isEmpty {
          problems.add(path + ".evidence", "a resource with noBinarySpelling has no evidence")
        }
      } else if !resource.evidence.contains(where: { $0.strength == .request }) {
        problems.add(
          path + ".evidence",
          "a resource needs at least one evidence of strength 'request' (or noBinarySpelling saying why none can be known)"
        )
      }
      var seenEvidence = Set<String>()
      for (evidenceIndex, evidence) in resource.evidence.enumerated() {
        let evidencePath = "\(path).evidence[\(evidenceIndex)]"
        problems.checkSpelling(evidence.spelling, at: evidencePath)
        if !seenEvidence.insert(evidence.spelling.matchIdentity).inserted {
          problems.add(evidencePath, "evidence '\(evidence.spelling.name)' is listed twice in this resource")
        }
      }
    }
  }
}

extension Catalog {
  /// Names unique; aliases, classes, symbols and Swift modules plain names; each module claimed by
  /// one SDK only across `context` (else which SDK a type names would be ambiguous); documented
  /// classes and symbols at least `documentedClassesAtLeast` together, each list with its source.
  fileprivate func checkCommonSDKs(_ problems: inout ProblemSink, context: Catalog) {
    var seenNames = Set<String>()
    var moduleOwners: [String: String] = [:]
    for sdk in context.commonSDKs {
      for module in sdk.swiftModules where moduleOwners[module] == nil { moduleOwners[module] = sdk.name }
    }
    for (index, sdk) in commonSDKs.enumerated() {
      let path = "$.commonSDKs[\(index)]"
      problems.checkUnique(sdk.name, seen: &seenNames, at: path + ".name")
      let lists = [
        ("aliases", sdk.aliases), ("classes", sdk.classes), ("symbols", sdk.symbols),
        ("swiftModules", sdk.swiftModules),
      ]
      for (key, values) in lists {
        for (valueIndex, value) in values.enumerated() where !Spelling.isPlainSymbol(value) {
          problems.add("\(path).\(key)[\(valueIndex)]", "'\(value)' is empty or contains white space")
        }
      }
      for (moduleIndex, module) in sdk.swiftModules.enumerated() where moduleOwners[module] != sdk.name {
        problems.add(
          "\(path).swiftModules[\(moduleIndex)]",
          "Swift module '\(module)' already belongs to \(moduleOwners[module] ?? "another SDK")")
      }
      // Documented classes and C symbols identify an SDK together: a few, each list from a named
      // source, or none.
      let documented = Set(sdk.classes).count + Set(sdk.symbols).count
      if documented > 0 && documented < Self.documentedClassesAtLeast {
        problems.add(
          path + (sdk.classes.isEmpty ? ".symbols" : ".classes"),
          "list at least \(Self.documentedClassesAtLeast) classes and symbols together: fewer could be another "
            + "vendor's by chance")
      }
      if !sdk.classes.isEmpty && (sdk.classesSource ?? "").isEmpty {
        problems.add(path + ".classesSource", "say where the documented classes were read (the SDK's headers)")
      }
      if !sdk.symbols.isEmpty && (sdk.symbolsSource ?? "").isEmpty {
        problems.add(path + ".symbolsSource", "say where the documented symbols were read (the SDK's headers)")
      }
    }
  }

  /// The fewest documented classes and symbols that identify an SDK when a binary defines them all.
  static let documentedClassesAtLeast = 3

  /// Each reason code with the categories that list it, in catalog order.
  fileprivate var reasonOwners: [String: [String]] {
    var owners: [String: [String]] = [:]
    for category in categories {
      for reason in category.reasons where owners[reason.code]?.last != category.id {
        owners[reason.code, default: []].append(category.id)
      }
    }
    return owners
  }
}

extension ReasonCode {
  /// Whether `code` has the shape of a reason code: four upper-case letters or digits, a dot,
  /// and one or more digits (`C617.1`).
  package static func isWellFormed(_ code: String) -> Bool {
    let parts = code.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, !parts[1].isEmpty else { return false }
    let isUpperAlphanumeric: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    return parts[0].allSatisfy(isUpperAlphanumeric) && parts[1].allSatisfy { (0x30...0x39).contains($0) }
  }
}

extension Spelling {
  /// The `_objc_msgSend$` prefix clang gives selector stub imports (Xcode 14+ objects and archives).
  package static let objcStubPrefix = "_objc_msgSend$"

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

  /// Checks that `id` is not empty and not in `seen` (the ids before it), then adds it there.
  mutating func checkUnique(_ id: String, seen: inout Set<String>, at path: String) {
    if id.isEmpty { add(path, "an id must not be empty") }
    if !seen.insert(id).inserted { add(path, "id '\(id)' is used twice") }
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
    case .selector where spelling.onlyWith.isEmpty:
      add(
        path + ".onlyWith",
        "a selector names no receiver: list its class (\(Spelling.objcClassPrefix)…) in onlyWith, or it proves nothing")
    default:
      break
    }
    for (index, condition) in spelling.onlyWith.enumerated() where !Spelling.isPlainSymbol(condition) {
      add("\(path).onlyWith[\(index)]", "'\(condition)' is not a symbol name")
    }
  }
}

extension Catalog {
  /// Each tracking host a lowercase host name (`HostName`'s rule for a URL's host), listed once.
  fileprivate func checkTrackingHosts(_ problems: inout ProblemSink) {
    var seen = Set<String>()
    for (index, entry) in trackingHosts.enumerated() {
      let path = "$.trackingHosts[\(index)].domain"
      let url = Array("https://\(entry.domain)".utf8)
      let host = url.withUnsafeBytes { HostName.host(in: $0) }
      if host != entry.domain {
        problems.add(path, "'\(entry.domain)' is not a lowercase host name such as 'doubleclick.net'")
      }
      problems.checkUnique(entry.domain, seen: &seen, at: path)
    }
  }
}
