import AuditModel
import AuditReports
package import PrivacyAudit

/// What applying a policy did besides changing findings, for the lines sdkvet prints about it.
public struct PolicyEffect: Sendable, Hashable {
  /// How many findings allow entries and `off` overrides left out.
  public let silenced: Int
  /// The indices (in `Policy.allow`) of entries that left out nothing: a target or rule mistyped,
  /// or a finding fixed since.
  public let unusedAllowEntries: [Int]
  /// The deny entries' targets and libraries that match nothing scanned (`Policy.Outcome`).
  package var unmatchedDenyValues: [Policy.UnmatchedValue] = []
}

extension ScanPipeline {
  /// The audit's report as sdkvet writes it: callers named readably (when
  /// `namesCallersReadably`), then `policy` applied, then `baseline`'s findings left out.
  /// - Returns: The finished report, the report before the baseline was applied, and what the
  ///   policy did (`nil` without one).
  func finished(_ audited: AuditReport) -> (
    report: AuditReport, beforeBaseline: AuditReport, policyEffect: PolicyEffect?
  ) {
    var report = namesCallersReadably ? audited.namingCallersReadably() : audited
    var effect: PolicyEffect?
    if let policy {
      let outcome = policy.policy.applied(to: report, today: policy.today)
      report = outcome.report.replacing(policy: policy.record)
      effect = PolicyEffect(
        silenced: outcome.silenced, unusedAllowEntries: outcome.unusedAllowEntries,
        unmatchedDenyValues: outcome.unmatchedDenyValues)
    }
    let beforeBaseline = report
    if let baseline {
      let filtered = baseline.baseline.filtering(report, workingFolder: baseline.workingFolder)
      report = filtered.report.replacing(baseline: AppliedBaseline(path: baseline.path, leftOut: filtered.matched))
    }
    return (report, beforeBaseline, effect)
  }
}
