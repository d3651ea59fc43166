import PrivacyCatalog

/// What App Store Connect will do with an upload holding a target, judged once, from the audit's
/// own findings, before a team's policy or baseline is applied: every view (text, Markdown, HTML,
/// JSON, SARIF, `diff`, `privacy-report`) shows this value and none derives its own. A policy or
/// a baseline decides what the team sees as new and the exit status; it never changes what App
/// Store Connect does, so it never changes this.
public struct AppStoreVerdict: Sendable, Hashable {
  /// The three answers; the raw values are the JSON report's `outcome` strings.
  public enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// An error predicts an App Store Connect rejection (`rejections` names them).
    case willReject = "will-reject"
    /// Nothing predicts a rejection, but part of the target could not be judged (`unknownBecause`).
    case cannotTell = "cannot-tell"
    /// Nothing predicts a rejection and everything was read.
    case willAccept = "will-accept"
  }

  /// An App Store code the target's errors predict, with the rules (and subjects) that raise it.
  public struct Rejection: Sendable, Hashable {
    /// The code of the email App Store Connect sends.
    public let code: AppStoreCode
    /// `rule` or `rule Subject` (`undeclared-api-category UserDefaults`), each once, in finding order.
    public let triggers: [String]

    /// Creates a rejection; `package`, as only the audit and the reader of saved reports make one.
    package init(code: AppStoreCode, triggers: [String]) {
      self.code = code
      self.triggers = triggers
    }
  }

  /// The answer.
  public let outcome: Outcome
  /// The codes the errors predict, in code order; empty unless the outcome is `willReject`.
  public let rejections: [Rejection]
  /// The rules whose findings leave part of the target unjudged (`RuleID.unknownVerdictReason`),
  /// each once, in rule order: why the answer is not `willAccept` when nothing is rejected.
  public let unknownBecause: [RuleID]
  /// Warnings the audit left for a reviewer, before any policy or baseline.
  public let warnings: Int

  /// The verdict of a target whose audit raised `findings`.
  package init(findings: [Finding]) {
    var triggers: [AppStoreCode: [String]] = [:]
    // Only the codes whose email rejects: a delivery warning (ITMS-90683, "Although delivery was
    // successful") is shown with its finding, never as "will reject".
    for finding in findings where finding.severity == .error {
      guard let code = finding.appStoreCode, code.emailSeverity == .error else { continue }
      let trigger = finding.rule.rawValue + (finding.subject.shortName.map { " " + $0 } ?? "")
      if !(triggers[code]?.contains(trigger) ?? false) { triggers[code, default: []].append(trigger) }
    }
    let unknown = Set(findings.map(\.rule).filter { $0.unknownVerdictReason != nil })
    self.init(
      rejections: triggers.sorted { $0.key.rawValue < $1.key.rawValue }.map {
        Rejection(code: $0.key, triggers: $0.value)
      },
      unknownBecause: RuleID.allCases.filter(unknown.contains),
      warnings: findings.filter { $0.severity == .warning }.count)
  }

  /// A verdict from its parts (a saved report read back); the outcome follows from them.
  package init(rejections: [Rejection], unknownBecause: [RuleID], warnings: Int) {
    self.rejections = rejections
    self.unknownBecause = unknownBecause
    self.warnings = warnings
    outcome = !rejections.isEmpty ? .willReject : !unknownBecause.isEmpty ? .cannotTell : .willAccept
  }
}

extension RuleID {
  /// Why a finding of this rule leaves the App Store verdict open (`cannot tell: …`): the rule
  /// says part of the target could not be read, so "nothing rejected" proves nothing there.
  /// `nil` for the rules that judge what was read.
  public var unknownVerdictReason: String? {
    switch self {
    case .unreadableBinary: "a binary could not be read"
    case .unreadablePrivacyManifest: "a privacy manifest could not be read"
    default: nil
    }
  }
}
