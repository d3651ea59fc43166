import AuditModel
import ScanFiles

/// A manifest with 400,000 bad entries must not turn into 400,000 findings (a SARIF log 50 times
/// the manifest's size that no reviewer reads): each rule reports at most `perRuleAndFile`
/// findings about one file, and one more finding says how many were left out.
enum FindingLimit {
  /// Findings kept for one rule and one file (or one target's binaries, when `file` is absent).
  static let perRuleAndFile = 50

  /// `findings` (already in report order) with each rule and file's excess replaced by one
  /// finding that counts it, at the most serious severity of those left out.
  static func applied(to findings: [Finding]) -> [Finding] {
    var kept: [Finding] = []
    var seen: [Key: Int] = [:]
    var leftOut: [Key: (count: Int, severity: Severity)] = [:]
    for finding in findings {
      let key = Key(rule: finding.rule, file: finding.file)
      seen[key, default: 0] += 1
      if seen[key, default: 0] <= perRuleAndFile {
        kept.append(finding)
      } else {
        let excess = leftOut[key] ?? (0, finding.severity)
        leftOut[key] = (excess.count + 1, max(excess.severity, finding.severity))
      }
    }
    let summaries = leftOut.map { key, excess in
      Finding(
        rule: key.rule, severity: excess.severity, subject: .target,
        message:
          "\(excess.count) more \(key.rule.rawValue) findings about this file were left out: sdkvet reports at most "
          + "\(perRuleAndFile) per rule and file. Fix the ones shown and scan again.",
        file: key.file)
    }
    return (kept + summaries).sorted(by: Finding.ordered)
  }

  private struct Key: Hashable {
    var rule: RuleID
    var file: ScanPath?
  }
}
