import BinaryImage
import CodeScan

extension CallSiteSearch {
  /// Symbol-table index → name index, for the undefined symbols looked for.
  func importIndices(_ symbols: SymbolTable) throws(BinaryError) -> [Int: Int] {
    var found: [Int: Int] = [:]
    for index in 0..<symbols.count {
      let entry = try symbols.entry(index)
      guard entry.isUndefined, let name = symbols.name(of: entry), let target = importIndex(name) else {
        continue
      }
      found[index] = target
    }
    return found
  }
}
