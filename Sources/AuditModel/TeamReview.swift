/// What a team's policy and baseline did to one target's findings. Reports show it beside the App
/// Store verdict (`AppStoreVerdict`), never in its place: it decides what is new to the team and
/// the exit status, not what App Store Connect does.
public struct TeamReview: Sendable, Hashable {
  /// A finding a current allow entry of the policy accepted and left out of the report.
  public struct Acceptance: Sendable, Hashable {
    /// The rule of the accepted finding.
    public let rule: RuleID
    /// Its category or resource, `nil` for a finding of neither.
    public let category: String?
    /// Why the team accepted it (the allow entry's `reason`).
    public let reason: String
    /// The last day the entry accepts it (`YYYY-MM-DD`), `nil` for no end.
    public let expires: String?

    /// Creates an acceptance (from a policy's allow entry, or a saved report read back).
    package init(rule: RuleID, category: String?, reason: String, expires: String?) {
      self.rule = rule
      self.category = category
      self.reason = reason
      self.expires = expires
    }
  }

  /// How many of the target's findings the baseline held, left out of the report.
  public let inBaseline: Int
  /// The findings the policy's allow entries accepted, in finding order.
  public let acceptedByPolicy: [Acceptance]
  /// How many of the target's findings a policy's `off` override left out.
  public let turnedOffByPolicy: Int

  /// A review of what was left out: nothing, unless the counts and acceptances say so (a policy
  /// and baseline fill it in as they apply; a saved report is read back whole).
  package init(inBaseline: Int = 0, acceptedByPolicy: [Acceptance] = [], turnedOffByPolicy: Int = 0) {
    self.inBaseline = inBaseline
    self.acceptedByPolicy = acceptedByPolicy
    self.turnedOffByPolicy = turnedOffByPolicy
  }

  /// Nothing was left out: no policy or baseline touched the target.
  public var isEmpty: Bool { inBaseline == 0 && acceptedByPolicy.isEmpty && turnedOffByPolicy == 0 }

  /// This review with `count` more findings left out because the baseline holds them.
  package func adding(inBaseline count: Int) -> TeamReview {
    TeamReview(
      inBaseline: inBaseline + count, acceptedByPolicy: acceptedByPolicy, turnedOffByPolicy: turnedOffByPolicy)
  }

  /// This review with what a policy left out: `accepted` by its allow entries, `turnedOff` by its overrides.
  package func adding(accepted: [Acceptance], turnedOff: Int) -> TeamReview {
    TeamReview(
      inBaseline: inBaseline, acceptedByPolicy: acceptedByPolicy + accepted,
      turnedOffByPolicy: turnedOffByPolicy + turnedOff)
  }
}
