public import ScanFiles

/// One rule's verdict on one target.
public struct Finding: Sendable, Hashable {
  /// The rule that fired.
  public package(set) var rule: RuleID
  /// How serious it is.
  public package(set) var severity: Severity
  /// What it is about: a category, a resource, an Info.plist key, a linked library, or the
  /// target as a whole.
  public package(set) var subject: FindingSubject
  /// One sentence saying what is wrong and what to do.
  public package(set) var message: String
  /// The file the finding is about when it is not a binary (the manifest or Info.plist).
  public package(set) var file: ScanPath?
  /// The binary evidence behind it.
  public package(set) var evidence: [Evidence]
  /// The App Store Connect email it predicts (`ITMS-91053`, …, or a delivery warning such as
  /// `ITMS-90683`), for a finding of a rule that has one at the code's `emailSeverity` or above.
  public package(set) var appStoreCode: AppStoreCode?

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
    self.rule = rule
    self.severity = severity
    self.subject = subject
    self.message = message
    self.file = file
    self.evidence = evidence
    appStoreCode = rule.appStoreCode(aspect: aspect, inResourceBundle: inResourceBundle).flatMap {
      severity >= $0.emailSeverity ? $0 : nil
    }
  }
}

extension Finding {
  /// The name of its subject, as the report's `category` field holds it (`subject.name`); `nil`
  /// for a finding about the target as a whole.
  public var category: String? { subject.name }
}
