import PrivacyAudit

/// How many findings of each severity a target or a whole report has; every format prints these.
struct SeverityCounts: Sendable, Hashable {
  /// Findings of severity `error`.
  var errors = 0
  /// Findings of severity `warning`.
  var warnings = 0
  /// Findings of severity `note`.
  var notes = 0

  /// Counts `findings` by severity.
  init(_ findings: some Sequence<Finding>) {
    for finding in findings {
      switch finding.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .note: notes += 1
      }
    }
  }

  /// All findings counted.
  var total: Int { errors + warnings + notes }
}

/// `1 target`, `2 targets`: a count with its noun in the right number.
func counted(_ count: Int, _ singular: String) -> String {
  "\(count) \(singular)\(count == 1 ? "" : "s")"
}

extension AuditReport {
  /// The report's closing line: `3 targets, 2 errors, 1 warning, 0 notes`.
  var summaryLine: String {
    let counts = SeverityCounts(allFindings)
    return [
      counted(targets.count, "target"), counted(counts.errors, "error"), counted(counts.warnings, "warning"),
      counted(counts.notes, "note"),
    ].joined(separator: ", ")
  }
}
