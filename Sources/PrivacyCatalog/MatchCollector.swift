import BinaryImage

/// Where a pending match came from, so its strings are built only after filtering.
enum MatchSource {
  /// An index into `Image.symbols`.
  case symbol(Int)
  /// A selector reference.
  case selector(NameRef)
}

/// Collects the target hits of one image, then drops conditional ones whose condition was not
/// seen and builds the distinct matches.
struct MatchCollector {
  private var seenConditions: [Bool]
  private var pending: [(target: Int, via: CatalogMatch.Via, source: MatchSource)] = []

  init(conditionCount: Int) {
    seenConditions = [Bool](repeating: false, count: conditionCount)
  }

  /// Notes that the symbol of condition `condition` is imported by the image.
  mutating func satisfy(_ condition: Int) {
    seenConditions[condition] = true
  }

  /// Records hits on `targets` that apply to the image's format.
  mutating func record(
    _ hits: [Int], via: CatalogMatch.Via, source: MatchSource, format: BinaryFormat, targets: [MatcherTarget]
  ) {
    for hit in hits where targets[hit].applies(to: format) {
      pending.append((hit, via, source))
    }
  }

  /// The matches, in the order recorded, each distinct (subject, symbol, via) once.
  func resolve(
    targets: [MatcherTarget], describe: (MatchSource) -> (symbol: String, library: String?, version: String?)
  ) -> [CatalogMatch] {
    var seen = Set<CatalogMatch>()
    var matches: [CatalogMatch] = []
    for hit in pending {
      let target = targets[hit.target]
      guard target.conditions.isEmpty || target.conditions.contains(where: { seenConditions[$0] }) else { continue }
      let described = describe(hit.source)
      let match = CatalogMatch(
        subject: target.subject, symbol: described.symbol, via: hit.via, spellingKind: target.kind,
        library: described.library, version: described.version, isAdvisory: target.advisory)
      if seen.insert(match).inserted { matches.append(match) }
    }
    return matches
  }
}
