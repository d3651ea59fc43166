public import BinaryImage

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
public struct CatalogMatcher: Sendable {
  /// One catalog spelling, resolved to what a match of it reports.
  private struct Target: Sendable {
    var subject: CatalogMatch.Subject
    var kind: Spelling.Kind
    var format: BinaryFormat?
    var advisory: Bool
    /// Condition indices of which one must be seen in the same image; empty when unconditional.
    var conditions: [Int]
  }

  /// What an exact symbol name leads to: spellings, and/or a condition it satisfies.
  private struct ExactEntry: Sendable {
    var targets: [Int] = []
    var condition: Int?
  }

  private let targets: [Target]
  private let exactSymbols: ByteKeyTable<ExactEntry>
  private let selectors: ByteKeyTable<[Int]>
  /// Swift prefixes bucketed by their first `swiftBucketLength` bytes.
  private let swiftBuckets: ByteKeyTable<[Int]>
  private let swiftPrefixes: [(bytes: [UInt8], targets: [Int])]
  private let swiftBucketLength: Int
  /// Which bytes a Swift prefix can start with, indexed by byte: rejects most names before hashing.
  private let swiftFirstBytes: [Bool]
  private let conditionCount: Int

  private static let stubPrefix = Array(Spelling.objcStubPrefix.utf8)

  /// Prepares the lookup tables for `catalog`.
  /// - Parameters:
  ///   - catalog: The (validated) catalog to match.
  ///   - includeAdvisory: Whether advisory spellings (not on Apple's list) are matched too; their
  ///     matches carry `isAdvisory` and must not count as uses needing a declaration.
  public init(catalog: Catalog, includeAdvisory: Bool = false) {
    var builder = TableBuilder(includeAdvisory: includeAdvisory)
    for api in catalog.apis {
      let subject = CatalogMatch.Subject.requiredReasonAPI(id: api.id, categories: api.categories)
      for spelling in api.spellings {
        builder.add(spelling, subject: subject, advisory: api.advisory || spelling.advisory, onlyWith: [])
      }
    }
    for resource in catalog.resources {
      for evidence in resource.evidence {
        let subject = CatalogMatch.Subject.protectedResource(id: resource.id, strength: evidence.strength)
        builder.add(evidence.spelling, subject: subject, advisory: evidence.spelling.advisory, onlyWith: evidence.onlyWith)
      }
    }
    targets = builder.targets
    conditionCount = builder.conditions.count
    exactSymbols = ByteKeyTable(builder.exact.map { (Array($0.key.utf8), $0.value) })
    selectors = ByteKeyTable(builder.selectors.map { (Array($0.key.utf8), $0.value) })
    let prefixes = builder.swiftPrefixes.map { (bytes: Array($0.key.utf8), targets: $0.value) }
    let bucketLength = prefixes.map(\.bytes.count).min() ?? 0
    var buckets: [[UInt8]: [Int]] = [:]
    for (index, prefix) in prefixes.enumerated() {
      buckets[Array(prefix.bytes.prefix(bucketLength)), default: []].append(index)
    }
    var firstBytes = [Bool](repeating: false, count: 256)
    for prefix in prefixes { if let first = prefix.bytes.first { firstBytes[Int(first)] = true } }
    swiftFirstBytes = firstBytes
    swiftPrefixes = prefixes
    swiftBucketLength = bucketLength
    swiftBuckets = ByteKeyTable(buckets.map { ($0.key, $0.value) })
  }

  /// Every catalog hit in `image`, in symbol-table order then selector order, each distinct
  /// (subject, symbol, via) once. Conditional evidence (`onlyWith`) is kept only when one of its
  /// conditions is imported by the same image; spellings restricted to the other format are skipped.
  public func matches(in image: Image) -> [CatalogMatch] {
    let format: BinaryFormat = image.format == .elf ? .elf : .machO
    var collector = MatchCollector(conditionCount: conditionCount)
    image.names.storage.withUnsafeBytes { names in
      for (index, symbol) in image.symbols.enumerated() where !symbol.isDefined {
        let name = Self.bytes(of: symbol.name, in: names)
        scanImport(name, symbolIndex: index, format: format, into: &collector)
      }
      for reference in image.selectorReferences {
        let name = Self.bytes(of: reference, in: names)
        if let found = selectors.value(for: name) {
          collector.record(found, via: .selector, source: .selector(reference), format: format, targets: targets)
        }
      }
    }
    return collector.resolve(targets: targets) { source in
      switch source {
      case .symbol(let index):
        let symbol = image.symbols[index]
        return (image.names.string(symbol.name), image.libraryName(of: symbol), image.versionName(of: symbol))
      case .selector(let reference):
        return (image.names.string(reference), nil, nil)
      }
    }
  }

  private func scanImport(
    _ name: UnsafeRawBufferPointer, symbolIndex: Int, format: BinaryFormat, into collector: inout MatchCollector
  ) {
    if let entry = exactSymbols.value(for: name) {
      if let condition = entry.condition { collector.satisfy(condition) }
      collector.record(entry.targets, via: .import, source: .symbol(symbolIndex), format: format, targets: targets)
    }
    if name.begins(with: Self.stubPrefix) {
      let selector = UnsafeRawBufferPointer(rebasing: name[(name.startIndex + Self.stubPrefix.count)...])
      if let found = selectors.value(for: selector) {
        collector.record(found, via: .objcStub, source: .symbol(symbolIndex), format: format, targets: targets)
      }
      return
    }
    let swiftName = name.first == UInt8(ascii: "_") ? UnsafeRawBufferPointer(rebasing: name.dropFirst()) : name
    guard swiftBucketLength > 0, swiftName.count >= swiftBucketLength, swiftFirstBytes[Int(swiftName[0])],
      let bucket = swiftBuckets.value(for: UnsafeRawBufferPointer(rebasing: swiftName.prefix(swiftBucketLength)))
    else { return }
    for prefixIndex in bucket where swiftName.begins(with: swiftPrefixes[prefixIndex].bytes) {
      collector.record(
        swiftPrefixes[prefixIndex].targets, via: .swiftSymbol, source: .symbol(symbolIndex), format: format,
        targets: targets)
    }
  }

  /// The bytes of `name`, clamped to the table (a reader never produces a reference outside it).
  private static func bytes(of name: NameRef, in names: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    let start = min(Int(exactly: name.offset) ?? names.count, names.count)
    let end = min(start + (Int(exactly: name.length) ?? 0), names.count)
    return UnsafeRawBufferPointer(rebasing: names[start..<end])
  }

  /// Accumulates the lookup tables while the matcher is built.
  private struct TableBuilder {
    let includeAdvisory: Bool
    var targets: [Target] = []
    var exact: [String: ExactEntry] = [:]
    var selectors: [String: [Int]] = [:]
    var swiftPrefixes: [String: [Int]] = [:]
    var conditions: [String: Int] = [:]

    mutating func add(_ spelling: Spelling, subject: CatalogMatch.Subject, advisory: Bool, onlyWith: [String]) {
      guard includeAdvisory || !advisory else { return }
      let conditionIndices = onlyWith.map { condition(named: $0) }
      targets.append(
        Target(subject: subject, kind: spelling.kind, format: spelling.format, advisory: advisory, conditions: conditionIndices))
      let index = targets.count - 1
      switch spelling.kind {
      case .cFunction, .objcConstant, .objcClass: exact[spelling.name, default: ExactEntry()].targets.append(index)
      case .selector: selectors[spelling.name, default: []].append(index)
      case .swiftPrefix: swiftPrefixes[spelling.name, default: []].append(index)
      }
    }

    private mutating func condition(named name: String) -> Int {
      if let existing = conditions[name] { return existing }
      let index = conditions.count
      conditions[name] = index
      exact[name, default: ExactEntry()].condition = index
      return index
    }
  }

  /// Where a pending match came from, so its strings are built only after filtering.
  private enum Source: Hashable {
    case symbol(Int)
    case selector(NameRef)
  }

  /// Collects target hits for one image, then filters conditional ones and builds the matches.
  private struct MatchCollector {
    private var seenConditions: [Bool]
    private var pending: [(target: Int, via: CatalogMatch.Via, source: Source)] = []

    init(conditionCount: Int) {
      seenConditions = [Bool](repeating: false, count: conditionCount)
    }

    mutating func satisfy(_ condition: Int) {
      seenConditions[condition] = true
    }

    mutating func record(
      _ hits: [Int], via: CatalogMatch.Via, source: Source, format: BinaryFormat, targets: [Target]
    ) {
      for hit in hits where targets[hit].format.map({ $0 == format }) ?? true {
        pending.append((hit, via, source))
      }
    }

    func resolve(
      targets: [Target], describe: (Source) -> (symbol: String, library: String?, version: String?)
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
}

extension UnsafeRawBufferPointer {
  /// Whether the bytes start with `prefix`.
  fileprivate func begins(with prefix: [UInt8]) -> Bool {
    guard count >= prefix.count else { return false }
    for offset in prefix.indices where self[offset] != prefix[offset] { return false }
    return true
  }
}
