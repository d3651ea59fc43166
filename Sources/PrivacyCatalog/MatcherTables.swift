import BinaryImage

/// One catalog spelling, resolved to what a match of it reports.
struct MatcherTarget: Sendable {
  var subject: CatalogMatch.Subject
  var kind: Spelling.Kind
  var format: BinaryFormat?
  var advisory: Bool
  /// Condition indices of which one must be seen in the same image; empty when unconditional.
  var conditions: [Int]

  /// Whether the spelling can occur in an image of `format`.
  func applies(to format: BinaryFormat) -> Bool {
    self.format.map { $0 == format } ?? true
  }
}

/// What an exact symbol name leads to: spellings, and/or the `onlyWith` condition it satisfies;
/// neither for a dynamic-lookup function, listed only so the matcher's filter keeps its import.
struct ExactSymbolEntry: Sendable {
  var targets: [Int] = []
  var condition: Int?
}

/// Turns a catalog into the matcher's targets and name → target tables.
struct MatcherTableBuilder {
  let includeAdvisory: Bool
  private(set) var targets: [MatcherTarget] = []
  private(set) var exact: [String: ExactSymbolEntry] = [:]
  private(set) var selectors: [String: [Int]] = [:]
  private(set) var swiftPrefixes: [String: [Int]] = [:]
  private(set) var conditions: [String: Int] = [:]
  /// The class name (`NSUserDefaults`) of each `_OBJC_CLASS_$_` condition: a lookup string that
  /// names it (`Image.lookupStrings`) meets the condition too.
  private(set) var conditionClassNames: [String: Int] = [:]

  init(catalog: Catalog, includeAdvisory: Bool) {
    self.includeAdvisory = includeAdvisory
    for api in catalog.apis {
      let subject = CatalogMatch.Subject.requiredReasonAPI(id: api.id, categories: api.categories)
      for spelling in api.spellings {
        add(spelling, subject: subject, advisory: api.advisory || spelling.advisory)
      }
    }
    for resource in catalog.resources {
      for evidence in resource.evidence {
        let subject = CatalogMatch.Subject.protectedResource(id: resource.id, strength: evidence.strength)
        add(evidence.spelling, subject: subject, advisory: evidence.spelling.advisory)
      }
    }
    for name in LookupString.lookupFunctionNames where exact[name] == nil { exact[name] = ExactSymbolEntry() }
  }

  private mutating func add(_ spelling: Spelling, subject: CatalogMatch.Subject, advisory: Bool) {
    guard includeAdvisory || !advisory else { return }
    let conditionIndices = spelling.onlyWith.map { condition(named: $0) }
    targets.append(
      MatcherTarget(
        subject: subject, kind: spelling.kind, format: spelling.format, advisory: advisory, conditions: conditionIndices
      ))
    let index = targets.count - 1
    switch spelling.kind {
    case .cFunction, .objcConstant, .objcClass: exact[spelling.name, default: ExactSymbolEntry()].targets.append(index)
    case .selector: selectors[spelling.name, default: []].append(index)
    case .swiftPrefix: swiftPrefixes[spelling.name, default: []].append(index)
    }
  }

  private mutating func condition(named name: String) -> Int {
    if let existing = conditions[name] { return existing }
    let index = conditions.count
    conditions[name] = index
    exact[name, default: ExactSymbolEntry()].condition = index
    if name.hasPrefix(Spelling.objcClassPrefix) {
      conditionClassNames[String(name.dropFirst(Spelling.objcClassPrefix.count))] = index
    }
    return index
  }
}
