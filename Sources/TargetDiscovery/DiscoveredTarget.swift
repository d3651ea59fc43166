public import PropertyLists
public import ScanFiles

/// What kind of thing a target is; the raw values are the report's `kind` strings.
public enum TargetKind: String, Sendable, Hashable, CaseIterable {
  /// An `.app` bundle: its own executable.
  case app
  /// An `.appex` app extension.
  case appExtension = "app-extension"
  /// A `.framework` bundle (flat or versioned layout).
  case framework
  /// An `.xcframework`: every library slice in one target.
  case xcframework
  /// A `.bundle` (loadable, or a resource bundle found on its own).
  case bundle
  /// An `.a` archive.
  case staticLibrary = "static-library"
  /// A `.dylib`.
  case dynamicLibrary = "dynamic-library"
  /// A `.so` (also `libx.so.1`).
  case sharedObject = "shared-object"
  /// A `.o` object.
  case object
  /// Any other file that starts with a binary magic.
  case binary
  /// An Android `.aar`: its `jni/<abi>/*.so` libraries, one target named after the archive.
  case androidArchive = "android-archive"

  /// Whether the target is an app or app extension, whose Info.plist must carry purpose strings.
  public var isApp: Bool { self == .app || self == .appExtension }
}

/// A file that belongs to a target, with the xcframework library slice it belongs to.
public struct TargetFile: Sendable, Hashable, Comparable {
  /// The path as found under the scanned root.
  public package(set) var path: ScanPath
  /// The xcframework `LibraryIdentifier` (e.g. `ios-arm64`); `nil` outside xcframeworks.
  public package(set) var slice: String?
  /// Whether an `Info.plist` lists the file (an xcframework's slice, a bundle's
  /// `CFBundleExecutable`) and nothing is there: a binary that cannot be read, not one to skip.
  public package(set) var isListedButMissing = false

  /// Creates a target file.
  package init(path: ScanPath, slice: String? = nil, isListedButMissing: Bool = false) {
    self.path = path
    self.slice = slice
    self.isListedButMissing = isListedButMissing
  }

  /// Orders by path, then slice.
  public static func < (lhs: TargetFile, rhs: TargetFile) -> Bool {
    (lhs.path, lhs.slice ?? "") < (rhs.path, rhs.slice ?? "")
  }
}

/// One SDK, app, library or binary found under a scanned path, and the files the audit reads for it.
public struct DiscoveredTarget: Sendable, Hashable {
  /// The bundle or file, as found under the scanned root.
  public package(set) var path: ScanPath
  /// What it is.
  public package(set) var kind: TargetKind
  /// The app it is embedded in (its `Frameworks/` or `PlugIns/`), or `nil`.
  public package(set) var embeddedIn: ScanPath?
  /// Every file that presents itself as a binary, sorted; some may turn out unreadable.
  public package(set) var binaries: [TargetFile]
  /// Every `PrivacyInfo.xcprivacy` found where Apple looks for one, sorted.
  public package(set) var manifests: [TargetFile]
  /// The bundle's `Info.plist` (when it has one inside the scanned path), parsed once by discovery
  /// for its executable name and kept for the audit's Info.plist rules.
  public package(set) var infoPlist: PropertyListFile?
  /// The bundle's localized `*.lproj/InfoPlist.strings` files, sorted.
  public package(set) var localizedInfoPlistStrings: [ScanPath]
  /// The signature receipts an `.ipa` holds for the xcframework this target was built from.
  public package(set) var signatureReceipts: [SignatureReceipt] = []
  /// An xcframework's detached signature (`_CodeSignature/`) with its seal checked; `nil` for other kinds.
  public package(set) var signature: BundleSignature?
  /// The frameworks inside an xcframework's slices, sorted by path.
  public package(set) var nestedFrameworks: [NestedFramework] = []
  /// Names stored more than once in the archive the target was read from, at or under the
  /// target's path (or anywhere in the archive, when no target holds the name): every copy was
  /// read, but which one a user's extractor installs is not certain.
  public package(set) var ambiguousArchiveEntries: [DiscoveryProblem] = []
  /// An Android archive's `AndroidManifest.xml`, parsed by discovery for the permissions the
  /// library requests; `nil` for other kinds, and when the archive holds none or it cannot be
  /// read (a discovery problem says so).
  public package(set) var androidManifest: AndroidManifest?

  /// Creates a target.
  package init(
    path: ScanPath, kind: TargetKind, embeddedIn: ScanPath? = nil, binaries: [TargetFile] = [],
    manifests: [TargetFile] = [],
    infoPlist: PropertyListFile? = nil, localizedInfoPlistStrings: [ScanPath] = []
  ) {
    self.path = path
    self.kind = kind
    self.embeddedIn = embeddedIn
    self.binaries = binaries
    self.manifests = manifests
    self.infoPlist = infoPlist
    self.localizedInfoPlistStrings = localizedInfoPlistStrings
  }

  /// The `CFBundleIdentifier` of the target's `Info.plist`; for an xcframework, whose own
  /// `Info.plist` has none, the one its frameworks share (`nil` when they disagree).
  public var bundleIdentifier: String? {
    if let identifier = infoPlist?.bundleIdentifier { return identifier }
    let nested = Set(nestedFrameworks.compactMap(\.bundleIdentifier))
    return nested.count == 1 ? nested.first : nil
  }
}

/// A path discovery could not use, and why (a missing input, a symbolic link leaving the scanned root).
public struct DiscoveryProblem: Sendable, Hashable {
  /// The path concerned.
  public let path: ScanPath
  /// One sentence saying what happened.
  public let message: String
  /// Whether the path is one the user gave that does not exist or holds no target: a scan of
  /// it reports nothing, so the run fails whatever `--fail-on` says (a mistyped path in CI must
  /// not read as a clean report).
  public let isUnusableInput: Bool

  /// Creates a problem.
  package init(path: ScanPath, message: String, isUnusableInput: Bool = false) {
    self.path = path
    self.message = message
    self.isUnusableInput = isUnusableInput
  }
}

/// Everything discovery found under the given paths.
public struct DiscoveryResult: Sendable, Hashable {
  /// The targets, sorted by path.
  public package(set) var targets: [DiscoveredTarget]
  /// Paths that could not be used.
  public package(set) var problems: [DiscoveryProblem]
  /// The archives opened, sorted by path.
  public package(set) var archives: [DiscoveredArchive]

  /// Creates a result.
  package init(targets: [DiscoveredTarget], problems: [DiscoveryProblem], archives: [DiscoveredArchive] = []) {
    self.targets = targets
    self.problems = problems
    self.archives = archives
  }
}
