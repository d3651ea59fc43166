public import BinaryImage
public import PackageProvenance
public import PrivacyCatalog
public import PropertyLists
public import TargetDiscovery

/// Where a piece of evidence was found, in the terms a reviewer checks with `nm` or `otool`.
public struct Evidence: Sendable, Hashable {
  /// The symbol or selector as spelled in the binary (`_stat`, `systemUptime`, `_objc_msgSend$systemUptime`).
  public package(set) var symbol: String
  /// How it was found: `import`, `selector`, `objc-stub`, `swift-symbol` (see `Docs/REPORT-FORMATS.md`).
  public package(set) var via: CatalogMatch.Via
  /// The file it was found in (the archive for a member), as found under the scanned root.
  public package(set) var binary: String
  /// The architecture slice.
  public package(set) var architecture: String?
  /// The archive member, when the binary is an archive.
  public package(set) var member: String?
  /// The library the import binds to, when known.
  public package(set) var library: String?
  /// Who calls it, when call sites were looked for (`scan --call-sites`) in an image whose code is decoded.
  public package(set) var callSites: CallSiteSummary?

  /// Creates evidence.
  package init(
    symbol: String, via: CatalogMatch.Via, binary: String, architecture: String?, member: String?, library: String?,
    callSites: CallSiteSummary? = nil
  ) {
    self.symbol = symbol
    self.via = via
    self.binary = binary
    self.architecture = architecture
    self.member = member
    self.library = library
    self.callSites = callSites
  }
}

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
  public package(set) var file: String?
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
    rule: RuleID, severity: Severity? = nil, subject: FindingSubject, message: String, file: String? = nil,
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

/// One use of a required-reason API found in a binary.
public struct APIUse: Sendable, Hashable {
  /// The full category string, e.g. `NSPrivacyAccessedAPICategoryFileTimestamp`.
  public package(set) var category: String
  /// Apple's name of the API, e.g. `stat`, `systemUptime`.
  public package(set) var api: String
  /// Where it was found.
  public package(set) var evidence: Evidence

  /// Creates an API use.
  package init(category: String, api: String, evidence: Evidence) {
    self.category = category
    self.api = api
    self.evidence = evidence
  }
}

/// A protected resource a target can ask the user for.
public struct PermissionUse: Sendable, Hashable {
  /// The resource's identifier in the catalog, e.g. `camera`, `location-when-in-use`.
  public package(set) var resource: String
  /// The Info.plist keys that must carry a purpose string.
  public package(set) var infoPlistKeys: [String]
  /// Where it was found.
  public package(set) var evidence: [Evidence]
  /// True when the evidence proves a request (a request selector or function), false for a class reference alone.
  public package(set) var requested: Bool
  /// The embedded SDK the use comes from, relative to the app; `nil` for the target's own binary.
  public package(set) var source: String?

  /// Creates a permission use.
  package init(resource: String, infoPlistKeys: [String], evidence: [Evidence], requested: Bool, source: String? = nil)
  {
    self.resource = resource
    self.infoPlistKeys = infoPlistKeys
    self.evidence = evidence
    self.requested = requested
    self.source = source
  }
}

/// Whether a target tracks, by its binaries and by its manifest.
public struct TrackingProfile: Sendable, Hashable {
  /// The advertising identifier is read (`ASIdentifierManager` `advertisingIdentifier`).
  public package(set) var readsAdvertisingIdentifier: Bool
  /// App Tracking Transparency is requested.
  public package(set) var requestsAuthorization: Bool
  /// `NSPrivacyTracking` from the manifest; `nil` when absent.
  public package(set) var declaredTracking: Bool?
  /// `NSPrivacyTrackingDomains` from the manifest.
  public package(set) var trackingDomains: [String]
  /// Embedded SDKs the tracking evidence comes from (app targets).
  public package(set) var sources: [String]
  /// Where the target's own binaries read the advertising identifier (never an embedded SDK's).
  public package(set) var advertisingIdentifierEvidence: [Evidence] = []

  /// Creates a profile.
  package init(
    readsAdvertisingIdentifier: Bool = false, requestsAuthorization: Bool = false, declaredTracking: Bool? = nil,
    trackingDomains: [String] = [], sources: [String] = []
  ) {
    self.readsAdvertisingIdentifier = readsAdvertisingIdentifier
    self.requestsAuthorization = requestsAuthorization
    self.declaredTracking = declaredTracking
    self.trackingDomains = trackingDomains
    self.sources = sources
  }
}

/// A binary of a target and what it was built as.
public struct BinarySummary: Sendable, Hashable {
  /// What a binary was read as; the raw values are the report's `format` strings.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// Mach-O: a thin or universal file, or an archive of Mach-O objects.
    case machO = "mach-o"
    /// ELF: an object, shared object or executable, or an archive of ELF objects.
    case elf
    /// An archive none of whose members could be read.
    case archive
    /// A file that could not be read at all.
    case unreadable

    /// Whether the binary's symbols were read: what an unread one uses is unknown.
    public var wasRead: Bool { self == .machO || self == .elf }
  }

  /// The path as found under the scanned root.
  public package(set) var path: String
  /// What it was read as.
  public package(set) var format: Format
  /// The architectures of its images, sorted, each once.
  public package(set) var architectures: [String]
  /// The platforms its Mach-O images are built for (`LC_BUILD_VERSION`, `LC_VERSION_MIN_*`:
  /// `ios`, `ios-simulator`, `macos`, …), sorted, each once; empty for ELF or when unrecorded.
  public package(set) var platforms: [String]
  /// The code signature of each Mach-O image that is not an archive member (one per slice of a
  /// universal file), in image order; empty for ELF files and archives.
  public package(set) var signatures: [SliceSignature]
  /// The libraries and frameworks its images link against (Mach-O `LC_LOAD_DYLIB` and its weak,
  /// re-export, lazy and upward forms; ELF `DT_NEEDED`), sorted by name then kind, each once.
  public package(set) var linkedLibraries: [LinkedLibrary]
  /// Its images' rpaths (Mach-O `LC_RPATH`; ELF `DT_RUNPATH`, or `DT_RPATH` without it), each
  /// once, in the order found.
  public package(set) var rpaths: [String]

  /// Creates a summary; `linkedLibraries` are sorted and made unique, `rpaths` made unique.
  package init(
    path: String, format: Format, architectures: [String], platforms: [String] = [],
    signatures: [SliceSignature] = [], linkedLibraries: [LinkedLibrary] = [], rpaths: [String] = []
  ) {
    self.path = path
    self.format = format
    self.architectures = architectures
    self.platforms = Set(platforms).sorted()
    self.signatures = signatures
    self.linkedLibraries = Self.uniqueSorted(linkedLibraries)
    self.rpaths = Self.uniqueInOrder(rpaths)
  }

  /// `libraries` each once, sorted by name, then kind.
  static func uniqueSorted(_ libraries: [LinkedLibrary]) -> [LinkedLibrary] {
    Set(libraries).sorted { ($0.name, $0.kind.rawValue) < ($1.name, $1.kind.rawValue) }
  }

  /// `paths` each once, in the order given.
  static func uniqueInOrder(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }
}

/// The embedded code signature of one Mach-O slice.
public struct SliceSignature: Sendable, Hashable {
  /// The slice's architecture.
  public package(set) var architecture: String
  /// Its signature; `nil` when it has no `LC_CODE_SIGNATURE` (or an unreadable one).
  public package(set) var signature: CodeSignatureInfo?

  /// Creates a slice signature.
  package init(architecture: String, signature: CodeSignatureInfo?) {
    self.architecture = architecture
    self.signature = signature
  }

  /// Who signed the slice, as Xcode names it.
  public var signer: Signer { signature?.signer ?? .unsigned }
}

/// What the audit found for one target (an app, framework, xcframework, bundle, library or binary).
public struct TargetReport: Sendable, Hashable {
  /// The path of the bundle or file as found under the scanned root.
  public package(set) var path: String
  /// What kind of target it is (`app`, `framework`, `static-library`, … in the report).
  public package(set) var kind: TargetKind
  /// The app this target is embedded in, when it is one of an app's frameworks or extensions.
  public package(set) var embeddedIn: String?
  /// Its binaries.
  public package(set) var binaries: [BinarySummary]
  /// The manifest used for the checks, `nil` when none was found.
  public package(set) var privacyManifest: String?
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
  public package(set) var otherPrivacyManifests: [String] = []
  /// The collected data types each of its manifests declares (`NSPrivacyCollectedDataTypes`), by
  /// manifest path, in file order: what App Store Connect's "App Privacy" answers gather, and who
  /// declared each (a resource bundle's manifest speaks for the code it ships with).
  public package(set) var collectedDataByManifest: [String: [PrivacyManifest.CollectedDataType]] = [:]
  /// The permissions an Android archive's `AndroidManifest.xml` requests, which the Android build
  /// merges into every app using the library, sorted by name; `nil` for other kinds, and when
  /// the manifest is missing or cannot be read (discovery reports that).
  public package(set) var androidPermissions: [AndroidPermission]?

  /// Creates a target report.
  package init(
    path: String, kind: TargetKind, embeddedIn: String? = nil, binaries: [BinarySummary] = [],
    privacyManifest: String? = nil,
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

/// The result of `sdkvet scan`: every target found, in path order.
public struct AuditReport: Sendable, Hashable {
  /// The targets, sorted by path.
  public package(set) var targets: [TargetReport]
  /// The archives the targets were read from, sorted by path, with their SHA-256.
  public package(set) var archives: [DiscoveredArchive]
  /// The policy file applied to the findings, `nil` when none was: a report says which rules a
  /// policy turned off, so a reader can tell a clean report from a silenced one.
  public package(set) var policy: AppliedPolicy?
  /// Every path discovery could not use, and why: a path the user gave that does not exist or
  /// holds no target, and every path inside the scan that was refused or could not be read (an
  /// archive entry placed where an extractor would not, a folder named like an archive's inside,
  /// a link leaving the scanned path, a folder that cannot be listed). What such a path holds was
  /// not audited, so a report with problems cannot say the scan is clean: every format lists
  /// them, and SARIF states the run as a failed invocation.
  public package(set) var problems: [DiscoveryProblem] = []
  /// The paths the user gave that do not exist or hold no target: the run did not scan what it
  /// was asked to, and fails whatever `--fail-on` says.
  public var unusableInputs: [DiscoveryProblem] { problems.filter(\.isUnusableInput) }
  /// The baseline whose findings were left out, `nil` when none was applied: a report for a pull
  /// request then shows only what is new, and says how much the baseline holds.
  public package(set) var baseline: AppliedBaseline?

  /// Creates a report.
  package init(targets: [TargetReport], archives: [DiscoveredArchive] = [], policy: AppliedPolicy? = nil) {
    self.targets = targets
    self.archives = archives
    self.policy = policy
  }

  /// Every finding of every target.
  public var allFindings: [Finding] { targets.flatMap(\.findings) }

  /// The number of findings of each severity.
  public func count(of severity: Severity) -> Int { allFindings.filter { $0.severity == severity }.count }
}

/// The baseline a report's findings were filtered by: where it was, and how many findings of the
/// scan it left out.
public struct AppliedBaseline: Sendable, Hashable {
  /// The path it was read from, as given.
  public package(set) var path: String
  /// The findings of the scan it held, left out of the report.
  public package(set) var leftOut: Int

  /// Creates a record of an applied baseline.
  package init(path: String, leftOut: Int) {
    self.path = path
    self.leftOut = leftOut
  }
}

/// The policy file a report's findings were filtered by: where it was and what it held.
public struct AppliedPolicy: Sendable, Hashable {
  /// The path it was read from, as given (or `.sdkvet.json`).
  public package(set) var path: String
  /// The SHA-256 of its bytes, lowercase hex.
  public package(set) var sha256: String

  /// Creates a record of an applied policy.
  package init(path: String, sha256: String) {
    self.path = path
    self.sha256 = sha256
  }
}
