package import BinaryImage

/// The names one call-site search looks for, by index, and the sites found for each: what a
/// reader's call-site pass fills in and hands back as a `CallSiteMap`.
package struct CallSiteSearch {
  private enum Kind { case `import`, selector, string }

  private var names: [(kind: Kind, name: String)] = []
  private let imports: ByteKeyTable<Int>
  private let selectors: ByteKeyTable<Int>
  private let strings: ByteKeyTable<Int>
  private var sites: [[CallSite]]
  /// Names whose sites cannot be known in this image (left out of the result).
  private var unresolved = Set<Int>()

  /// A search for the names of `query`.
  package init(query: CallSiteQuery) {
    names =
      query.imports.sorted().map { (Kind.import, $0) } + query.selectors.sorted().map { (Kind.selector, $0) }
      + query.strings.sorted().map { (Kind.string, $0) }
    let names = names
    func table(_ kind: Kind) -> ByteKeyTable<Int> {
      ByteKeyTable(
        names.enumerated().filter { $0.element.kind == kind }.map { (Array($0.element.name.utf8), $0.offset) })
    }
    imports = table(.import)
    selectors = table(.selector)
    strings = table(.string)
    sites = names.map { _ in [] }
  }

  /// Whether any string is looked for.
  package var wantsStrings: Bool { strings.count > 0 }

  /// The index of string `name`, when it is looked for.
  package func stringIndex(_ name: UnsafeRawBufferPointer) -> Int? { strings.value(for: name) }

  /// Whether any import is looked for.
  package var wantsImports: Bool { imports.count > 0 }
  /// Whether any selector is looked for.
  package var wantsSelectors: Bool { selectors.count > 0 }

  /// The index of selector `name`, when it is looked for.
  package func selectorIndex(_ name: UnsafeRawBufferPointer) -> Int? { selectors.value(for: name) }

  /// The index of import `name`, when it is looked for.
  package func importIndex(_ name: UnsafeRawBufferPointer) -> Int? { imports.value(for: name) }

  /// Records one site of name `index`.
  package mutating func record(_ site: CallSite, for index: Int) {
    guard sites.indices.contains(index) else { return }
    sites[index].append(site)
  }

  /// Whether some site lies in a function known only by its start (stripped code).
  package var hasUnnamedFunctions: Bool {
    sites.contains { list in list.contains { $0.function == nil && $0.functionStart != nil } }
  }

  /// Names the sites of unnamed functions with what `name` answers for the function's start.
  package mutating func nameUnnamedFunctions(_ name: (UInt64) -> String?) {
    for index in sites.indices {
      for site in sites[index].indices where sites[index][site].function == nil {
        guard let start = sites[index][site].functionStart else { continue }
        sites[index][site].function = name(start)
      }
    }
  }

  /// Leaves the imports `isUnresolved` picks out of the result: their sites cannot be known.
  package mutating func markUnresolved(_ isUnresolved: (String) -> Bool) {
    for (index, entry) in names.enumerated() where entry.kind == .import && isUnresolved(entry.name) {
      unresolved.insert(index)
    }
  }

  /// Every name with its sites in address order, except the unresolved ones.
  package var result: CallSiteMap {
    var map = CallSiteMap()
    for (index, entry) in names.enumerated() where !unresolved.contains(index) {
      let ordered = sites[index].sorted { $0.address < $1.address }
      switch entry.kind {
      case .import: map.imports[entry.name] = ordered
      case .selector: map.selectors[entry.name] = ordered
      case .string: map.strings[entry.name] = ordered
      }
    }
    return map
  }
}
