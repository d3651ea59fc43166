public import AuditModel
import BinaryImage
import PackageProvenance
public import ScanFiles
import TargetDiscovery

/// An aspect of a target that `sdkvet diff` compares between two versions; the raw values are
/// the diff report's `aspect` strings.
public enum DiffAspect: String, Sendable, Hashable, CaseIterable {
  /// The target's name (`TargetProfile.name`), compared only between two versions of one target:
  /// it changes when a target matched by bundle identifier was renamed.
  case name
  /// Required-reason categories the binaries use, with the slices that use them.
  case categories
  /// Required-reason APIs, each under its category, with the symbols that show it and the slices
  /// it is in.
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
  /// An xcframework's library slices, each with its counts (`SliceProfile`): a slice new or gone
  /// is one change, and its architectures, platforms and rpaths are not listed apart.
  case slices
  /// Binaries listed but unreadable or missing, by their path inside the target
  /// (`ios-arm64/Kit.framework/Kit`).
  case unreadableBinaries
  /// Architectures, prefixed by the slice (`ios-arm64/arm64`) in an xcframework.
  case architectures
  /// The package a dependency manager recorded: `manager name version`.
  case package
  /// Who signed an xcframework (`_CodeSignature/`), as Xcode names it.
  case signer
  /// Reasons the manifest declares, each under its declared category.
  case declaredReasons
  /// Libraries and frameworks the binaries link against, by install name (ELF: file name), with
  /// the kind when it is not `normal`; compared per platform across an xcframework's slices,
  /// with the slices that link it.
  case linkedLibraries
  /// The binaries' rpaths; prefixed by the slice in an xcframework.
  case rpaths
  /// The platforms the binaries are built for (`ios`, `ios-simulator`, …); prefixed by the
  /// slice in an xcframework.
  case platforms

  /// How serious an addition of this aspect is: a new category, permission, tracking behaviour
  /// or domain, or a changed signer, is an error; a new API of a category already used, a new
  /// embedded SDK, a binary that became unreadable or a new linked library or framework, a
  /// warning; the rest notes. (A signer added where there was none is a note, and a category the
  /// new version declares a warning: see `TargetDiff`.)
  public var additionSeverity: Severity {
    switch self {
    case .categories, .permissions, .tracking, .trackingDomains, .signer: .error
    case .apis, .commonSDKs, .unreadableBinaries, .linkedLibraries: .warning
    case .name, .declaredCategories, .slices, .architectures, .package, .declaredReasons, .rpaths, .platforms: .note
    }
  }

  /// How serious a removal of this aspect is: a slice gone is a warning (the SDK's users on that
  /// platform lose it); every other removal is a note.
  public var removalSeverity: Severity { self == .slices ? .warning : .note }

  /// Whether the aspect's items are read from the binaries' symbols, so unknown where a binary
  /// could not be read (`Comparability`): not the manifest's items, the package, the signer, the
  /// slices and the unreadable binaries themselves.
  var isReadFromBinaries: Bool {
    switch self {
    case .categories, .apis, .permissions, .tracking, .commonSDKs, .architectures, .linkedLibraries, .rpaths,
      .platforms:
      true
    case .name, .trackingDomains, .declaredCategories, .slices, .unreadableBinaries, .package, .signer,
      .declaredReasons:
      false
    }
  }

  /// Whether the aspect's items belong to one slice each and carry it in their value
  /// (`ios-arm64/arm64`): those of a slice new or gone are summed up in its `slices` change.
  var isPerSlice: Bool { self == .architectures || self == .platforms || self == .rpaths }

  /// Whether an item's value already names the slice it is in: a per-slice item, a slice, an
  /// unreadable binary's path.
  public var namesItsSlice: Bool { isPerSlice || self == .slices || self == .unreadableBinaries }
}

/// One value of an aspect: what is compared (`category` and `value`), and what is reported but
/// not compared: the symbols that show it (a rebuilt binary may spell its evidence otherwise),
/// the slices it is in, and a slice's counts.
public struct DiffItem: Sendable, Hashable, Comparable {
  /// The required-reason category of an API or a declared reason; `nil` for the other aspects.
  public let category: String?
  /// The name, category, API, resource, behaviour, domain, SDK, slice, binary, architecture,
  /// package, signer, reason, library or rpath.
  public let value: String
  /// The evidence symbols, sorted, each once.
  public let symbols: [String]
  /// The xcframework slices the item is in, sorted, each once; empty outside xcframeworks and
  /// for what is not in a binary (the manifest's items, the package, the signer).
  public let slices: [String]
  /// A slice's counts (`SliceProfile.summary`); `nil` for every other item.
  public let detail: String?

  /// Creates an item; `symbols` and `slices` are sorted and made unique.
  package init(
    category: String? = nil, value: String, symbols: some Sequence<String> = [String](),
    slices: some Sequence<String> = [String](), detail: String? = nil
  ) {
    self.category = category
    self.value = value
    self.symbols = Set(symbols).sorted()
    self.slices = Set(slices).sorted()
    self.detail = detail
  }

  /// What two versions' items are matched by.
  var identity: [String] { [category ?? "", value] }

  /// The item in the slices of `kept` only; `nil` when it is in none of them.
  func keeping(slices kept: Set<String>) -> DiffItem? {
    let remaining = slices.filter(kept.contains)
    guard !remaining.isEmpty else { return nil }
    return DiffItem(category: category, value: value, symbols: symbols, slices: remaining, detail: detail)
  }

  /// Items sort by category, then value.
  public static func < (lhs: DiffItem, rhs: DiffItem) -> Bool {
    (lhs.category ?? "", lhs.value) < (rhs.category ?? "", rhs.value)
  }
}

/// What `sdkvet diff` compares of one target, from a scan or from a JSON report saved earlier.
public struct TargetProfile: Sendable, Hashable {
  /// The target's path as it was scanned.
  public let path: ScanPath
  /// Its kind, as a report writes it (`framework`, `xcframework`, …).
  public let kind: String
  /// Its `CFBundleIdentifier`, which targets are matched by first; `nil` when it has none.
  public let bundleIdentifier: String?
  /// The items of each aspect, sorted; an aspect without items may be absent. (`name` is not
  /// among them: see `items(of:)`.)
  public let items: [DiffAspect: [DiffItem]]
  /// An xcframework's library slices that hold binaries, by identifier; empty for other targets.
  package let slices: [SliceProfile]
  /// The platform families of the target, sorted: its slices' in an xcframework, else its
  /// binaries' (`PlatformFamily`, or the platform as reported outside the families).
  public let platforms: [String]
  /// Whether every privacy manifest of the target was read: when one was not, what the target
  /// declares is known only in part, so its declarations are not compared
  /// (`unreadable-privacy-manifest`).
  public let readEveryManifest: Bool

  /// Creates a profile from the items of the aspects that are not read from binaries and the
  /// target's binaries, from which it adds the slices, the unreadable binaries, architectures,
  /// platforms, linked libraries and rpaths; a category used without slices gets those of its
  /// APIs. Each aspect's items are sorted and made unique by identity.
  package init(
    path: ScanPath, kind: String, bundleIdentifier: String? = nil, items: [DiffAspect: [DiffItem]],
    binaries: [BinarySummary] = [], readEveryManifest: Bool = true
  ) {
    self.path = path
    self.kind = kind
    self.bundleIdentifier = bundleIdentifier
    self.readEveryManifest = readEveryManifest
    let sliceOf = { (binary: BinarySummary) in Self.slice(ofBinary: binary.path, targetPath: path, kind: kind) }
    slices = Dictionary(grouping: binaries.filter { sliceOf($0) != nil }) { sliceOf($0) ?? "" }
      .map { SliceProfile(identifier: $0.key, binaries: $0.value) }.sorted { $0.identifier < $1.identifier }
    platforms =
      slices.isEmpty
      ? Set(binaries.flatMap(\.platforms).map { PlatformFamily(reportPlatform: $0)?.rawValue ?? $0 }).sorted()
      : Set(slices.map(\.platform)).sorted()
    var items = items
    for binary in binaries {
      items.merge(Self.binaryItems(binary, slice: sliceOf(binary), targetPath: path), uniquingKeysWith: +)
    }
    let apis = items[.apis] ?? []
    items[.categories] = items[.categories]?.map { category in
      guard category.slices.isEmpty else { return category }
      let slices = apis.filter { $0.category == category.value }.flatMap(\.slices)
      return DiffItem(value: category.value, symbols: category.symbols, slices: slices)
    }
    let categories = items[.categories] ?? []
    if !slices.isEmpty {
      items[.slices] = slices.map { slice in
        let used = categories.filter { $0.slices.contains(slice.identifier) }.map(\.value)
        return DiffItem(value: slice.identifier, slices: [slice.identifier], detail: slice.summary(categories: used))
      }
    }
    self.items = items.mapValues { items in
      Dictionary(grouping: items, by: \.identity).values.map { group in
        DiffItem(
          category: group[0].category, value: group[0].value, symbols: group.flatMap(\.symbols),
          slices: group.flatMap(\.slices), detail: group[0].detail)
      }.sorted()
    }
  }

  /// The name targets without a common bundle identifier are matched by: the last component of
  /// the path (after the scanned root, or an archive's `!`).
  public var name: String {
    path.lastComponent.map(String.init) ?? path.description
  }

  /// The items of `aspect`: the stored ones, or for `name` the name.
  public func items(of aspect: DiffAspect) -> [DiffItem] {
    aspect == .name ? [DiffItem(value: name)] : items[aspect] ?? []
  }

  /// The platform of the slice `identifier` (`SliceProfile.platform`), or `""` for an item not in
  /// a slice.
  func platform(ofSlice identifier: String) -> String {
    slices.first { $0.identifier == identifier }?.platform ?? ""
  }

  /// The target restricted to one platform family: an xcframework's slices of that platform and
  /// the items in them (items in no slice, such as the manifest's, are kept); another target
  /// whole when its binaries are built for it. `nil` when nothing of the target is.
  public func restricted(to family: PlatformFamily) -> TargetProfile? {
    guard platforms.contains(family.rawValue) else { return nil }
    guard !slices.isEmpty else { return self }
    let slices = slices.filter { $0.platform == family.rawValue }
    let kept = Set(slices.map(\.identifier))
    return TargetProfile(
      path: path, kind: kind, bundleIdentifier: bundleIdentifier,
      items: items.mapValues { items in items.compactMap { $0.slices.isEmpty ? $0 : $0.keeping(slices: kept) } },
      slices: slices, platforms: [family.rawValue], readEveryManifest: readEveryManifest)
  }

  private init(
    path: ScanPath, kind: String, bundleIdentifier: String?, items: [DiffAspect: [DiffItem]], slices: [SliceProfile],
    platforms: [String], readEveryManifest: Bool
  ) {
    self.path = path
    self.kind = kind
    self.bundleIdentifier = bundleIdentifier
    self.items = items
    self.slices = slices
    self.platforms = platforms
    self.readEveryManifest = readEveryManifest
  }

  /// The xcframework slice a file of the target is in: the folder under the xcframework that
  /// holds it; `nil` outside xcframeworks.
  package static func slice(ofBinary binaryPath: ScanPath, targetPath: ScanPath, kind: String) -> String? {
    guard kind == TargetKind.xcframework.rawValue, let slice = binaryPath.components(below: targetPath)?.first
    else { return nil }
    return String(slice)
  }

  /// `value` prefixed by `slice` and one slash (`ios-arm64/arm64`, and `ios-arm64/usr/lib/swift`
  /// for `/usr/lib/swift`), or `value` outside a slice.
  static func joined(_ slice: String?, _ value: String) -> String {
    guard let slice else { return value }
    return value.hasPrefix("/") ? slice + value : "\(slice)/\(value)"
  }

  /// The items of one binary: its architectures, platforms and rpaths prefixed by its slice, its
  /// linked libraries in its slice, and itself when it is unreadable.
  private static func binaryItems(_ binary: BinarySummary, slice: String?, targetPath: ScanPath)
    -> [DiffAspect: [DiffItem]]
  {
    let slices = slice.map { [$0] } ?? []
    let perSlice = { (value: String) in DiffItem(value: joined(slice, value), slices: slices) }
    let inside = binary.path.components(below: targetPath)?.joined(separator: "/") ?? binary.path.description
    return [
      .architectures: binary.architectures.map(perSlice),
      .platforms: binary.platforms.map(perSlice),
      .linkedLibraries: binary.linkedLibraries.map { DiffItem(value: $0.name + $0.kindSuffix, slices: slices) },
      .rpaths: binary.rpaths.map(perSlice),
      .unreadableBinaries: binary.format.wasRead ? [] : [DiffItem(value: inside, slices: slices)],
    ]
  }

  /// The declared-reason items: each reason under its category.
  static func reasonItems(_ reasons: [String: [String]]) -> [DiffItem] {
    reasons.flatMap { category, reasons in reasons.map { DiffItem(category: category, value: $0) } }
  }

  /// The tracking item of a manifest that sets `NSPrivacyTracking` to true.
  static let declaredTrackingItem = "declared-tracking"

  /// The tracking items of a profile's flags.
  static func trackingItems(readsAdvertisingIdentifier: Bool, requestsAuthorization: Bool, declares: Bool)
    -> [DiffItem]
  {
    [
      readsAdvertisingIdentifier ? "reads-advertising-identifier" : nil,
      requestsAuthorization ? "requests-authorization" : nil,
      declares ? declaredTrackingItem : nil,
    ].compactMap { $0.map { DiffItem(value: $0) } }
  }

  /// The package item: `manager name version` (the branch or revision when there is no version).
  static func packageItem(manager: String, name: String, version: String?) -> DiffItem {
    DiffItem(value: "\(manager) \(name) \(version ?? "unversioned")")
  }
}

extension TargetProfile {
  /// The profile of a target of a scan.
  public init(_ target: TargetReport) {
    let kind = target.kind.rawValue
    let slices = { (evidence: [Evidence]) in
      evidence.compactMap { Self.slice(ofBinary: $0.binary, targetPath: target.path, kind: kind) }
    }
    var items: [DiffAspect: [DiffItem]] = [:]
    items[.categories] = target.usedCategories.map { DiffItem(value: $0) }
    items[.apis] = target.apiUses.map {
      DiffItem(category: $0.category, value: $0.api, symbols: [$0.evidence.symbol], slices: slices([$0.evidence]))
    }
    items[.permissions] = target.permissions.map {
      DiffItem(value: $0.resource, symbols: $0.evidence.map(\.symbol), slices: slices($0.evidence))
    }
    items[.tracking] = Self.trackingItems(
      readsAdvertisingIdentifier: target.tracking.readsAdvertisingIdentifier,
      requestsAuthorization: target.tracking.requestsAuthorization,
      declares: target.tracking.declaredTracking == true)
    items[.trackingDomains] = target.tracking.trackingDomains.map { DiffItem(value: $0) }
    items[.declaredCategories] = target.declaredCategories.map { DiffItem(value: $0) }
    items[.commonSDKs] = target.commonSDKs.map { DiffItem(value: $0.sdk) }
    items[.declaredReasons] = Self.reasonItems(target.declaredReasons)
    items[.package] = target.package.map {
      [Self.packageItem(manager: $0.manager.rawValue, name: $0.name, version: $0.version ?? $0.branch ?? $0.revision)]
    }
    items[.signer] = target.signature.map { [DiffItem(value: $0.signer.description)] }
    self.init(
      path: target.path, kind: kind, bundleIdentifier: target.bundleIdentifier, items: items, binaries: target.binaries,
      readEveryManifest: target.readEveryManifest)
  }
}
