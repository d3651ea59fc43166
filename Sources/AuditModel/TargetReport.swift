public import BinaryImage
public import PackageProvenance
public import PropertyLists
public import ScanFiles
public import TargetDiscovery

/// What the audit found for one target (an app, framework, xcframework, bundle, library or binary).
public struct TargetReport: Sendable, Hashable {
  /// The path of the bundle or file as found under the scanned root.
  public package(set) var path: ScanPath
  /// What kind of target it is (`app`, `framework`, `static-library`, … in the report).
  public package(set) var kind: TargetKind
  /// The app this target is embedded in, when it is one of an app's frameworks or extensions.
  public package(set) var embeddedIn: ScanPath?
  /// Its binaries.
  public package(set) var binaries: [BinarySummary]
  /// The manifest used for the checks, `nil` when none was found.
  public package(set) var privacyManifest: ScanPath?
  /// Categories the binaries use, full strings, sorted.
  public package(set) var usedCategories: [String]
  /// Categories the manifest declares, full strings, sorted.
  public package(set) var declaredCategories: [String]
  /// Every use of a required-reason API, sorted by category, api, binary, architecture, member, symbol.
  public package(set) var apiUses: [APIUse]
  /// Protected resources the target can ask for (for an app: including its embedded SDKs).
  public package(set) var permissions: [PermissionUse]
  /// Tracking behaviour.
  public package(set) var tracking: TrackingProfile
  /// The rules' verdicts, sorted by severity (highest first), rule, category, message; a policy
  /// or baseline may have left some out (`teamReview`).
  public package(set) var findings: [Finding]
  /// What App Store Connect will do with it, judged from the audit's findings before any policy
  /// or baseline (from `findings` when the report is made, again when the audit finishes it): the
  /// one verdict every view shows.
  public package(set) var appStoreVerdict: AppStoreVerdict
  /// What a team's policy and baseline left out of `findings`.
  public package(set) var teamReview = TeamReview()
  /// The `.ipa` signature receipts for the xcframework the target was built from.
  public package(set) var signatureReceipts: [SignatureReceipt] = []
  /// An xcframework's detached signature and seal (`nil` for other kinds).
  public package(set) var signature: BundleSignature?
  /// Commonly used SDKs (Apple's list, ITMS-91061) recognised in the target, by SDK name.
  public package(set) var commonSDKs: [SDKDetection]
  /// The package the dependency manager that put the target here recorded, `nil` when none did.
  public package(set) var package: PackageRecord?
  /// The hosts the target's binaries name, sorted by host then binary.
  public package(set) var hosts: [HostUse] = []
  /// The bundle's `CFBundleIdentifier` (`DiscoveredTarget.bundleIdentifier`), `nil` when it has none.
  public package(set) var bundleIdentifier: String?
  /// The reasons the manifests declare for each declared category (`declaredCategories`), sorted, each once.
  public package(set) var declaredReasons: [String: [String]] = [:]
  /// The target's other manifests, beyond `privacyManifest` (one per slice of an xcframework, one
  /// in a resource bundle), sorted by path: every one is read for the checks.
  public package(set) var otherPrivacyManifests: [ScanPath] = []
  /// The collected data types each of its manifests declares (`NSPrivacyCollectedDataTypes`), by
  /// manifest path, in file order: what App Store Connect's "App Privacy" answers gather, and who
  /// declared each (a resource bundle's manifest speaks for the code it ships with).
  public package(set) var collectedDataByManifest: [ScanPath: [PrivacyManifest.CollectedDataType]] = [:]
  /// The permissions an Android archive's `AndroidManifest.xml` requests, which the Android build
  /// merges into every app using the library, sorted by name; `nil` for other kinds, and when
  /// the manifest is missing or cannot be read (discovery reports that).
  public package(set) var androidPermissions: [AndroidPermission]?

  /// Creates a target report.
  package init(
    path: ScanPath, kind: TargetKind, embeddedIn: ScanPath? = nil, binaries: [BinarySummary] = [],
    privacyManifest: ScanPath? = nil,
    usedCategories: [String] = [], declaredCategories: [String] = [], apiUses: [APIUse] = [],
    permissions: [PermissionUse] = [], tracking: TrackingProfile = TrackingProfile(), findings: [Finding] = [],
    signature: BundleSignature? = nil, commonSDKs: [SDKDetection] = [], package: PackageRecord? = nil
  ) {
    self.path = path
    self.kind = kind
    self.embeddedIn = embeddedIn
    self.binaries = binaries
    self.privacyManifest = privacyManifest
    self.usedCategories = usedCategories
    self.declaredCategories = declaredCategories
    self.apiUses = apiUses
    self.permissions = permissions
    self.tracking = tracking
    self.findings = findings
    appStoreVerdict = AppStoreVerdict(findings: findings)
    self.signature = signature
    self.commonSDKs = commonSDKs
    self.package = package
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
