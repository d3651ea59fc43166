extension Catalog {
  /// This catalog with `overlay`'s entries added, after checking the overlay against the result.
  ///
  /// Entries are merged by `id`: a new category, API or resource is appended; an existing one
  /// gains the overlay's new reason codes, categories, spellings, Info.plist keys and evidence, and
  /// a commonly used SDK (by `name`) its new aliases and Swift modules (its documented classes
  /// replace the catalog's; anything else already present is kept as it is, so an overlay can
  /// only add); tracking hosts are
  /// added by `domain`; a collected-data hint (by `resource`) its new data types. Sources are added
  /// too; `schemaVersion`, `asOf` and `origin` stay this catalog's. The work is linear in the
  /// sizes of both catalogs, however many entries the overlay has or repeats.
  /// - Throws: `CatalogError` naming the overlay's file and the JSON path of the bad entry.
  package func overlaying(_ overlay: Catalog) throws(CatalogError) -> Catalog {
    var merged = self
    merged.sources = Self.adding(overlay.sources, to: sources, identity: \.self)
    merged.categories.merge(overlay.categories, id: \.id) { existing, additions in
      existing.reasons = Self.adding(additions.flatMap(\.reasons), to: existing.reasons, identity: \.code)
    }
    merged.apis.merge(overlay.apis, id: \.id) { existing, additions in
      existing.categories = Self.adding(additions.flatMap(\.categories), to: existing.categories, identity: \.self)
      existing.spellings = Self.adding(
        additions.flatMap(\.spellings), to: existing.spellings, identity: \.matchIdentity)
    }
    merged.resources.merge(overlay.resources, id: \.id) { existing, additions in
      existing.infoPlistKeys = Self.adding(
        additions.flatMap(\.infoPlistKeys), to: existing.infoPlistKeys, identity: \.key)
      existing.evidence = Self.adding(
        additions.flatMap(\.evidence), to: existing.evidence, identity: \.spelling.matchIdentity)
    }
    merged.commonSDKs.merge(overlay.commonSDKs, id: \.name) { existing, additions in
      existing.aliases = Self.adding(additions.flatMap(\.aliases), to: existing.aliases, identity: \.self)
      existing.swiftModules = Self.adding(
        additions.flatMap(\.swiftModules), to: existing.swiftModules, identity: \.self)
      // Documented classes and symbols are sets with their source: an overlay's set replaces the catalog's.
      if let documented = additions.last(where: { !$0.classes.isEmpty }) {
        (existing.classes, existing.classesSource) = (documented.classes, documented.classesSource)
      }
      if let documented = additions.last(where: { !$0.symbols.isEmpty }) {
        (existing.symbols, existing.symbolsSource) = (documented.symbols, documented.symbolsSource)
      }
    }
    merged.trackingHosts = Self.adding(overlay.trackingHosts, to: trackingHosts, identity: \.domain)
    merged.collectedDataHints.merge(overlay.collectedDataHints, id: \.resource) { existing, additions in
      existing.dataTypes = Self.adding(additions.flatMap(\.dataTypes), to: existing.dataTypes, identity: \.self)
    }
    try overlay.validate(resolvingIn: merged)
    return merged
  }

  /// `base` followed by the elements of `extra` whose identity `base` does not have yet.
  private static func adding<Element, Identity: Hashable>(
    _ extra: [Element], to base: [Element], identity: (Element) -> Identity
  ) -> [Element] {
    var seen = Set(base.map(identity))
    return base + extra.filter { seen.insert(identity($0)).inserted }
  }
}

extension Spelling {
  /// What decides whether two spellings match the same symbols (name, match kind and format).
  var matchIdentity: String {
    let matchKind = kind == .selector ? "selector" : kind == .swiftPrefix ? "prefix" : "symbol"
    return "\(matchKind)|\(format?.rawValue ?? "any")|\(name)"
  }
}

extension Array {
  /// Merges `elements` by identifier: each identifier's elements, in order, go to the first
  /// element already here with that identifier, or else the first of them is appended and takes
  /// the rest; `update` receives the element and all that go to it at once, so each is updated once.
  fileprivate mutating func merge(
    _ elements: [Element], id: (Element) -> String, update: (inout Element, [Element]) -> Void
  ) {
    var positions: [String: Int] = [:]
    for (index, element) in enumerated() where positions[id(element)] == nil { positions[id(element)] = index }
    var additions: [Int: [Element]] = [:]
    for element in elements {
      if let index = positions[id(element)] {
        additions[index, default: []].append(element)
      } else {
        positions[id(element)] = count
        append(element)
      }
    }
    for (index, added) in additions { update(&self[index], added) }
  }
}
