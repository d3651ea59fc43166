public import ScanFiles

/// One rule's verdict on one target.
public struct Finding: Sendable, Hashable {
  /// The rule that fired.
  public let rule: RuleID
  /// How serious it is.
  public let severity: Severity
  /// What it is about: a category, a resource, an Info.plist key, a linked library, or the
  /// target as a whole.
  public let subject: FindingSubject
  /// One sentence saying what is wrong and what to do.
  public let message: String
  /// The file the finding is about when it is not a binary (the manifest or Info.plist).
  public let file: ScanPath?
  /// The binary evidence behind it.
  public let evidence: [Evidence]
  /// The App Store Connect email it predicts (`ITMS-91053`, …, or a delivery warning such as
  /// `ITMS-90683`), for a finding of a rule that has one at the code's `emailSeverity` or above.
  public let appStoreCode: AppStoreCode?

  /// Creates a finding; its App Store code follows from the rule (`RuleID.appStoreCode`).
  /// - Parameters:
  ///   - aspect: For manifest findings, the part of the manifest at fault.
  ///   - inResourceBundle: The manifest concerned is in a resource bundle, outside Apple's documented locations.
  ///   - severity: Its severity; the rule's default (`RuleDocumentation.defaultSeverity`) when
  ///     left out, so that a rule's usual severity is written in one place.
  package init(
    rule: RuleID, severity: Severity? = nil, subject: FindingSubject, message: String, file: ScanPath? = nil,
    evidence: [Evidence] = [],
    aspect: ManifestAspect? = nil, inResourceBundle: Bool = false
  ) {
    let severity = severity ?? RuleDocumentation.of(rule).defaultSeverity
    self.init(
      rule: rule, severity: severity, subject: subject, message: message, file: file, evidence: evidence,
      appStoreCode: rule.appStoreCode(aspect: aspect, inResourceBundle: inResourceBundle).flatMap {
        severity >= $0.emailSeverity ? $0 : nil
      })
  }

  /// The same finding at the severity a team's policy gives its rule. The App Store code stays:
  /// a policy decides what the team gates on, not what App Store Connect mails.
  package func overridden(to severity: Severity) -> Finding {
    Finding(
      rule: rule, severity: severity, subject: subject, message: message, file: file, evidence: evidence,
      appStoreCode: appStoreCode)
  }

  /// The same finding with each piece of its evidence passed through `transform`.
  package func mappingEvidence(_ transform: (Evidence) -> Evidence) -> Finding {
    Finding(
      rule: rule, severity: severity, subject: subject, message: message, file: file, evidence: evidence.map(transform),
      appStoreCode: appStoreCode)
  }

  /// Creates a finding with the App Store code given, not derived: a saved report's, whose code
  /// can depend on what the report does not hold (the part of the manifest at fault).
  package init(
    rule: RuleID, severity: Severity, subject: FindingSubject, message: String, file: ScanPath?,
    evidence: [Evidence], appStoreCode: AppStoreCode?
  ) {
    self.rule = rule
    self.severity = severity
    self.subject = subject
    self.message = message
    self.file = file
    self.evidence = evidence
    self.appStoreCode = appStoreCode
  }
}

extension Finding {
  /// The name of its subject, as the report's `category` field holds it (`subject.name`); `nil`
  /// for a finding about the target as a whole.
  public var category: String? { subject.name }
}
