import AuditModel
import BinaryImage
import PackageProvenance
import PrivacyCatalog
import ScanFiles
import TargetDiscovery

/// One use of a required-reason API, before it is attributed to a declared category.
struct UseRecord {
  /// Every category the API belongs to (two for `getattrlist`).
  var categories: [String]
  /// Apple's name of the API.
  var api: String
  /// Where it was found.
  var evidence: Evidence
  /// The xcframework slice of the binary.
  var slice: String?
  /// Whether the image is Mach-O (only Mach-O targets need a manifest).
  var isMachO: Bool
  /// Whether the image was built for macOS only.
  var isMacOSOnly: Bool
  /// Whether the image is a static library's member: code that is linked into another image.
  var isStatic: Bool
}

/// One piece of protected-resource evidence.
struct ResourceHit {
  var resource: ProtectedResource
  var strength: EvidenceStrength
  var evidence: Evidence
}

/// A manifest of the target, parsed (or the reason it could not be).
struct ParsedManifest {
  var file: TargetFile
  var manifest: PrivacyManifest
  /// The manifest is in a resource bundle, outside Apple's documented locations (ITMS-91107/91108).
  var isInResourceBundle: Bool
  /// Why the file could not be read; `nil` when it was. An unread manifest declares nothing the
  /// rules can see and proves nothing missing: the declarations it covers are not judged.
  var unreadable: String? = nil

  /// Whether `path` is a manifest in a resource bundle of `target`: inside a `.bundle` folder
  /// of the target, or in a `.bundle` target without code (a resource bundle scanned on its own).
  static func isInResourceBundle(_ path: ScanPath, of target: DiscoveredTarget) -> Bool {
    liesInResourceBundle(path, below: target.path) || (target.kind == .bundle && target.binaries.isEmpty)
  }

  /// Whether `path` lies in a `.bundle` folder below `target`.
  static func liesInResourceBundle(_ path: ScanPath, below target: ScanPath) -> Bool {
    path.components(below: target)?.dropLast().contains { $0.hasSuffix(".bundle") } ?? false
  }
}

/// The facts about one target that the rules judge, gathered from its evidence.
struct TargetAudit: Sendable {
  let target: DiscoveredTarget
  let binaries: [ScannedBinary]
  let uses: [UseRecord]
  let hits: [ResourceHit]
  let manifests: [ParsedManifest]
  let infoPlist: InfoPlistDocument?
  let localizedStrings: [InfoPlistDocument]
  /// The package record, and the problems in the lock files it was read from.
  let package: PackageAttribution?
  /// The known categories declared for each slice of the binaries (`""` outside xcframeworks).
  private let declaredBySlice: [String: Set<String>]
  /// The slices (`""` outside xcframeworks) some manifest covers.
  private let coveredSlices: Set<String>
  /// The slices (`""` outside xcframeworks) a manifest that could not be read covers.
  private let unjudgedSlices: Set<String>

  init(_ input: TargetEvidence, index: CatalogIndex) {
    target = input.target
    binaries = input.binaries
    var uses: [UseRecord] = []
    var hits: [ResourceHit] = []
    for binary in input.binaries {
      for image in binary.images {
        for match in image.matches where !match.isAdvisory {
          let evidence = Evidence(match: match, binary: binary.file.path, image: image)
          switch match.subject {
          case .requiredReasonAPI(let id, let categories) where !categories.isEmpty:
            uses.append(
              UseRecord(
                categories: categories, api: index.apiNames[id] ?? id, evidence: evidence, slice: binary.file.slice,
                isMachO: image.format == .machO, isMacOSOnly: image.isMacOSOnly, isStatic: image.member != nil))
          case .protectedResource(let id, let strength):
            if let resource = index.resources[id] {
              hits.append(ResourceHit(resource: resource, strength: strength, evidence: evidence))
            }
          default:
            break
          }
        }
      }
    }
    self.uses = uses
    self.hits = hits
    manifests = input.manifests.map { file in
      let inBundle = ParsedManifest.isInResourceBundle(file.file.path, of: input.target)
      switch file.contents {
      case .bytes(let data):
        return ParsedManifest(
          file: file.file, manifest: PrivacyManifest(parsing: data, knownCategories: index.categories),
          isInResourceBundle: inBundle)
      case .unreadable(let reason):
        return ParsedManifest(
          file: file.file, manifest: PrivacyManifest(), isInResourceBundle: inBundle, unreadable: reason)
      }
    }
    var declaredBySlice: [String: Set<String>] = [:]
    var coveredSlices: Set<String> = []
    var unjudgedSlices: Set<String> = []
    for slice in Set(input.binaries.map(\.file.slice)) {
      let covering = manifests.filter { $0.file.slice == nil || $0.file.slice == slice }
      if !covering.isEmpty { coveredSlices.insert(slice ?? "") }
      if covering.contains(where: { $0.unreadable != nil }) { unjudgedSlices.insert(slice ?? "") }
      declaredBySlice[slice ?? ""] = Set(
        covering.flatMap { $0.manifest.accessedAPITypes.map(\.category) }.filter(index.categories.contains))
    }
    self.declaredBySlice = declaredBySlice
    self.coveredSlices = coveredSlices
    self.unjudgedSlices = unjudgedSlices
    infoPlist = input.target.infoPlist.map(InfoPlistDocument.init)
    localizedStrings = input.localizedInfoPlistStrings.map(InfoPlistDocument.init)
    package = input.package
  }

  /// Whether the app-only rules apply: an app, or an app extension scanned on its own.
  var isAppTarget: Bool {
    target.kind == .app || (target.kind == .appExtension && target.embeddedIn == nil)
  }

  /// Whether at least one binary yielded images, so that "nothing uses it" can be judged.
  var hasReadableCode: Bool { binaries.contains { !$0.images.isEmpty } }

  /// Whether some manifest covers the binaries of `slice`: its own, or one outside every slice.
  func hasManifest(covering slice: String?) -> Bool {
    coveredSlices.contains(slice ?? "")
  }

  /// Whether some manifest covers the binaries of `slice` and every one that does was read: only
  /// then is a category they use and no manifest declares missing (an unread one may declare it).
  func hasReadManifests(covering slice: String?) -> Bool {
    hasManifest(covering: slice) && !unjudgedSlices.contains(slice ?? "")
  }

  /// Whether every manifest of the target was read: tracking and its domains are declared
  /// target-wide, so one that was not leaves them unknown.
  var readEveryManifest: Bool { manifests.allSatisfy { $0.unreadable == nil } }

  /// The known categories the manifests covering the binaries of `slice` declare.
  func declaredCategories(covering slice: String?) -> Set<String> {
    declaredBySlice[slice ?? ""] ?? []
  }

  /// The categories a use counts against: those of its categories that are declared, else all of them
  /// (a dual-category API such as `getattrlist` is satisfied by a declaration in either).
  func attributedCategories(of use: UseRecord) -> [String] {
    let declared = declaredCategories(covering: use.slice)
    let satisfied = use.categories.filter(declared.contains)
    return satisfied.isEmpty ? use.categories : satisfied
  }

  /// The tracking value `NSPrivacyTracking` takes across the manifests: true if any says so.
  var declaredTracking: Bool? {
    let values = manifests.compactMap(\.manifest.tracking)
    return values.isEmpty ? nil : values.contains(true)
  }
}
