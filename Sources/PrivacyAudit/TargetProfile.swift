public import BinaryImage
import PackageProvenance
import TargetDiscovery

/// An aspect of a target that `sdkvet diff` compares between two versions; the raw values are
/// the diff report's `aspect` strings.
public enum DiffAspect: String, Sendable, Hashable, CaseIterable {
  /// The target's name (`TargetProfile.name`), compared only between two versions of one target:
  /// it changes when a target matched by bundle identifier was renamed.
  case name
  /// Required-reason categories the binaries use.
  case categories
  /// Required-reason APIs, each under its category, with the symbols that show it.
  case apis
  /// Protected resources the target can ask the user for.
  case permissions
  /// Tracking behaviour: `reads-advertising-identifier`, `requests-authorization`, `declared-tracking`.
  case tracking
  /// The manifest's `NSPrivacyTrackingDomains`.
  case trackingDomains
  /// Categories the manifest declares.
  case declaredCategories
  /// Commonly used SDKs recognised in the target.
  case commonSDKs
  /// Architectures, prefixed by the slice (`ios-arm64/arm64`) in an xcframework.
  case architectures
  /// The package a dependency manager recorded: `manager name version`.
  case package
  /// Who signed an xcframework (`_CodeSignature/`), as Xcode names it.
  case signer
  /// Reasons the manifest declares, each under its declared category.
  case declaredReasons
  /// Libraries and frameworks the binaries link against, by install name (ELF: file name), with
  /// the kind when it is not `normal`; prefixed by the slice in an xcframework.
  case linkedLibraries
  /// The binaries' rpaths; prefixed by the slice in an xcframework.
  case rpaths
  /// The platforms the binaries are built for (`ios`, `ios-simulator`, …); prefixed by the
  /// slice in an xcframework.
  case platforms

  /// How serious an addition of this aspect is: a new category, permission, tracking behaviour
  /// or domain, or a changed signer, is an error; a new API of a category already used, a new
  /// embedded SDK or a new linked library or framework, a warning; the rest notes. (A signer
  /// added where there was none is a note: see `TargetDiff`.)
  public var additionSeverity: Severity {
    switch self {
    case .categories, .permissions, .tracking, .trackingDomains, .signer: .error
    case .apis, .commonSDKs, .linkedLibraries: .warning
    case .name, .declaredCategories, .architectures, .package, .declaredReasons, .rpaths, .platforms: .note
    }
  }
}

/// One value of an aspect: what is compared (`category` and `value`), and the symbols that show
/// it, which are reported but not compared (a rebuilt binary may spell its evidence otherwise).
public struct DiffItem: Sendable, Hashable, Comparable {
  /// The required-reason category of an API or a declared reason; `nil` for the other aspects.
  public var category: String?
  /// The name, category, API, resource, behaviour, domain, SDK, architecture, package, signer,
  /// reason, library or rpath.
  public var value: String
  /// The evidence symbols, sorted, each once.
  public var symbols: [String]

  /// Creates an item; `symbols` are sorted and made unique.
  public init(category: String? = nil, value: String, symbols: some Sequence<String> = [String]()) {
    self.category = category
    self.value = value
    self.symbols = Set(symbols).sorted()
  }

  /// What two versions' items are matched by.
  var identity: [String] { [category ?? "", value] }

  /// Items sort by category, then value.
  public static func < (lhs: DiffItem, rhs: DiffItem) -> Bool {
    (lhs.category ?? "", lhs.value) < (rhs.category ?? "", rhs.value)
  }
}

/// What `sdkvet diff` compares of one target, from a scan or from a JSON report saved earlier.
public struct TargetProfile: Sendable, Hashable {
  /// The target's path as it was scanned.
  public var path: String
  /// Its kind, as a report writes it (`framework`, `xcframework`, …).
  public var kind: String
  /// Its `CFBundleIdentifier`, which targets are matched by first; `nil` when it has none.
  public var bundleIdentifier: String?
  /// The items of each aspect, sorted; an aspect without items may be absent. (`name` is not
  /// among them: see `items(of:)`.)
  public var items: [DiffAspect: [DiffItem]]

  /// Creates a profile; each aspect's items are sorted and made unique by identity.
  public init(path: String, kind: String, bundleIdentifier: String? = nil, items: [DiffAspect: [DiffItem]]) {
    self.path = path
    self.kind = kind
    self.bundleIdentifier = bundleIdentifier
    self.items = items.mapValues { items in
      Dictionary(grouping: items, by: \.identity).values.map { group in
        DiffItem(category: group[0].category, value: group[0].value, symbols: group.flatMap(\.symbols))
      }.sorted()
    }
  }

  /// The name targets without a common bundle identifier are matched by: the last component of
  /// the path (after the scanned root, or an archive's `!`).
  public var name: String {
    var name = path.lastIndex(of: "!").map { path[path.index(after: $0)...] } ?? Substring(path)
    while name.last == "/" { name = name.dropLast() }
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    return name.isEmpty ? path : String(name)
  }

  /// The items of `aspect`: the stored ones, or for `name` the name.
  public func items(of aspect: DiffAspect) -> [DiffItem] {
    aspect == .name ? [DiffItem(value: name)] : items[aspect] ?? []
  }

  /// The item of `value` (an architecture, a library, an rpath) of the binary at `binaryPath`:
  /// in an xcframework, prefixed by the slice folder the binary is in, so a slice that changes
  /// is seen.
  public static func sliceItem(_ value: String, binaryPath: String, targetPath: String, kind: String) -> DiffItem {
    guard kind == TargetKind.xcframework.rawValue, binaryPath.hasPrefix(targetPath + "/"),
      let slice = binaryPath.dropFirst(targetPath.count + 1).split(separator: "/").first
    else { return DiffItem(value: value) }
    return DiffItem(value: "\(slice)/\(value)")
  }

  /// The items of one binary's architectures, platforms, linked libraries and rpaths, each by
  /// `sliceItem`.
  public static func binaryItems(
    architectures: [String], platforms: [String], linkedLibraries: [LinkedLibrary], rpaths: [String],
    binaryPath: String, targetPath: String, kind: String
  ) -> [DiffAspect: [DiffItem]] {
    let item = { (value: String) in sliceItem(value, binaryPath: binaryPath, targetPath: targetPath, kind: kind) }
    return [
      .architectures: architectures.map(item),
      .platforms: platforms.map(item),
      .linkedLibraries: linkedLibraries.map { item($0.name + $0.kindSuffix) },
      .rpaths: rpaths.map(item),
    ]
  }

  /// The declared-reason items: each reason under its category.
  public static func reasonItems(_ reasons: [String: [String]]) -> [DiffItem] {
    reasons.flatMap { category, reasons in reasons.map { DiffItem(category: category, value: $0) } }
  }

  /// The tracking items of a profile's flags.
  public static func trackingItems(readsAdvertisingIdentifier: Bool, requestsAuthorization: Bool, declares: Bool)
    -> [DiffItem]
  {
    [
      readsAdvertisingIdentifier ? "reads-advertising-identifier" : nil,
      requestsAuthorization ? "requests-authorization" : nil,
      declares ? "declared-tracking" : nil,
    ].compactMap { $0.map { DiffItem(value: $0) } }
  }

  /// The package item: `manager name version` (the branch or revision when there is no version).
  public static func packageItem(manager: String, name: String, version: String?) -> DiffItem {
    DiffItem(value: "\(manager) \(name) \(version ?? "unversioned")")
  }
}

extension TargetProfile {
  /// The profile of a target of a scan.
  public init(_ target: TargetReport) {
    let kind = target.kind.rawValue
    var items: [DiffAspect: [DiffItem]] = [:]
    items[.categories] = target.usedCategories.map { DiffItem(value: $0) }
    items[.apis] = target.apiUses.map { DiffItem(category: $0.category, value: $0.api, symbols: [$0.evidence.symbol]) }
    items[.permissions] = target.permissions.map {
      DiffItem(value: $0.resource, symbols: $0.evidence.map(\.symbol))
    }
    items[.tracking] = Self.trackingItems(
      readsAdvertisingIdentifier: target.tracking.readsAdvertisingIdentifier,
      requestsAuthorization: target.tracking.requestsAuthorization,
      declares: target.tracking.declaredTracking == true)
    items[.trackingDomains] = target.tracking.trackingDomains.map { DiffItem(value: $0) }
    items[.declaredCategories] = target.declaredCategories.map { DiffItem(value: $0) }
    items[.commonSDKs] = target.commonSDKs.map { DiffItem(value: $0.sdk) }
    for binary in target.binaries {
      let binaryItems = Self.binaryItems(
        architectures: binary.architectures, platforms: binary.platforms, linkedLibraries: binary.linkedLibraries,
        rpaths: binary.rpaths,
        binaryPath: binary.path, targetPath: target.path, kind: kind)
      items.merge(binaryItems, uniquingKeysWith: +)
    }
    items[.declaredReasons] = Self.reasonItems(target.declaredReasons)
    items[.package] = target.package.map {
      [Self.packageItem(manager: $0.manager.rawValue, name: $0.name, version: $0.version ?? $0.branch ?? $0.revision)]
    }
    items[.signer] = target.signature.map { [DiffItem(value: $0.signer.description)] }
    self.init(path: target.path, kind: kind, bundleIdentifier: target.bundleIdentifier, items: items)
  }
}
