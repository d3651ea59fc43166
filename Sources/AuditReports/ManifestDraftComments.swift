import AuditModel
import PrivacyAudit
import PrivacyCatalog

/// The comments a drafted manifest carries for the vendor to act on: why each category is there,
/// which xcframework slices need a copy, and the hosts that may be tracking domains. Lists are
/// cut at `listLimit` items with "and N more"; the JSON report has every item.
enum ManifestDraftComments {
  /// The most items a comment lists.
  static let listLimit = 8

  /// "Needed by …" and, when call sites were looked for, "Called from …", for one category.
  static func evidence(_ evidence: DraftedCategoryEvidence) -> [String] {
    let slices =
      evidence.slices.isEmpty
      ? "" : " (in slice\(evidence.slices.count == 1 ? "" : "s") \(evidence.slices.joined(separator: ", ")))"
    var lines = ["Needed by \(bounded(evidence.symbols))\(slices)."]
    guard let callers = evidence.callers else { return lines }
    if evidence.callSiteCount == 0 {
      lines.append(
        "Called from: no instruction reaches these symbols directly (they may be called through a table or a computed selector)."
      )
    } else {
      let unlisted = evidence.hasUnlistedCallers ? ", and functions the scan does not list" : ""
      let sites = "\(evidence.callSiteCount) call site\(evidence.callSiteCount == 1 ? "" : "s")"
      lines.append("Called from \(bounded(callers))\(unlisted) (\(sites)).")
    }
    return lines
  }

  /// Which slices of an xcframework need a copy of the manifest; nothing for other targets.
  static func slices(_ draft: ManifestDraft) -> [String] {
    var needing: [String] = []
    var unknown: [String] = []
    var withoutUse: [String] = []
    for (slice, use) in draft.sliceUse.sorted(by: { $0.key < $1.key }) {
      switch use {
      case .uses(let categories):
        needing.append("\(slice) (\(categories.map(Catalog.shortCategoryName).joined(separator: ", ")))")
      case .unknown: unknown.append("\(slice) (its binary could not be read, so what it uses is unknown)")
      case .usesNone: withoutUse.append(slice)
      }
    }
    guard !needing.isEmpty || !unknown.isEmpty else { return [] }
    var text =
      "Copy this manifest into each slice whose binary uses a required-reason API or could not be read: "
      + "\((needing + unknown).joined(separator: "; ")). "
      + "Put it in the slice's framework folder (Resources/ in a macOS framework), or beside a static library."
    if !withoutUse.isEmpty {
      let plural = withoutUse.count > 1
      text +=
        " No copy is needed in \(withoutUse.joined(separator: ", ")): \(plural ? "their binaries were" : "its binary was") read and \(plural ? "use" : "uses") none."
    }
    return [text]
  }

  /// The binaries of a target that is no xcframework which could not be read: the categories
  /// above may not be all it needs.
  static func binariesNotRead(_ draft: ManifestDraft) -> [String] {
    guard !draft.binariesNotRead.isEmpty else { return [] }
    let plural = draft.binariesNotRead.count > 1
    return [
      "\(plural ? "These binaries" : "This binary") could not be read, so what \(plural ? "they use" : "it uses") is "
        + "unknown and this draft may lack \(plural ? "their" : "its") categories: "
        + "\(bounded(draft.binariesNotRead.map(\.description)))."
    ]
  }

  /// The header of the proposed tracking domains.
  static func proposedDomainsHeader(tracks: Bool) -> String {
    let action =
      tracks
      ? "uncomment each one" : "if this code tracks, set NSPrivacyTracking to true and uncomment each one"
    return "Hosts the binaries name: \(action) this code contacts for tracking (a parent domain covers its subdomains)."
  }

  /// One proposed domain, as the commented-out entry to uncomment.
  static func proposedDomain(_ proposal: ProposedTrackingDomain) -> String {
    let note = proposal.knownTracker.map { " on sdkvet's list of tracking domains (\($0.domain), \($0.owner))" } ?? ""
    return "<string>\(ManifestDraftWriter.escaped(proposal.host))</string>\(note)"
  }

  /// `items` joined, at most `listLimit` of them, then "and N more".
  static func bounded(_ items: [String]) -> String {
    let shown = items.prefix(listLimit).joined(separator: ", ")
    return items.count > listLimit ? "\(shown) and \(items.count - listLimit) more" : shown
  }
}
