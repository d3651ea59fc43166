import AuditModel
import PrivacyCatalog
import ScanFiles

extension Evidence {
  /// The evidence a catalog match in one image of one binary gives.
  init(match: CatalogMatch, binary: ScanPath, image: ScannedImage) {
    self.init(
      symbol: match.symbol, via: match.via, binary: binary, architecture: image.architecture,
      member: image.member,
      library: match.library, callSites: image.callSites(of: match))
  }

  /// Orders evidence by binary, architecture, member, symbol, via and library, for stable output.
  static func ordered(_ lhs: Evidence, _ rhs: Evidence) -> Bool {
    if lhs.binary != rhs.binary { return lhs.binary < rhs.binary }
    if lhs.architecture != rhs.architecture { return (lhs.architecture ?? "") < (rhs.architecture ?? "") }
    if lhs.member != rhs.member { return (lhs.member ?? "") < (rhs.member ?? "") }
    if lhs.symbol != rhs.symbol { return lhs.symbol < rhs.symbol }
    if lhs.via != rhs.via { return lhs.via.rawValue < rhs.via.rawValue }
    return (lhs.library ?? "") < (rhs.library ?? "")
  }
}

extension Array where Element == Evidence {
  /// The evidence sorted, each item once.
  var normalized: [Evidence] { Array(Set(self)).sorted(by: Evidence.ordered) }
}

extension Finding {
  /// Orders findings by severity (highest first), rule, category, file and message.
  static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
    return (lhs.rule.rawValue, lhs.category ?? "", lhs.file ?? "", lhs.message)
      < (rhs.rule.rawValue, rhs.category ?? "", rhs.file ?? "", rhs.message)
  }
}
