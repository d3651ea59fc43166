import BinaryImage
import CodeScan

extension CallSiteSearch {
  /// Symbol-table index → name index, for the undefined symbols looked for.
  func importIndices(_ symbols: SymbolTable) -> [Int: Int] {
    var found: [Int: Int] = [:]
    symbols.forEachEntry { index, entry in
      guard entry.isUndefined, let name = symbols.name(of: entry), let target = importIndex(name) else { return }
      found[index] = target
    }
    return found
  }
}
