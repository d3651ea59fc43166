public import BinaryImage
public import PackageProvenance
public import PropertyLists
public import ScanFiles
public import TargetDiscovery

/// What the audit found for one target (an app, framework, xcframework, bundle, library or binary).
public struct TargetReport: Sendable, Hashable {
  /// The path of the bundle or file as found under the scanned root.
  public let path: ScanPath
  /// What kind of target it is (`app`, `framework`, `static-library`, … in the report).
  public let kind: TargetKind
  /// The app this target is embedded in, when it is one of an app's frameworks or extensions.
  public let embeddedIn: ScanPath?
  /// Its binaries.
  public let binaries: [BinarySummary]
  /// The manifest used for the checks, `nil` when none was found.
  public let privacyManifest: ScanPath?
  /// Categories the binaries use, full strings, sorted.
  public let usedCategories: [String]
  /// Categories the manifest declares, full strings, sorted.
  public let declaredCategories: [String]
  /// Every use of a required-reason API, sorted by category, api, binary, architecture, member, symbol.
  public let apiUses: [APIUse]
  /// Protected resources the target can ask for (for an app: including its embedded SDKs).
  public let permissions: [PermissionUse]
  /// Tracking behaviour.
  public let tracking: TrackingProfile
  /// The rules' verdicts, sorted by severity (highest first), rule, category, message; a policy
  /// or baseline may have left some out (`teamReview`).
  public let findings: [Finding]
  /// What App Store Connect will do with it, judged from the audit's findings before any policy
  /// or baseline (from `findings` when the report is made, again when the audit finishes it): the
  /// one verdict every view shows.
  public let appStoreVerdict: AppStoreVerdict
  /// Whether every privacy manifest of the target was read: when one was not, what the target
  /// declares (`declaredCategories`, `tracking`, the collected data) is known only in part, and
  /// the verdict is open (`RuleID.unreadablePrivacyManifest`, kept whatever a policy does).
  public var readEveryManifest: Bool { !appStoreVerdict.unknownBecause.contains(.unreadablePrivacyManifest) }
  /// What a team's policy and baseline left out of `findings`.
  public let teamReview: TeamReview
  /// The `.ipa` signature receipts for the xcframework the target was built from.
  public let signatureReceipts: [SignatureReceipt]
  /// An xcframework's detached signature and seal (`nil` for other kinds).
  public let signature: BundleSignature?
  /// Commonly used SDKs (Apple's list, ITMS-91061) recognised in the target, by SDK name.
  public let commonSDKs: [SDKDetection]
  /// The package the dependency manager that put the target here recorded, `nil` when none did.
  public let package: PackageRecord?
  /// The hosts the target's binaries name, sorted by host then binary.
  public let hosts: [HostUse]
  /// The bundle's `CFBundleIdentifier` (`DiscoveredTarget.bundleIdentifier`), `nil` when it has none.
  public let bundleIdentifier: String?
  /// The reasons the manifests declare for each declared category (`declaredCategories`), sorted, each once.
  public let declaredReasons: [String: [String]]
  /// The target's other manifests, beyond `privacyManifest` (one per slice of an xcframework, one
  /// in a resource bundle), sorted by path: every one is read for the checks.
  public let otherPrivacyManifests: [ScanPath]
  /// The collected data types each of its manifests declares (`NSPrivacyCollectedDataTypes`), by
  /// manifest path, in file order: what App Store Connect's "App Privacy" answers gather, and who
  /// declared each (a resource bundle's manifest speaks for the code it ships with).
  public let collectedDataByManifest: [ScanPath: [PrivacyManifest.CollectedDataType]]
  /// The permissions an Android archive's `AndroidManifest.xml` requests, which the Android build
  /// merges into every app using the library, sorted by name; `nil` for other kinds, and when
  /// the manifest is missing or cannot be read (discovery reports that).
  public let androidPermissions: [AndroidPermission]?

  /// Creates a target report; its App Store verdict is judged from `findings` unless given (a
  /// saved report read back, or findings a policy or baseline has since left out).
  package init(
    path: ScanPath, kind: TargetKind, embeddedIn: ScanPath? = nil, binaries: [BinarySummary] = [],
    privacyManifest: ScanPath? = nil, otherPrivacyManifests: [ScanPath] = [],
    usedCategories: [String] = [], declaredCategories: [String] = [], declaredReasons: [String: [String]] = [:],
    apiUses: [APIUse] = [], permissions: [PermissionUse] = [], tracking: TrackingProfile = TrackingProfile(),
    findings: [Finding] = [], appStoreVerdict: AppStoreVerdict? = nil, teamReview: TeamReview = TeamReview(),
    signatureReceipts: [SignatureReceipt] = [], signature: BundleSignature? = nil, commonSDKs: [SDKDetection] = [],
    package: PackageRecord? = nil, hosts: [HostUse] = [], bundleIdentifier: String? = nil,
    collectedDataByManifest: [ScanPath: [PrivacyManifest.CollectedDataType]] = [:],
    androidPermissions: [AndroidPermission]? = nil
  ) {
    self.path = path
    self.kind = kind
    self.embeddedIn = embeddedIn
    self.binaries = binaries
    self.privacyManifest = privacyManifest
    self.otherPrivacyManifests = otherPrivacyManifests
    self.usedCategories = usedCategories
    self.declaredCategories = declaredCategories
    self.declaredReasons = declaredReasons
    self.apiUses = apiUses
    self.permissions = permissions
    self.tracking = tracking
    self.findings = findings
    self.appStoreVerdict = appStoreVerdict ?? AppStoreVerdict(findings: findings)
    self.teamReview = teamReview
    self.signatureReceipts = signatureReceipts
    self.signature = signature
    self.commonSDKs = commonSDKs
    self.package = package
    self.hosts = hosts
    self.bundleIdentifier = bundleIdentifier
    self.collectedDataByManifest = collectedDataByManifest
    self.androidPermissions = androidPermissions
  }

  /// The report with the audit's findings finished (an app's rules over its embedded targets,
  /// the finding limit): the App Store verdict is judged again from them.
  package func audited(
    findings: [Finding], permissions: [PermissionUse]? = nil, tracking: TrackingProfile? = nil
  ) -> TargetReport {
    copy(
      apiUses: apiUses, permissions: permissions ?? self.permissions, tracking: tracking ?? self.tracking,
      findings: findings, appStoreVerdict: AppStoreVerdict(findings: findings), teamReview: teamReview)
  }

  /// The report after a team's policy or baseline: `findings` are what is left to show and
  /// `teamReview` what was left out. The App Store verdict stays the audit's.
  package func reviewed(findings: [Finding], teamReview: TeamReview) -> TargetReport {
    copy(
      apiUses: apiUses, permissions: permissions, tracking: tracking, findings: findings,
      appStoreVerdict: appStoreVerdict, teamReview: teamReview)
  }

  /// The same report with each piece of evidence of its API uses, permissions and findings
  /// passed through `transform` (callers named readably, say).
  package func mappingEvidence(_ transform: (Evidence) -> Evidence) -> TargetReport {
    copy(
      apiUses: apiUses.map { $0.mappingEvidence(transform) },
      permissions: permissions.map { $0.mappingEvidence(transform) }, tracking: tracking,
      findings: findings.map { $0.mappingEvidence(transform) }, appStoreVerdict: appStoreVerdict,
      teamReview: teamReview)
  }

  private func copy(
    apiUses: [APIUse], permissions: [PermissionUse], tracking: TrackingProfile, findings: [Finding],
    appStoreVerdict: AppStoreVerdict,
    teamReview: TeamReview
  ) -> TargetReport {
    TargetReport(
      path: path, kind: kind, embeddedIn: embeddedIn, binaries: binaries, privacyManifest: privacyManifest,
      otherPrivacyManifests: otherPrivacyManifests, usedCategories: usedCategories,
      declaredCategories: declaredCategories, declaredReasons: declaredReasons, apiUses: apiUses,
      permissions: permissions, tracking: tracking, findings: findings, appStoreVerdict: appStoreVerdict,
      teamReview: teamReview, signatureReceipts: signatureReceipts, signature: signature, commonSDKs: commonSDKs,
      package: package, hosts: hosts, bundleIdentifier: bundleIdentifier,
      collectedDataByManifest: collectedDataByManifest, androidPermissions: androidPermissions)
  }
}

extension TargetReport {
  /// The libraries and frameworks the target's binaries link against, each once, as its
  /// binaries sort them (by name, then kind).
  public var linkedLibraries: [LinkedLibrary] { BinarySummary.uniqueSorted(binaries.flatMap(\.linkedLibraries)) }

  /// The rpaths of the target's binaries, each once, in binary order.
  public var rpaths: [String] { BinarySummary.uniqueInOrder(binaries.flatMap(\.rpaths)) }

  /// The linked libraries as a reviewer reads them, each once, sorted: `fileName`, with the kind
  /// when it is not `normal` (`AdSupport.framework (weak)`).
  public var linkedLibraryNames: [String] {
    Set(linkedLibraries.map { $0.fileName + $0.kindSuffix }).sorted()
  }
}
