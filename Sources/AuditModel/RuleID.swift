/// The stable identifiers of the audit rules: a contract for JSON, SARIF and CI filters.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Codable {
  /// A Mach-O target uses a required-reason category and has no privacy manifest.
  case missingPrivacyManifest = "missing-privacy-manifest"
  /// A category used by the binary is not declared in the manifest.
  case undeclaredAPICategory = "undeclared-api-category"
  /// A declared reason code does not exist.
  case invalidReasonCode = "invalid-reason-code"
  /// A real reason code declared under a category it does not belong to (ITMS-91055).
  case reasonNotValidForCategory = "reason-not-valid-for-category"
  /// An SDK-only code in an app, or an app-kind-restricted code in an SDK.
  case reasonNotForThisKind = "reason-not-for-this-kind"
  /// A declared category with no evidence in any binary of the target.
  case unusedAPIDeclaration = "unused-api-declaration"
  /// The manifest does not parse or breaks Apple's validity rules.
  case invalidPrivacyManifest = "invalid-privacy-manifest"
  /// A file that presents itself as a binary could not be read.
  case unreadableBinary = "unreadable-binary"
  /// An SDK can trigger a permission prompt; the host app must carry the purpose string.
  case requiresPurposeString = "requires-purpose-string"
  /// An app reaches a protected resource and lacks its Info.plist purpose string (ITMS-90683).
  case missingPurposeString = "missing-purpose-string"
  /// A purpose string breaks Apple's writing guidance.
  case purposeStringStyle = "purpose-string-style"
  /// Tracking evidence while the manifest says the target does not track.
  case trackingUndeclared = "tracking-undeclared"
  /// The advertising identifier is read without App Tracking Transparency, or ATT without its key.
  case trackingWithoutAuthorization = "tracking-without-authorization"
  /// `NSPrivacyTracking` is true with no tracking domains.
  case trackingDomainsMissing = "tracking-domains-missing"
  /// A binary's section headers disagree with the dynamic segment the loader reads.
  case binaryHeadersInconsistent = "binary-headers-inconsistent"
  /// An xcframework has no signature, or only an ad-hoc one: nothing says who built it.
  case unsignedBinarySDK = "unsigned-binary-sdk"
  /// An xcframework is signed with a certificate but a framework inside it is not.
  case signatureInnerUnsigned = "signature-inner-unsigned"
  /// An xcframework's `CodeResources` does not match its files: a sealed file is missing or a file is not sealed.
  case signatureSealMismatch = "signature-seal-mismatch"
  /// A commonly used SDK on Apple's list, or a target that includes one, has no privacy manifest (ITMS-91061).
  case listedSDKWithoutManifest = "listed-sdk-without-manifest"
  /// A dependency manager's lock or state file cannot be read in full, so package names and versions may be missing.
  case malformedLockFile = "malformed-lock-file"
  /// A commonly used SDK on Apple's list ships unsigned: its xcframework has no certificate
  /// signature, or the app's signature receipt for it says not signed (ITMS-91065).
  case listedSDKUnsigned = "listed-sdk-unsigned"
  /// A target uses a required-reason category the policy denies.
  case policyDeniedCategory = "policy-denied-category"
  /// A target can ask for a protected resource the policy denies.
  case policyDeniedPermission = "policy-denied-permission"
  /// A target tracks and the policy denies tracking.
  case policyDeniedTracking = "policy-denied-tracking"
  /// An allow entry of the policy has expired; its findings are reported again.
  case policyAllowExpired = "policy-allow-expired"
  /// A binary imports a dynamic-lookup function and holds an API's name as a string.
  case possibleDynamicUse = "possible-dynamic-use"
  /// A target that declares tracking names a known tracking host its tracking domains do not cover.
  case trackingDomainUndeclared = "tracking-domain-undeclared"
  /// A target links against a library or framework the policy denies.
  case policyDeniedLinkedLibrary = "policy-denied-linked-library"
  /// A signature's CMS names no certificate tied to its code directory, or the certificate's
  /// team differs from the one the code directory claims: nobody can be named as the signer.
  case signatureUnverified = "signature-unverified"
  /// The archive a target was read from stores one of its names twice (or under names
  /// extractors fold into one): every copy was audited, but which one an extractor installs is
  /// not certain.
  case archiveEntryAmbiguous = "archive-entry-ambiguous"
  /// A framework or xcframework holds no binary: nothing in it can be audited, and nothing in
  /// it is an SDK App Store Connect would see.
  case noBinary = "no-binary"
  /// An app reaches a protected resource and its purpose string is empty (ITMS-90738).
  case emptyPurposeString = "empty-purpose-string"
  /// A privacy manifest is there but could not be read (an I/O error, a limit of sdkvet's): what it
  /// declares is not known, so the declarations it covers are not judged.
  case unreadablePrivacyManifest = "unreadable-privacy-manifest"
}
