import AuditModel

/// Why a drafted manifest declares a category: the symbols of the binaries that need it, the
/// functions that call them, and the xcframework slices they are in. A vendor deciding which
/// reasons apply reads the code these name.
package struct DraftedCategoryEvidence: Sendable, Hashable {
  /// The symbols, as spelled in the binaries, each once, sorted.
  package var symbols: [String]
  /// The calling functions (readable names where known), the most call sites first, each once;
  /// `nil` when call sites were not looked for.
  package var callers: [String]?
  /// Call sites in all; 0 with `callers` empty means no instruction reaches the symbols.
  package var callSiteCount: Int
  /// Some symbol has more callers than its summary lists (`CallSiteSummary.callerLimit`), so
  /// `callers` is not every calling function.
  package var hasUnlistedCallers: Bool
  /// The xcframework slices the symbols are in, sorted; empty for other kinds of target.
  package var slices: [String]

  /// The evidence of the uses of one category in `report`.
  init(uses: [APIUse], report: TargetReport) {
    symbols = Set(uses.map(\.evidence.symbol)).sorted()
    slices = Set(uses.compactMap { report.slice(ofBinary: $0.evidence.binary) }).sorted()
    let summaries = uses.compactMap(\.evidence.callSites)
    callSiteCount = summaries.map(\.siteCount).reduce(0, +)
    hasUnlistedCallers = summaries.contains { $0.functionCount > $0.callers.count }
    guard !summaries.isEmpty else {
      callers = nil
      return
    }
    var sites: [String: Int] = [:]
    for caller in summaries.flatMap(\.callers) {
      sites[caller.readableName ?? caller.function, default: 0] += caller.count
    }
    callers = sites.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
  }
}
