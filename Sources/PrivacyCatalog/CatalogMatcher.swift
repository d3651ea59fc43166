package import BinaryImage

/// Finds catalog spellings in an image's imports and referenced selectors. Build it once per
/// catalog and reuse it for every image; it is an immutable value, safe to share across tasks.
///
/// Only undefined symbols (`!isDefined`) and `selectorReferences` are looked at, so a binary's
/// own definitions (`_my_lstat`, or a `_stat` it defines) and arbitrary strings never match.
/// Names are compared as bytes from the image's `NameTable`:
/// - exact spellings (C functions, constants, classes) through one hash table;
/// - `_objc_msgSend$<selector>` imports have the prefix removed and go through the selector table,
///   as do the image's selector references;
/// - Swift prefixes are bucketed by their first bytes (after dropping one leading `_`), then
///   confirmed with a byte comparison of the whole prefix.
/// A `String` is built only for a symbol that matched.
package struct CatalogMatcher: Sendable {
  private let targets: [MatcherTarget]
  private let tables: ImportTables
  private let conditionCount: Int
  private let sdks: CommonSDKMatcher
  private let lookupIndex: DynamicLookupIndex

  /// Prepares the lookup tables for `catalog`.
  /// - Parameters:
  ///   - catalog: The (validated) catalog to match.
  ///   - includeAdvisory: Whether advisory spellings (not on Apple's list) are matched too; their
  ///     matches carry `isAdvisory` and must not count as uses needing a declaration.
  package init(catalog: Catalog, includeAdvisory: Bool = false) {
    let builder = MatcherTableBuilder(catalog: catalog, includeAdvisory: includeAdvisory)
    targets = builder.targets
    conditionCount = builder.conditions.count
    lookupIndex = DynamicLookupIndex(catalog: catalog)
    tables = ImportTables(builder, lookupIndex: lookupIndex)
    sdks = CommonSDKMatcher(sdks: catalog.commonSDKs)
  }

  /// The filter that keeps, of an image's imports and selector references, those that reach a
  /// table entry and the dynamic-lookup functions (`LookupString.lookupFunctionNames`), so a
  /// reader stores only what `matches(in:)` and the lookup-string collection look at.
  package var importFilter: any ImportFilter { tables }

  /// The defined C symbols a reader keeps for `commonSDKs(in:)`: those the catalog documents as
  /// a commonly used SDK's own (`ReadOptions.definitionFilter`).
  package var definitionFilter: DefinitionFilter { sdks.definitionFilter }

  /// The commonly used SDKs whose documented classes and C symbols, or Swift modules, `image`
  /// defines (`CommonSDKMatcher`).
  package func commonSDKs(in image: Image) -> [CommonSDKMatch] {
    sdks.matches(in: image)
  }

  /// The APIs `image`'s lookup strings name (`Image.lookupStrings`), except those `matches`
  /// (the image's regular matches) already show it uses.
  package func dynamicLookups(in image: Image, besides matches: [CatalogMatch]) -> [DynamicLookupIndex.Hit] {
    let used = Set(matches.compactMap(\.apiID))
    return lookupIndex.hits(in: image).filter { !used.contains($0.apiID) }
  }

  /// Every catalog hit in `image`, alone in its slice (`matches(inSlicesOf:)`).
  package func matches(in image: Image) -> [CatalogMatch] {
    matches(inSlicesOf: [image])[0]
  }

  /// Every catalog hit in each of `images` (the images of one binary), in symbol-table order
  /// then selector order, each distinct (subject, symbol, via) once. Conditional spellings
  /// (`onlyWith`: every selector, which counts only with its class) are kept only when the
  /// image's slice references one of their conditions: the images of the same architecture
  /// (an archive's members) import it, or, for a class, look its name up at run time
  /// (`Image.lookupStrings`). Spellings restricted to the other format are skipped.
  /// - Returns: One array of matches per image, in the order of `images`.
  package func matches(inSlicesOf images: [Image]) -> [[CatalogMatch]] {
    var results = [[CatalogMatch]](repeating: [], count: images.count)
    for indices in Dictionary(grouping: images.indices, by: { images[$0].architecture }).values {
      var conditions = SeenConditions(count: conditionCount)
      let collectors = indices.map { collect(images[$0], conditions: &conditions) }
      for (index, collector) in zip(indices, collectors) {
        // `images[index]` is borrowed where it is read: a copy of an image retains dozens of references.
        results[index] = collector.resolve(targets: targets, conditions: conditions) { source in
          switch source {
          case .symbol(let symbolIndex):
            let symbol = images[index].symbols[symbolIndex]
            return (
              images[index].names.string(symbol.name), images[index].libraryName(of: symbol),
              images[index].versionName(of: symbol)
            )
          case .selector(let reference):
            return (images[index].names.string(reference), nil, nil)
          }
        }
      }
    }
    return results
  }

  /// The hits of one image, with the conditions it references noted in `conditions`.
  private func collect(_ image: Image, conditions: inout SeenConditions) -> MatchCollector {
    let format: BinaryFormat = image.format == .elf ? .elf : .machO
    var collector = MatchCollector()
    image.names.storage.withUnsafeBytes { names in
      for (index, symbol) in image.symbols.enumerated() where !symbol.isDefined {
        let name = Self.bytes(of: symbol.name, in: names)
        scanImport(name, symbolIndex: index, format: format, into: &collector, conditions: &conditions)
      }
      for reference in image.selectorReferences {
        let name = Self.bytes(of: reference, in: names)
        if let found = tables.selectors.value(for: name) {
          collector.record(found, via: .selector, source: .selector(reference), format: format, targets: targets)
        }
      }
      for lookup in image.lookupStrings {
        if let condition = tables.conditionClassNames.value(for: Self.bytes(of: lookup.name, in: names)) {
          conditions.satisfy(condition)
        }
      }
    }
    return collector
  }

  private func scanImport(
    _ name: UnsafeRawBufferPointer, symbolIndex: Int, format: BinaryFormat, into collector: inout MatchCollector,
    conditions: inout SeenConditions
  ) {
    let source = MatchSource.symbol(symbolIndex)
    tables.forEachEntry(reachedBy: name) { entry in
      switch entry {
      case .exact(let entry):
        if let condition = entry.condition { conditions.satisfy(condition) }
        collector.record(entry.targets, via: .import, source: source, format: format, targets: targets)
      case .objcStub(let found):
        collector.record(found, via: .objcStub, source: source, format: format, targets: targets)
      case .swiftPrefix(let found):
        collector.record(found, via: .swiftSymbol, source: source, format: format, targets: targets)
      }
    }
  }

  /// The bytes of `name` in an image's name storage, clamped to it.
  static func bytes(of name: NameRef, in names: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    let start = min(Int(exactly: name.offset) ?? names.count, names.count)
    let end = min(start + (Int(exactly: name.length) ?? 0), names.count)
    return UnsafeRawBufferPointer(rebasing: names[start..<end])
  }
}
