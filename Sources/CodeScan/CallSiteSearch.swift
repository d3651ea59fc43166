public import BinaryImage

/// The names one call-site search looks for, by index, and the sites found for each: what a
/// reader's call-site pass fills in and hands back as a `CallSiteMap`.
public struct CallSiteSearch {
  private var names: [(isSelector: Bool, name: String)] = []
  private let imports: ByteKeyTable<Int>
  private let selectors: ByteKeyTable<Int>
  private var sites: [[CallSite]]
  /// Names whose sites cannot be known in this image (left out of the result).
  private var unresolved = Set<Int>()

  /// A search for the names of `query`.
  public init(query: CallSiteQuery) {
    names = query.imports.sorted().map { (false, $0) } + query.selectors.sorted().map { (true, $0) }
    imports = ByteKeyTable(
      names.enumerated().filter { !$0.element.isSelector }.map { (Array($0.element.name.utf8), $0.offset) })
    selectors = ByteKeyTable(
      names.enumerated().filter { $0.element.isSelector }.map { (Array($0.element.name.utf8), $0.offset) })
    sites = names.map { _ in [] }
  }

  /// Whether any import is looked for.
  public var wantsImports: Bool { imports.count > 0 }
  /// Whether any selector is looked for.
  public var wantsSelectors: Bool { selectors.count > 0 }

  /// The index of selector `name`, when it is looked for.
  public func selectorIndex(_ name: UnsafeRawBufferPointer) -> Int? { selectors.value(for: name) }

  /// The index of import `name`, when it is looked for.
  public func importIndex(_ name: UnsafeRawBufferPointer) -> Int? { imports.value(for: name) }

  /// Records one site of name `index`.
  public mutating func record(_ site: CallSite, for index: Int) {
    guard sites.indices.contains(index) else { return }
    sites[index].append(site)
  }

  /// Whether some site lies in a function known only by its start (stripped code).
  public var hasUnnamedFunctions: Bool {
    sites.contains { list in list.contains { $0.function == nil && $0.functionStart != nil } }
  }

  /// Names the sites of unnamed functions with what `name` answers for the function's start.
  public mutating func nameUnnamedFunctions(_ name: (UInt64) -> String?) {
    for index in sites.indices {
      for site in sites[index].indices where sites[index][site].function == nil {
        guard let start = sites[index][site].functionStart else { continue }
        sites[index][site].function = name(start)
      }
    }
  }

  /// Leaves the imports `isUnresolved` picks out of the result: their sites cannot be known.
  public mutating func markUnresolved(_ isUnresolved: (String) -> Bool) {
    for (index, entry) in names.enumerated() where !entry.isSelector && isUnresolved(entry.name) {
      unresolved.insert(index)
    }
  }

  /// Every name with its sites in address order, except the unresolved ones.
  public var result: CallSiteMap {
    var map = CallSiteMap()
    for (index, entry) in names.enumerated() where !unresolved.contains(index) {
      let ordered = sites[index].sorted { $0.address < $1.address }
      if entry.isSelector { map.selectors[entry.name] = ordered } else { map.imports[entry.name] = ordered }
    }
    return map
  }
}
