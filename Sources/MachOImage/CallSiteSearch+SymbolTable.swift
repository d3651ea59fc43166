import BinaryImage
import CodeScan

extension CallSiteSearch {
  /// Symbol-table index → name index, for the symbols looked for that code can reach through a
  /// stub or slot: undefined symbols, and external definitions, which a slot reaches when dyld
  /// binds it by weak lookup (a C++ `operator new` or inline function the image also defines,
  /// which its chained imports name beside the definition).
  func importIndices(_ symbols: SymbolTable) -> [Int: Int] {
    var found: [Int: Int] = [:]
    symbols.forEachEntry { index, entry in
      guard entry.isUndefined || (entry.isExternal && !entry.isDebugEntry), let name = symbols.name(of: entry),
        let target = importIndex(name)
      else { return }
      found[index] = target
    }
    return found
  }
}
