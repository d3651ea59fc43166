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
    public package(set) var function: String
    /// Its first site's address.
    public package(set) var address: UInt64
    /// How many sites it holds.
    public package(set) var count: Int
    /// The function's readable name when it is a mangled Swift name (filled in by
    /// `ScanPipeline`, whose module has the demangler); `nil` otherwise.
    public package(set) var readableName: String?

    /// Creates a caller.
    package init(function: String, address: UInt64, count: Int) {
      self.function = function
      self.address = address
      self.count = count
    }
  }

  /// How many callers a summary lists; the totals count the rest.
  package static let callerLimit = 5

  /// The callers, the most sites first (then by address), at most `callerLimit`.
  public package(set) var callers: [Caller]
  /// Sites in all.
  public package(set) var siteCount: Int
  /// Calling functions in all.
  public package(set) var functionCount: Int

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

extension AuditReport {
  /// Calls `body` on every caller of every piece of evidence in the report (findings, API uses,
  /// permissions), so the scan can fill in `readableName`.
  public mutating func updateCallers(_ body: (inout CallSiteSummary.Caller) -> Void) {
    func update(_ evidence: inout Evidence) {
      guard var summary = evidence.callSites else { return }
      for index in summary.callers.indices { body(&summary.callers[index]) }
      evidence.callSites = summary
    }
    for target in targets.indices {
      for finding in targets[target].findings.indices {
        for item in targets[target].findings[finding].evidence.indices {
          update(&targets[target].findings[finding].evidence[item])
        }
      }
      for use in targets[target].apiUses.indices { update(&targets[target].apiUses[use].evidence) }
      for permission in targets[target].permissions.indices {
        for item in targets[target].permissions[permission].evidence.indices {
          update(&targets[target].permissions[permission].evidence[item])
        }
      }
    }
  }
}
