import PrivacyCatalog

/// What one finding is about: a required-reason category, a protected resource, an Info.plist
/// key, a linked library, or the target as a whole. The report writes its name in one field
/// (`category`, for compatibility) and its kind beside it (`subjectKind`), so a reader never has
/// to guess which of the four a name is.
public enum FindingSubject: Sendable, Hashable {
  /// The target as a whole (a missing manifest, an unreadable binary, a signature).
  case target
  /// A required-reason category, as its full string (`NSPrivacyAccessedAPICategoryFileTimestamp`).
  case category(String)
  /// A protected resource of the catalog (`camera`, `location-when-in-use`).
  case resource(String)
  /// An Info.plist key (a purpose string's).
  case infoPlistKey(String)
  /// A library or framework a binary links, by file name.
  case linkedLibrary(String)

  /// The kinds, as the report's `subjectKind` names them.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case category
    case resource
    case infoPlistKey = "info-plist-key"
    case linkedLibrary = "linked-library"
  }

  /// The subject of `kind` named `name`; `.target` when either is `nil`.
  package init(kind: Kind?, name: String?) {
    guard let kind, let name else {
      self = .target
      return
    }
    switch kind {
    case .category: self = .category(name)
    case .resource: self = .resource(name)
    case .infoPlistKey: self = .infoPlistKey(name)
    case .linkedLibrary: self = .linkedLibrary(name)
    }
  }

  /// Its kind; `nil` for the target.
  public var kind: Kind? {
    switch self {
    case .target: nil
    case .category: .category
    case .resource: .resource
    case .infoPlistKey: .infoPlistKey
    case .linkedLibrary: .linkedLibrary
    }
  }

  /// Its name as the report's `category` field holds it; `nil` for the target.
  public var name: String? {
    switch self {
    case .target: nil
    case .category(let name), .resource(let name), .infoPlistKey(let name), .linkedLibrary(let name): name
    }
  }

  /// Its name as a reviewer reads it: a category by its short name (`FileTimestamp`), any other
  /// subject as named; `nil` for the target.
  public var shortName: String? {
    if case .category(let category) = self { return Catalog.shortCategoryName(category) }
    return name
  }
}

extension RuleID {
  /// The kind of subject a finding of this rule names when it names one (a policy allow entry's
  /// `category` is of this kind); `nil` for rules whose findings are about the target as a whole.
  public var subjectKind: FindingSubject.Kind? {
    switch self {
    case .missingPrivacyManifest, .undeclaredAPICategory, .invalidReasonCode, .reasonNotValidForCategory,
      .reasonNotForThisKind, .unusedAPIDeclaration, .policyDeniedCategory, .possibleDynamicUse:
      .category
    case .requiresPurposeString, .missingPurposeString, .emptyPurposeString, .policyDeniedPermission: .resource
    case .purposeStringStyle: .infoPlistKey
    case .policyDeniedLinkedLibrary: .linkedLibrary
    case .invalidPrivacyManifest, .unreadableBinary, .trackingUndeclared, .trackingWithoutAuthorization,
      .trackingDomainsMissing, .binaryHeadersInconsistent, .unsignedBinarySDK, .signatureInnerUnsigned,
      .signatureSealMismatch, .listedSDKWithoutManifest, .malformedLockFile, .listedSDKUnsigned, .policyDeniedTracking,
      .policyAllowExpired, .trackingDomainUndeclared, .signatureUnverified, .archiveEntryAmbiguous, .noBinary,
      .unreadablePrivacyManifest:
      nil
    }
  }
}
