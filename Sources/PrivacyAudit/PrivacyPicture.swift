public import AuditModel
public import PackageProvenance
public import PropertyLists
public import ScanFiles
public import TargetDiscovery

/// The privacy picture of everything scanned (`sdkvet privacy-report`): what each bundle
/// declares beside what its binaries can reach, the collected data types as App Store Connect's
/// "App Privacy" asks for them, and the questions for vendors where the two disagree.
///
/// Built from a scan's report (`init(report:catalog:)`); pure, like the audit.
public struct PrivacyPicture: Sendable, Hashable {
  /// One bundle: an app, framework, xcframework, resource bundle or library target.
  public struct Bundle: Sendable, Hashable {
    /// The target's path as found under the scanned root.
    public let path: ScanPath
    /// What kind of target it is.
    public let kind: TargetKind
    /// The app it is embedded in, if any.
    public let embeddedIn: ScanPath?
    /// The package a dependency manager recorded for it (name, version), if any.
    public let package: PackageRecord?
    /// Commonly used SDKs recognised inside its binaries under another name ("includes Y"), by SDK
    /// name: each one a row of its own in the reports, so a reviewer sees it.
    public let includedSDKs: [IncludedSDK]
    /// Its manifests, the primary first; empty when it has none.
    public let manifests: [ScanPath]
    /// `NSPrivacyTracking` across its manifests (true if any says so); `nil` when unset.
    public let declaredTracking: Bool?
    /// `NSPrivacyTrackingDomains`, sorted.
    public let trackingDomains: [String]
    /// `NSPrivacyCollectedDataTypes`, as declared.
    public let collectedData: [PrivacyManifest.CollectedDataType]
    /// Whether every privacy manifest of the bundle's target was read: when one was not, what
    /// the bundle declares is known only in part, so no question is asked of what it reaches.
    public let readEveryManifest: Bool
    /// The declared required-reason categories with their reasons, by category.
    public let declaredReasons: [String: [String]]
    /// Its binaries that could not be read (or are listed but missing), sorted: what they reach
    /// is unknown, so `usedCategories`, `capabilities` and `hosts` are what the others reach.
    public let binariesNotRead: [ScanPath]
    /// The required-reason categories its binaries use, sorted.
    public let usedCategories: [String]
    /// The permission-gated capabilities (and the advertising identifier) its own binaries reach.
    public let capabilities: [Capability]
    /// The hosts its binaries name, sorted, each once.
    public let hosts: [String]
    /// Those of `hosts` within a tracking domain of the catalog, sorted.
    public let trackingHosts: [String]
    /// For an Android archive, the permissions its `AndroidManifest.xml` requests (merged into
    /// every app using it); `nil` for other kinds and when the manifest cannot be read. Not App
    /// Store data types: they never enter `dataTypes` or the App Privacy draft.
    public let androidPermissions: [AndroidPermission]?
  }

  /// A commonly used SDK linked (statically or merged) into a bundle's binaries under another
  /// name. It has no bundle of its own, so no manifest of its own: what its host declares is all
  /// that covers it, and what its code reaches is counted in the host's row. Reported as a row of
  /// its own because a reviewer vetting the app's SDKs must see it.
  public struct IncludedSDK: Sendable, Hashable {
    /// The SDK's name as Apple's list of commonly used SDKs spells it.
    public let sdk: String
    /// How it was recognised (`classes`: every documented class; `module`: types of its Swift module).
    public let confidence: SDKDetection.Confidence
    /// The host's binaries that include it, sorted.
    public let binaries: [ScanPath]
    /// The definitions that recognised it, sorted, each once.
    public let symbols: [String]
  }

  /// A capability a bundle's own code can reach.
  public struct Capability: Sendable, Hashable {
    /// The catalog's resource id (`location-when-in-use`, `advertising-identifier`).
    public let resource: String
    /// The resource's name for people.
    public let name: String
    /// True when the evidence shows a request (or a read of the identifier), not a class reference alone.
    public let requested: Bool
    /// The symbols that show it, sorted, each once.
    public let symbols: [String]
  }

  /// One collected data type across every bundle: a row of App Store Connect's "App Privacy".
  public struct DataTypeRow: Sendable, Hashable {
    /// The `NSPrivacyCollectedDataType…` value.
    public let dataType: String
    /// The bundles that declare it, sorted.
    public let bundles: [ScanPath]
    /// Linked to the user's identity in at least one declaration.
    public let linked: Bool
    /// Used for tracking in at least one declaration.
    public let tracking: Bool
    /// The union of the declared purposes, sorted.
    public let purposes: [String]
  }

  /// A capability a bundle can reach that none of its manifests declares as collected: a
  /// question for the vendor, not evidence of collection.
  public struct Question: Sendable, Hashable {
    /// The bundle's path.
    public let bundle: ScanPath
    /// The capability reached.
    public let capability: Capability
    /// The data types that would declare it (the catalog's hint).
    public let expectedDataTypes: [String]
    /// Whether `NSPrivacyTracking` true would also answer it.
    public let answeredByTracking: Bool
    /// Apple's documentation of the data types.
    public let source: String
    /// The bundle is the app or an app extension itself: a question for the app's own team,
    /// kept apart from the questions for vendors.
    public let isOwnCode: Bool
  }

  /// Every bundle, sorted by path.
  public let bundles: [Bundle]
  /// One row per declared collected data type, sorted by data type.
  public let dataTypes: [DataTypeRow]
  /// The questions, by bundle then capability: one per bundle and capability (the location
  /// prompts of one bundle are one question, since they answer to the same data types).
  public let questions: [Question]

  /// The questions about SDKs' code, for their vendors.
  public var vendorQuestions: [Question] { questions.filter { !$0.isOwnCode } }
  /// The questions about the app's own code (its executable and extensions).
  public var ownCodeQuestions: [Question] { questions.filter(\.isOwnCode) }
}
