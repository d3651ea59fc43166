import BinaryImage

/// Where a pending match came from, so its strings are built only after filtering.
enum MatchSource {
  /// An index into `Image.symbols`.
  case symbol(Int)
  /// A selector reference.
  case selector(NameRef)
}

/// The `onlyWith` conditions seen in one slice (every image of one architecture of a binary:
/// a thin image, or the members of an archive), so that a selector sent in one object file
/// counts with its class referenced in another object file of the same library.
struct SeenConditions {
  private var seen: [Bool]

  init(count: Int) {
    seen = [Bool](repeating: false, count: count)
  }

  /// Notes that condition `condition` is referenced by the slice.
  mutating func satisfy(_ condition: Int) {
    seen[condition] = true
  }

  /// Whether `target` counts: unconditional, or one of its conditions was seen.
  func admits(_ target: MatcherTarget) -> Bool {
    target.conditions.isEmpty || target.conditions.contains { seen[$0] }
  }
}

/// Collects the target hits of one image; `resolve` drops conditional ones whose condition the
/// slice did not reference and builds the distinct matches.
struct MatchCollector {
  private var pending: [(target: Int, via: CatalogMatch.Via, source: MatchSource)] = []

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
    targets: [MatcherTarget], conditions: SeenConditions,
    describe: (MatchSource) -> (symbol: String, library: String?, version: String?)
  ) -> [CatalogMatch] {
    var seen = Set<CatalogMatch>()
    var matches: [CatalogMatch] = []
    for hit in pending {
      let target = targets[hit.target]
      guard conditions.admits(target) else { continue }
      let described = describe(hit.source)
      let match = CatalogMatch(
        subject: target.subject, symbol: described.symbol, via: hit.via, spellingKind: target.kind,
        library: described.library, version: described.version, isAdvisory: target.advisory)
      if seen.insert(match).inserted { matches.append(match) }
    }
    return matches
  }
}
