import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery
import TestSupport

/// Builders for synthetic audit inputs: images made with `NameTable`, manifests and plists
/// serialized by Foundation, targets as discovery would describe them.
enum Fixture {
  static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
  static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
  static let keyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"
  static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"

  static func catalog() throws -> Catalog { try Catalog.builtIn() }

  /// An image importing `imports` (undefined symbols bound to libSystem) and sending `selectors`.
  static func image(
    format: Image.Format = .machO, architecture: String = "arm64", member: String? = nil, platforms: [String] = ["ios"],
    imports: [String] = [], definitions: [String] = [], selectors: [String] = []
  ) -> Image {
    var image = Image(
      format: format, architecture: architecture, member: member, kind: .sharedLibrary, fileType: "test", imageSize: 0)
    image.libraries = [LinkedLibrary(name: format == .machO ? "/usr/lib/libSystem.B.dylib" : "libc.so.6")]
    for name in imports {
      image.symbols.append(
        Symbol(name: image.names.appendTestName(name), isDefined: false, origin: .symbolTable, library: .linked(0)))
    }
    for name in definitions {
      image.symbols.append(Symbol(name: image.names.appendTestName(name), isDefined: true, origin: .symbolTable))
    }
    for selector in selectors { image.selectorReferences.append(image.names.appendTestName(selector)) }
    if format == .machO {
      var metadata = MachOMetadata()
      metadata.buildVersions = platforms.map {
        MachOMetadata.BuildVersion(platform: $0, minimumOS: "15.0", sdk: "17.0")
      }
      image.machO = metadata
    }
    return image
  }

  /// A binary at `path` holding `images`, matched against the built-in catalog.
  static func binary(_ path: String, slice: String? = nil, _ images: Image...) throws -> ScannedBinary {
    let container: BinaryFile.Container = images.first?.format == .elf ? .elf : .machO
    let file = BinaryFile(path: path, container: container, images: images)
    return ScannedBinary(
      file: TargetFile(path: ScanPath(path), slice: slice), reading: file,
      matcher: CatalogMatcher(catalog: try catalog()))
  }

  /// Property list bytes (XML unless `binary`).
  static func plist(_ root: Any, binary: Bool = false) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: root, format: binary ? .binary : .xml, options: 0)
  }

  /// One `NSPrivacyAccessedAPITypes` entry.
  static func api(_ category: String, _ reasons: String...) -> [String: Any] {
    ["NSPrivacyAccessedAPIType": category, "NSPrivacyAccessedAPITypeReasons": reasons]
  }

  /// A manifest declaring `entries`, with optional tracking keys.
  static func manifest(_ entries: [[String: Any]], tracking: Bool? = nil, domains: [String]? = nil) throws -> Data {
    var root: [String: Any] = [:]
    if !entries.isEmpty { root["NSPrivacyAccessedAPITypes"] = entries }
    if let tracking { root["NSPrivacyTracking"] = tracking }
    if let domains { root["NSPrivacyTrackingDomains"] = domains }
    return try plist(root)
  }

  static func loaded(_ path: String, slice: String? = nil, _ data: Data) -> LoadedFile {
    LoadedFile(file: TargetFile(path: ScanPath(path), slice: slice), contents: .bytes(data))
  }

  /// A framework target at `path` with `binaries` and an optional manifest.
  static func framework(
    _ path: String = "Sdk.framework", kind: TargetKind = .framework, embeddedIn: String? = nil,
    binaries: [ScannedBinary],
    manifest: Data? = nil
  ) -> TargetEvidence {
    let target = DiscoveredTarget(
      path: ScanPath(path), kind: kind, embeddedIn: embeddedIn.map { ScanPath($0) }, binaries: binaries.map(\.file))
    let manifests = manifest.map { [loaded(path + "/PrivacyInfo.xcprivacy", $0)] } ?? []
    return TargetEvidence(target: target, binaries: binaries, manifests: manifests)
  }

  /// An app target with an Info.plist holding `infoPlist`.
  static func app(
    _ path: String = "Demo.app", binaries: [ScannedBinary], manifest: Data? = nil, infoPlist: [String: Any] = [:],
    strings: [(String, Data)] = []
  ) throws -> TargetEvidence {
    var evidence = framework(path, kind: .app, binaries: binaries, manifest: manifest)
    evidence.target.infoPlist = PropertyListFile(path: ScanPath(path + "/Info.plist"), parsing: try plist(infoPlist))
    evidence.localizedInfoPlistStrings = strings.map { loaded(path + "/" + $0.0 + "/InfoPlist.strings", $0.1) }
    return evidence
  }

  static func audit(_ targets: TargetEvidence...) throws -> AuditReport {
    PrivacyAuditor(catalog: try catalog()).audit(targets)
  }
}

extension AuditReport {
  /// The findings of `rule` on the target at `path`.
  func findings(_ rule: RuleID, at path: String) -> [Finding] {
    targets.first { $0.path.description == path }?.findings.filter { $0.rule == rule } ?? []
  }

  /// The target at `path`.
  func target(_ path: String) -> TargetReport? {
    targets.first { $0.path.description == path }
  }
}
