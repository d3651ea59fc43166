import AuditModel
import BinaryImage
import PackageProvenance
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery

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
    let place = target.binaries.first?.path ?? target.path
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
    var including: [String: Set<ScanPath>] = [:]
    for binary in audit.binaries {
      // By index: iterating the images would copy each whole, and most match no SDK.
      for index in binary.images.indices where binary.images[index].format == .machO {
        for match in binary.images[index].commonSDKs {
          byName[match.sdk, default: []] += match.symbols.map { symbol in
            Evidence(
              symbol: symbol, via: .definition, binary: binary.file.path,
              architecture: binary.images[index].architecture, member: binary.images[index].member, library: nil)
          }
          let found: SDKDetection.Confidence = match.proof == .documentedDefinitions ? .classes : .module
          if confidence[match.sdk].map({ $0 < found }) ?? true { confidence[match.sdk] = found }
          if !named.contains(match.sdk) { including[match.sdk, default: []].insert(binary.file.path) }
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
    sdk: String, name: String, binary: ScanPath
  )] {
    var found: [(sdk: String, name: String, binary: ScanPath)] = []
    for binary in audit.binaries {
      let installNames = binary.images.compactMap(\.installName)
      let candidates =
        Set(installNames).sorted().map { ($0, LinkedLibrary(name: $0).bareName) }
        + [(binary.file.path.lastComponent.map(String.init) ?? "", TargetNaming.baseName(of: binary.file.path))]
      for (name, bare) in candidates {
        guard let sdk = index.commonSDKNames[bare.lowercased()], !found.contains(where: { $0.sdk == sdk }) else {
          continue
        }
        found.append((sdk, name, binary.file.path))
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
        : "\(detection.includedIn.map(\.description).joined(separator: ", ")) includes \(detection.sdk)"
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
