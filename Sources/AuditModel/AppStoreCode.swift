/// An App Store Connect code (`ITMS-9xxxx`, from Apple's rejection emails) that a finding predicts.
///
/// The raw value is the code as Apple's emails spell it. Which rule predicts which code is
/// each rule's `RuleDocumentation.appStoreCode`, refined by where in a manifest the problem is
/// (`RuleID.appStoreCode(aspect:inResourceBundle:)`).
public enum AppStoreCode: String, Sendable, Hashable, CaseIterable {
  /// Missing API declaration: a binary uses a required-reason category its bundle's manifest does not declare.
  case missingAPIDeclaration = "ITMS-91053"
  /// Invalid API category declaration: `NSPrivacyAccessedAPIType` is not one of Apple's categories.
  case invalidAPICategory = "ITMS-91054"
  /// Invalid API reason declaration: a reason code that does not exist or belongs to another category.
  case invalidAPIReason = "ITMS-91055"
  /// Invalid privacy manifest, at a documented location.
  case invalidManifest = "ITMS-91056"
  /// Missing privacy manifest: a commonly used SDK (or an SDK that includes one) has none.
  case missingManifest = "ITMS-91061"
  /// Invalid tracking information (`NSPrivacyTracking` against `NSPrivacyTrackingDomains`), at a documented location.
  case invalidTracking = "ITMS-91064"
  /// Missing signature: a commonly used SDK is a binary dependency without a certificate signature.
  case missingSignature = "ITMS-91065"
  /// Invalid API reason declaration in a manifest outside the documented locations (a resource
  /// bundle): seen for `C617.1` under UserDefaults in `ExponeaSDK.bundle` (Docs/RULES.md, T6).
  case invalidAPIReasonOutsideDocumentedLocation = "ITMS-91106"
  /// Invalid tracking information in a manifest outside the documented locations (a resource bundle).
  case invalidTrackingOutsideDocumentedLocation = "ITMS-91107"
  /// Invalid privacy manifest outside the documented locations (a resource bundle).
  case invalidManifestOutsideDocumentedLocation = "ITMS-91108"
  /// Missing purpose string in Info.plist: the app's code (or an SDK linked into it) references
  /// an API behind a permission and its Info.plist lacks the key. A delivery warning.
  case missingPurposeString = "ITMS-90683"
  /// Invalid purpose string value: the key is there with an empty value. A delivery warning.
  case invalidPurposeString = "ITMS-90738"

  /// The email's title.
  public var title: String {
    switch self {
    case .missingAPIDeclaration: "Missing API declaration"
    case .invalidAPICategory: "Invalid API category declaration"
    case .invalidAPIReason, .invalidAPIReasonOutsideDocumentedLocation: "Invalid API reason declaration"
    case .invalidManifest, .invalidManifestOutsideDocumentedLocation: "Invalid privacy manifest"
    case .missingManifest: "Missing privacy manifest"
    case .missingSignature: "Missing signature"
    case .invalidTracking, .invalidTrackingOutsideDocumentedLocation: "Invalid tracking information"
    case .missingPurposeString: "Missing purpose string in Info.plist"
    case .invalidPurposeString: "Invalid purpose string value"
    }
  }

  /// The severity App Store Connect gives the email: `error` for a rejected upload, `warning`
  /// for a delivery that succeeds with the email ("Although delivery was successful, you may
  /// want to correct the following issues": ITMS-90683, ITMS-90738). A finding carries the code
  /// only at this severity or above, so a finding a policy lowers below it predicts no email.
  public var emailSeverity: Severity {
    switch self {
    case .missingPurposeString, .invalidPurposeString: .warning
    default: .error
    }
  }
}

/// Which part of a manifest a manifest finding is about, where the App Store code depends on it.
package enum ManifestAspect: String, Sendable, Hashable {
  /// The file's structure, keys, types and values in general.
  case structure
  /// An `NSPrivacyAccessedAPIType` value.
  case category
  /// A reason code.
  case reason
  /// `NSPrivacyTracking` against `NSPrivacyTrackingDomains`.
  case tracking
}

extension RuleID {
  /// The App Store Connect code an error of this rule predicts (the rule's own, from its
  /// `RuleDocumentation`, refined by where the problem is); `nil` when App Store Connect has no
  /// code for it. Findings carry it only at the code's `emailSeverity` or above (`Finding.appStoreCode`).
  ///
  /// - Parameters:
  ///   - aspect: For `invalid-privacy-manifest`, the part of the manifest at fault (a category
  ///     is ITMS-91054, the tracking flag against the domains ITMS-91064, anything else ITMS-91056).
  ///   - inResourceBundle: The manifest is outside Apple's documented locations (in a resource
  ///     bundle): tracking problems are ITMS-91107, reason problems ITMS-91106, and every other
  ///     manifest problem ITMS-91108 (a category too: no separate code has been seen for it).
  package func appStoreCode(aspect: ManifestAspect? = nil, inResourceBundle: Bool = false) -> AppStoreCode? {
    var code = RuleDocumentation.of(self).appStoreCode
    if code == .invalidManifest {
      code = aspect == .category ? .invalidAPICategory : aspect == .tracking ? .invalidTracking : .invalidManifest
    }
    guard inResourceBundle, let code else { return code }
    switch code {
    case .invalidTracking: return .invalidTrackingOutsideDocumentedLocation
    case .invalidAPIReason: return .invalidAPIReasonOutsideDocumentedLocation
    case .invalidAPICategory, .invalidManifest: return .invalidManifestOutsideDocumentedLocation
    default: return code
    }
  }
}
