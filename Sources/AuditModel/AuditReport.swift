public import TargetDiscovery

/// The result of `sdkvet scan`: every target found, in path order.
public struct AuditReport: Sendable, Hashable {
  /// The targets, sorted by path.
  public let targets: [TargetReport]
  /// The archives the targets were read from, sorted by path, with their SHA-256.
  public let archives: [DiscoveredArchive]
  /// The policy file applied to the findings, `nil` when none was: a report says which rules a
  /// policy turned off, so a reader can tell a clean report from a silenced one.
  public let policy: AppliedPolicy?
  /// Every path discovery could not use, and why: a path the user gave that does not exist or
  /// holds no target, and every path inside the scan that was refused or could not be read (an
  /// archive entry placed where an extractor would not, a folder named like an archive's inside,
  /// a link leaving the scanned path, a folder that cannot be listed). What such a path holds was
  /// not audited, so a report with problems cannot say the scan is clean: every format lists
  /// them, and SARIF states the run as a failed invocation.
  public let problems: [DiscoveryProblem]
  /// The paths the user gave that do not exist or hold no target: the run did not scan what it
  /// was asked to, and fails whatever `--fail-on` says.
  public var unusableInputs: [DiscoveryProblem] { problems.filter(\.isUnusableInput) }
  /// The baseline whose findings were left out, `nil` when none was applied: a report for a pull
  /// request then shows only what is new, and says how much the baseline holds.
  public let baseline: AppliedBaseline?

  /// Creates a report.
  package init(
    targets: [TargetReport], archives: [DiscoveredArchive] = [], policy: AppliedPolicy? = nil,
    problems: [DiscoveryProblem] = [], baseline: AppliedBaseline? = nil
  ) {
    self.targets = targets
    self.archives = archives
    self.policy = policy
    self.problems = problems
    self.baseline = baseline
  }

  /// The same report with what is given in place of its own (what is left out is kept): what
  /// discovery, a policy and a baseline add to the audit's targets.
  package func replacing(
    targets: [TargetReport]? = nil, archives: [DiscoveredArchive]? = nil, policy: AppliedPolicy? = nil,
    problems: [DiscoveryProblem]? = nil, baseline: AppliedBaseline? = nil
  ) -> AuditReport {
    AuditReport(
      targets: targets ?? self.targets, archives: archives ?? self.archives, policy: policy ?? self.policy,
      problems: problems ?? self.problems, baseline: baseline ?? self.baseline)
  }

  /// The same report with each piece of evidence of every target passed through `transform`
  /// (`TargetReport.mappingEvidence`).
  package func mappingEvidence(_ transform: (Evidence) -> Evidence) -> AuditReport {
    replacing(targets: targets.map { $0.mappingEvidence(transform) })
  }

  /// Every finding of every target.
  public var allFindings: [Finding] { targets.flatMap(\.findings) }

  /// The number of findings of each severity.
  public func count(of severity: Severity) -> Int { allFindings.filter { $0.severity == severity }.count }
}

/// The baseline a report's findings were filtered by: where it was, and how many findings of the
/// scan it left out.
public struct AppliedBaseline: Sendable, Hashable {
  /// The path it was read from, as given.
  public let path: String
  /// The findings of the scan it held, left out of the report.
  public let leftOut: Int

  /// Creates a record of an applied baseline.
  package init(path: String, leftOut: Int) {
    self.path = path
    self.leftOut = leftOut
  }
}

/// The policy file a report's findings were filtered by: where it was and what it held.
public struct AppliedPolicy: Sendable, Hashable {
  /// The path it was read from, as given (or `.sdkvet.json`).
  public let path: String
  /// The SHA-256 of its bytes, lowercase hex.
  public let sha256: String

  /// Creates a record of an applied policy.
  package init(path: String, sha256: String) {
    self.path = path
    self.sha256 = sha256
  }
}
