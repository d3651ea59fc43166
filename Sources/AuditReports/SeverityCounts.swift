import AuditModel
import PackageProvenance
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
  /// The report's closing line: `3 targets, 2 errors, 1 warning, 0 notes`; when dependency
  /// managers put some of the targets there, how many each: `3 targets (2 from CocoaPods), …`;
  /// when paths could not be used, how many: `…, 0 notes, 2 paths not read`.
  var summaryLine: String {
    let counts = SeverityCounts(allFindings)
    let managed = packageCounts.filter { $0.count > 0 }.map { "\($0.count) from \($0.manager.displayName)" }
    let packages = managed.isEmpty ? "" : " (" + managed.joined(separator: ", ") + ")"
    return [
      counted(targets.count, "target") + packages, counted(counts.errors, "error"),
      counted(counts.warnings, "warning"), counted(counts.notes, "note"),
    ].joined(separator: ", ") + (problems.isEmpty ? "" : ", " + counted(problems.count, "path") + " not read")
  }

  /// The heading of the list of `problems` in the text, Markdown and HTML reports.
  var problemsHeading: String {
    "Not read: \(counted(problems.count, "path")) whose contents were not audited, so this report cannot say they are clean"
  }
}
