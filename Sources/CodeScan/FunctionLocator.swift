public import BinaryImage

/// Names the function that holds an address, from the starts a reader knows: symbols that name
/// code (with their names) and unnamed starts (Mach-O `LC_FUNCTION_STARTS`, ELF symbol sizes).
///
/// The enclosing function is the nearest start at or below the address. Where a named and an
/// unnamed start share an address the name wins, and among names at one address the first one
/// added (readers add external symbols before local ones and skip assembler temporaries).
public struct FunctionLocator: Sendable {
  private var starts: [(address: UInt64, name: String?)] = []
  private var isSorted = true

  /// Creates an empty locator.
  public init() {}

  /// Adds a function start, named or not.
  public mutating func add(_ address: UInt64, name: String?) {
    if let last = starts.last, last.address > address { isSorted = false }
    starts.append((address, name))
  }

  /// Sorts the starts, keeping, at each address, the first named one (or an unnamed one).
  public mutating func finish() {
    if !isSorted {
      // Stable: equal addresses keep the order they were added in.
      starts = starts.enumerated().sorted { ($0.element.address, $0.offset) < ($1.element.address, $1.offset) }
        .map(\.element)
      isSorted = true
    }
    var kept: [(address: UInt64, name: String?)] = []
    kept.reserveCapacity(starts.count)
    for start in starts {
      if let last = kept.last, last.address == start.address {
        if last.name == nil, start.name != nil { kept[kept.count - 1] = start }
        continue
      }
      kept.append(start)
    }
    starts = kept
  }

  /// The call site for an instruction at `address`, with its enclosing function (after `finish`).
  public func site(at address: UInt64) -> CallSite {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = low + (high - low) / 2
      if starts[middle].address <= address { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return CallSite(address: address, function: nil, functionStart: nil) }
    let start = starts[low - 1]
    return CallSite(address: address, function: start.name, functionStart: start.address)
  }
}
