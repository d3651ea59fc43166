import BinaryImage
import PackageProvenance
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery

/// A commonly used SDK (Apple's list, ITMS-91061) recognised in a target.
public struct SDKDetection: Sendable, Hashable {
  /// How the SDK was recognised, weakest first; the raw values are the report's strings.
  ///
  /// Each identifies the SDK: a name, an identifier, every class the catalog documents as the
  /// SDK's own (read from its headers, `CommonSDK.classes`), or types of its Swift module (a
  /// module's name is unique in a process). A class prefix does not: vendors share them.
  public enum Confidence: String, Sendable, Hashable, Comparable {
    /// A binary defines types of the SDK's Swift module (their nominal type descriptors).
    case module
    /// A binary defines every class and C symbol the catalog documents as the SDK's own.
    case classes
    /// The framework, library or bundle is named like the SDK or an alias.
    case name
    /// The last part of the bundle's `CFBundleIdentifier` is the SDK's name or an alias, or a
    /// dependency manager recorded the target under that name (a pod, a package identity).
    case identifier

    /// Weaker than: `module` < `classes` < `name` < `identifier`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      let order: [Self] = [.module, .classes, .name, .identifier]
      return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
  }

  /// The SDK's name as Apple's list spells it.
  public package(set) var sdk: String
  /// The strongest way it was recognised.
  public package(set) var confidence: Confidence
  /// The binaries that include the SDK under another name ("X includes Y"), sorted; empty when
  /// the target itself is named or identified as the SDK.
  public package(set) var includedIn: [String]
  /// What recognised it: the name, the bundle identifier and the definitions, sorted.
  public package(set) var evidence: [Evidence]

  /// Creates a detection.
  package init(sdk: String, confidence: Confidence, includedIn: [String] = [], evidence: [Evidence]) {
    self.sdk = sdk
    self.confidence = confidence
    self.includedIn = includedIn
    self.evidence = evidence
  }
}

extension SDKDetection.Confidence {
  /// What recognised the SDK, as a message says it; `definitions` are the symbols shown.
  func proof(definitions: [String]) -> String {
    switch self {
    case .module: "types of its Swift module, shown below"
    case .classes: "every \(Self.documentedKinds(definitions)) its headers declare, shown below"
    case .name, .identifier: rawValue
    }
  }

  /// What documented definitions are, as a message names them: "class", "C symbol", or
  /// "class and C symbol" (`_OBJC_CLASS_$_FMDatabase` is a class, `_pb_encode` a C symbol).
  package static func documentedKinds(_ definitions: [String]) -> String {
    let classes = definitions.filter { $0.hasPrefix("_OBJC_CLASS_$_") || $0.hasPrefix("OBJC_CLASS_$_") }.count
    switch (classes > 0, classes < definitions.count) {
    case (true, true): return "class and C symbol"
    case (false, true): return "C symbol"
    default: return "class"
    }
  }
}

/// Recognises the commonly used SDKs in a target and the rule `listed-sdk-without-manifest`.
enum CommonSDKRules {
  /// The most definitions cited as evidence per SDK and target.
  static let shownDefinitions = 10

  /// The target kinds that are Apple code bundles whatever their binaries turn out to be: their name
  /// alone makes them a listed SDK, as Apple's check is by name.
  static let appleBundleKinds: Set<TargetKind> = [.framework, .xcframework]

  /// The listed SDKs in an Apple target (a bundle, or any target with Mach-O code), by SDK name.
  /// A bundle named like a listed SDK is one even when none of its binaries can be read.
  static func detections(_ audit: TargetAudit, index: CatalogIndex) -> [SDKDetection] {
    guard
      appleBundleKinds.contains(audit.target.kind)
        || audit.binaries.contains(where: { $0.images.contains { $0.format == .machO } })
    else { return [] }
    var byName: [String: [Evidence]] = [:]
    var confidence: [String: SDKDetection.Confidence] = [:]
    let target = audit.target
    let place = (target.binaries.first?.path ?? target.path).description
    let ownName = TargetNaming.baseName(of: target.path)
    if let sdk = index.commonSDKNames[ownName.lowercased()] {
      byName[sdk, default: []].append(
        Evidence(symbol: ownName, via: .bundleName, binary: place, architecture: nil, member: nil, library: nil))
      confidence[sdk] = .name
    }
    // A renamed folder keeps its binaries' names: their install names and file names.
    for (sdk, name, binary) in binaryNames(audit, index: index) where confidence[sdk] == nil {
      byName[sdk, default: []].append(
        Evidence(symbol: name, via: .binaryName, binary: binary, architecture: nil, member: nil, library: nil))
      confidence[sdk] = .name
    }
    // An xcframework's own Info.plist has none: the identifier its frameworks share.
    if let identifier = target.bundleIdentifier,
      let last = identifier.split(separator: ".").last, let sdk = index.commonSDKNames[last.lowercased()]
    {
      byName[sdk, default: []].append(
        Evidence(
          symbol: identifier, via: .bundleIdentifier, binary: place, architecture: nil, member: nil, library: nil))
      confidence[sdk] = .identifier
    }
    // The name CocoaPods, SwiftPM or Carthage recorded: a pod, package identity or project name.
    if let package = audit.package?.record, let sdk = index.commonSDKNames[package.name.lowercased()] {
      byName[sdk, default: []].append(
        Evidence(symbol: package.name, via: .packageName, binary: place, architecture: nil, member: nil, library: nil))
      if confidence[sdk] == nil { confidence[sdk] = .identifier }
    }
    let named = Set(byName.keys)
    var including: [String: Set<String>] = [:]
    for binary in audit.binaries {
      for image in binary.images where image.format == .machO {
        for match in image.commonSDKs {
          byName[match.sdk, default: []] += match.symbols.map { symbol in
            Evidence(
              symbol: symbol, via: .definition, binary: binary.file.path.description, architecture: image.architecture,
              member: image.member, library: nil)
          }
          let found: SDKDetection.Confidence = match.proof == .documentedDefinitions ? .classes : .module
          if confidence[match.sdk].map({ $0 < found }) ?? true { confidence[match.sdk] = found }
          if !named.contains(match.sdk) { including[match.sdk, default: []].insert(binary.file.path.description) }
        }
      }
    }
    return byName.keys.sorted().map { sdk in
      let evidence = (byName[sdk] ?? []).normalized
      let names = evidence.filter { $0.via != .definition }
      let definitions = evidence.filter { $0.via == .definition }.prefix(shownDefinitions)
      return SDKDetection(
        sdk: sdk, confidence: confidence[sdk] ?? .name, includedIn: (including[sdk] ?? []).sorted(),
        evidence: names + definitions)
    }
  }

  /// The listed SDKs the target's binaries are named like, each once: by a Mach-O install name
  /// (`@rpath/FBAEMKit.framework/FBAEMKit`, `LC_ID_DYLIB`) or a binary's file name (a bundle's
  /// `CFBundleExecutable`, a library without its `lib`), with that name and the binary.
  private static func binaryNames(_ audit: TargetAudit, index: CatalogIndex) -> [(
    sdk: String, name: String, binary: String
  )] {
    var found: [(sdk: String, name: String, binary: String)] = []
    for binary in audit.binaries {
      let installNames = binary.images.compactMap(\.installName)
      let candidates =
        Set(installNames).sorted().map { ($0, LinkedLibrary(name: $0).bareName) }
        + [(binary.file.path.lastComponent.map(String.init) ?? "", TargetNaming.baseName(of: binary.file.path))]
      for (name, bare) in candidates {
        guard let sdk = index.commonSDKNames[bare.lowercased()], !found.contains(where: { $0.sdk == sdk }) else {
          continue
        }
        found.append((sdk, name, binary.file.path.description))
      }
    }
    return found
  }

  /// `listed-sdk-without-manifest`: one error per listed SDK in a target that has no manifest.
  static func findings(_ audit: TargetAudit, detections: [SDKDetection]) -> [Finding] {
    guard audit.manifests.isEmpty else { return [] }
    return detections.map { detection in
      let what =
        detection.includedIn.isEmpty
        ? "This target is \(detection.sdk)"
        : "\(detection.includedIn.joined(separator: ", ")) includes \(detection.sdk)"
      let proof = detection.confidence.proof(
        definitions: detection.evidence.filter { $0.via == .definition }.map(\.symbol))
      return Finding(
        rule: .listedSDKWithoutManifest, subject: .target,
        message:
          "\(what) (recognised by \(proof)), on Apple's list of commonly used SDKs, and the target has no "
          + "PrivacyInfo.xcprivacy: App Store Connect rejects a new app or an update that adds it (ITMS-91061). "
          + "Use a release of \(detection.sdk) that ships its privacy manifest, or ask the vendor for one.",
        evidence: detection.evidence)
    }
  }
}

/// The name a target goes by: its file or bundle name without the extension, and without the
/// `lib` of a library file.
enum TargetNaming {
  static func baseName(of path: ScanPath) -> String {
    let file = path.lastComponent.map(String.init) ?? path.description
    let bundleExtensions = [".framework", ".xcframework", ".bundle", ".app", ".appex", ".a", ".dylib", ".so"]
    var name = file
    if let suffix = bundleExtensions.first(where: { file.hasSuffix($0) && file.count > $0.count }) {
      name = String(file.dropLast(suffix.count))
      if [".a", ".dylib", ".so"].contains(suffix), name.hasPrefix("lib"), name.count > 3 {
        name = String(name.dropFirst(3))
      }
    }
    return name
  }
}
