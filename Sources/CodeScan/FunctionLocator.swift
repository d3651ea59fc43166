/// Finds the function that holds an address, from the starts a reader knows: symbols that name
/// code and unnamed starts (Mach-O `LC_FUNCTION_STARTS`). A start carries the reader's index of
/// its symbol, so a name is read only for the functions that hold a call site.
///
/// The enclosing function is the nearest start at or below the address. At one address the best
/// ranked start wins: a global name, then a local one, then an unnamed start; among equals, the
/// first added.
package struct FunctionLocator: Sendable {
  /// How good a start's name is.
  package enum Rank: Sendable, Comparable {
    /// A global (or weak) symbol.
    case global
    /// A local symbol.
    case local
    /// A start without a symbol.
    case unnamed
  }

  /// A function's start and the reader's index of the symbol naming it (`nil` when unnamed).
  package struct Start: Sendable, Hashable {
    /// The function's first address.
    package var address: UInt64
    /// The symbol's index in the reader's table.
    package var symbol: Int?
  }

  private var starts: [(address: UInt64, rank: Rank, order: Int, symbol: Int?)] = []

  /// Creates an empty locator.
  package init() {}

  /// Adds a function start, with the index of its symbol when it has one.
  package mutating func add(_ address: UInt64, symbol: Int?, rank: Rank) {
    starts.append((address, symbol == nil ? .unnamed : rank, starts.count, symbol))
  }

  /// Sorts the starts and keeps the best one at each address.
  package mutating func finish() {
    starts.sort { ($0.address, $0.rank, $0.order) < ($1.address, $1.rank, $1.order) }
    var kept = starts.prefix(0)
    for start in starts where kept.last?.address != start.address { kept.append(start) }
    starts = Array(kept)
  }

  /// Every start's address, ascending (after `finish`).
  package var addresses: [UInt64] { starts.map(\.address) }

  /// The start of the function holding `address` (after `finish`), or `nil` before the first.
  package func enclosing(_ address: UInt64) -> Start? {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = low + (high - low) / 2
      if starts[middle].address <= address { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    return Start(address: starts[low - 1].address, symbol: starts[low - 1].symbol)
  }
}
