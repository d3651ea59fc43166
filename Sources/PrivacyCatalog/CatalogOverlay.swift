extension Catalog {
  /// This catalog with `overlay`'s entries added, after checking the overlay against the result.
  ///
  /// Entries are merged by `id`: a new category, API or resource is appended; an existing one
  /// gains the overlay's new reason codes, categories, spellings, Info.plist keys and evidence
  /// (anything already present is kept as it is, so an overlay can only add). Sources are added
  /// too; `schemaVersion`, `asOf` and `origin` stay this catalog's.
  /// - Throws: `CatalogError` naming the overlay's file and the JSON path of the bad entry.
  public func overlaying(_ overlay: Catalog) throws(CatalogError) -> Catalog {
    var merged = self
    merged.sources = Self.adding(overlay.sources, to: sources, identity: \.self)
    for category in overlay.categories {
      merged.categories.mergeByID(category, id: \.id) { existing in
        existing.reasons = Self.adding(category.reasons, to: existing.reasons, identity: \.code)
      }
    }
    for api in overlay.apis {
      merged.apis.mergeByID(api, id: \.id) { existing in
        existing.categories = Self.adding(api.categories, to: existing.categories, identity: \.self)
        existing.spellings = Self.adding(api.spellings, to: existing.spellings, identity: \.matchIdentity)
      }
    }
    for resource in overlay.resources {
      merged.resources.mergeByID(resource, id: \.id) { existing in
        existing.infoPlistKeys = Self.adding(resource.infoPlistKeys, to: existing.infoPlistKeys, identity: \.key)
        existing.evidence = Self.adding(resource.evidence, to: existing.evidence, identity: \.spelling.matchIdentity)
      }
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
  /// Appends `element`, or lets `update` change the element with the same identifier.
  fileprivate mutating func mergeByID(_ element: Element, id: (Element) -> String, update: (inout Element) -> Void) {
    if let index = firstIndex(where: { id($0) == id(element) }) {
      update(&self[index])
    } else {
      append(element)
    }
  }
}
