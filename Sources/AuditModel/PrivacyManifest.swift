/// What a `PrivacyInfo.xcprivacy` declares, as far as it could be read.
///
/// Parsing keeps every well-typed part even when other parts are broken, so that one wrong
/// value does not hide the declarations next to it; what was wrong is in `issues`.
public struct PrivacyManifest: Sendable, Hashable {
  /// One `NSPrivacyAccessedAPITypes` entry whose category is a string and whose reasons are strings.
  package struct AccessedAPIType: Sendable, Hashable {
    /// `NSPrivacyAccessedAPIType`, exactly as written.
    package let category: String
    /// `NSPrivacyAccessedAPITypeReasons`, exactly as written (empty when missing or mistyped).
    package let reasons: [String]

    /// Creates an entry.
    package init(category: String, reasons: [String]) {
      self.category = category
      self.reasons = reasons
    }
  }

  /// One `NSPrivacyCollectedDataTypes` entry whose type is a non-empty string: what the bundle
  /// says it collects, kept for `sdkvet privacy-report` (App Store Connect's "App Privacy").
  public struct CollectedDataType: Sendable, Hashable {
    /// `NSPrivacyCollectedDataType`, exactly as written.
    public let type: String
    /// `NSPrivacyCollectedDataTypeLinked`; false when absent or not a Boolean.
    public let linked: Bool
    /// `NSPrivacyCollectedDataTypeTracking`; false when absent or not a Boolean.
    public let tracking: Bool
    /// `NSPrivacyCollectedDataTypePurposes`, its string entries as written.
    public let purposes: [String]

    /// Creates an entry.
    package init(type: String, linked: Bool, tracking: Bool, purposes: [String]) {
      self.type = type
      self.linked = linked
      self.tracking = tracking
      self.purposes = purposes
    }
  }

  /// `NSPrivacyTracking`; `nil` when absent or not a Boolean.
  public let tracking: Bool?
  /// `NSPrivacyTrackingDomains` (its string entries); empty when absent.
  public let trackingDomains: [String]
  /// `NSPrivacyAccessedAPITypes` entries with a string category.
  package let accessedAPITypes: [AccessedAPIType]
  /// `NSPrivacyCollectedDataTypes` entries with a non-empty string type, in file order.
  public let collectedDataTypes: [CollectedDataType]
  /// What breaks Apple's validity rules (TN3181, TN3183, TN3184).
  package let issues: [ManifestIssue]

  /// Creates a manifest.
  package init(
    tracking: Bool? = nil, trackingDomains: [String] = [], accessedAPITypes: [AccessedAPIType] = [],
    collectedDataTypes: [CollectedDataType] = [], issues: [ManifestIssue] = []
  ) {
    self.tracking = tracking
    self.trackingDomains = trackingDomains
    self.accessedAPITypes = accessedAPITypes
    self.collectedDataTypes = collectedDataTypes
    self.issues = issues
  }
}

/// One way a manifest breaks the rules, found while parsing it.
package struct ManifestIssue: Sendable, Hashable {
  /// `error`, or `warning` for an empty `NSPrivacyAccessedAPITypes` array (App Store Connect has
  /// accepted it; see the evidence table in Docs/RULES.md).
  package let severity: Severity
  /// What is wrong and how to fix it, in one sentence.
  package let message: String
  /// The part of the manifest at fault, which decides the App Store code.
  package let aspect: ManifestAspect

  /// Creates an issue.
  package init(severity: Severity = .error, message: String, aspect: ManifestAspect = .structure) {
    self.severity = severity
    self.message = message
    self.aspect = aspect
  }
}
