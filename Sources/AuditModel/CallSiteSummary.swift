package import BinaryImage

/// Who reaches one piece of evidence: the functions holding its call sites, the most frequent
/// first and at most `callerLimit` of them, with the totals. No site at all is `notCalled`: the
/// import still counts as a use (it may be called through a table, or a selector built at run
/// time), but a reviewer sees that no instruction in the code reaches it directly.
public struct CallSiteSummary: Sendable, Hashable {
  /// One calling function.
  public struct Caller: Sendable, Hashable {
    /// The function as the symbol table names it, or `sub_<start>` for an unnamed one, or
    /// `?` when the image lists no function there.
    public let function: String
    /// Its first site's address.
    public let address: UInt64
    /// How many sites it holds.
    public let count: Int
    /// The function's readable name when it is a mangled Swift name (filled in by
    /// `ScanPipeline`, whose module has the demangler); `nil` otherwise.
    public let readableName: String?

    /// Creates a caller.
    package init(function: String, address: UInt64, count: Int, readableName: String? = nil) {
      self.function = function
      self.address = address
      self.count = count
      self.readableName = readableName
    }
  }

  /// How many callers a summary lists; the totals count the rest.
  package static let callerLimit = 5

  /// The callers, the most sites first (then by address), at most `callerLimit`.
  public let callers: [Caller]
  /// Sites in all.
  public let siteCount: Int
  /// Calling functions in all.
  public let functionCount: Int

  /// Whether nothing in the code reaches the evidence.
  public var isNotCalled: Bool { siteCount == 0 }

  /// Creates a summary.
  package init(callers: [Caller], siteCount: Int, functionCount: Int) {
    self.callers = callers
    self.siteCount = siteCount
    self.functionCount = functionCount
  }

  /// Groups `sites` by their function, listing at most `limit` callers.
  package init(sites: [CallSite], limit: Int = callerLimit) {
    var byFunction: [String: Caller] = [:]
    for site in sites {
      let name = site.function ?? site.functionStart.map { "sub_" + String($0, radix: 16) } ?? "?"
      if let known = byFunction[name] {
        byFunction[name] = Caller(function: name, address: min(known.address, site.address), count: known.count + 1)
      } else {
        byFunction[name] = Caller(function: name, address: site.address, count: 1)
      }
    }
    let ordered = byFunction.values.sorted { ($1.count, $0.address, $0.function) < ($0.count, $1.address, $1.function) }
    self.init(callers: Array(ordered.prefix(limit)), siteCount: sites.count, functionCount: ordered.count)
  }

  /// One sentence for text and Markdown reports: "called from `f` (2 sites), `g` and 3 other
  /// functions", or why none was found. `quote` wraps a function name as the format shows code.
  package func sentence(quote: (String) -> String) -> String {
    guard !isNotCalled else {
      return "not called: no instruction reaches it (it may still be called through a table or a computed selector)"
    }
    var parts = callers.map { caller in
      quote(caller.readableName ?? caller.function) + (caller.count > 1 ? " (\(caller.count) sites)" : "")
    }
    let others = functionCount - callers.count
    if others > 0 { parts.append("\(others) other function\(others == 1 ? "" : "s")") }
    let list =
      parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "") : parts.first ?? ""
    return "called from " + list
  }
}

extension CallSiteSummary {
  /// The same summary with each caller's readable name `readable(function)` (a demangler's).
  package func namingCallers(_ readable: (String) -> String?) -> CallSiteSummary {
    CallSiteSummary(
      callers: callers.map {
        Caller(function: $0.function, address: $0.address, count: $0.count, readableName: readable($0.function))
      },
      siteCount: siteCount, functionCount: functionCount)
  }
}
