import AuditModel
import AuditReports
import BinaryImage
import Foundation
import PrivacyAudit
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer entry point for the documents sdkvet reads beside the binaries: privacy manifests,
/// `Info.plist`, `InfoPlist.strings`, `--catalog` overlays, and the dependency managers' lock and
/// state files, and saved JSON reports (`--baseline`, `diff`).
///
/// The first byte of an input says what the rest is (see `FuzzedDocument`). A property list is
/// audited the way `sdkvet scan` audits it, as the document of a target whose binary imports
/// every spelling of the catalog, and the report is rendered in every format; an overlay is
/// decoded, laid over the built-in catalog, and the resulting matcher is run over an image that
/// imports every spelling the overlay names; a lock or state file is read for the package record
/// of a target the manager put beside it (`LockFilePlacement`), which is audited and rendered in
/// every format like a property list. A property list is also read as a bundle's seal both
/// ways (`checkSealRoutes`), which must agree. Any outcome is fine except a trap, an
/// AddressSanitizer report, a hang or runaway memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocuments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0, let document = FuzzedDocument(selector: data[0]), let fixed = FixedParts.shared else {
    return 0
  }
  let bytes = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch document {
  case .manifest, .infoPlist, .infoPlistStrings:
    checkSealRoutes(bytes)
    let report = fixed.auditor.audit([document.evidence(holding: bytes, binary: fixed.binaryUsingEverything)])
    render(report)
  case .podfileLock, .packageResolved, .workspaceState, .cartfileResolved, .carthageVersionFile:
    guard let placement = LockFilePlacement(document) else { return 0 }
    render(fixed.auditor.audit([placement.evidence(holding: bytes, binary: fixed.binaryUsingNothing)]))
  case .catalogOverlay:
    guard let overlay = try? Catalog(jsonData: bytes, origin: "fuzz.json"),
      let merged = try? fixed.catalog.overlaying(overlay),
      let image = try? ImportingImage.every(spellingOf: overlay)
    else { return 0 }
    _ = CatalogMatcher(catalog: merged, includeAdvisory: true).matches(in: image)
    var sink = DiscardingStream()
    CatalogMarkdown.write(merged, to: &sink)
  case .savedReport:
    if let baseline = try? Baseline(jsonReport: bytes, origin: "fuzz.json") {
      _ = baseline.filtering(AuditReport(targets: []), workingFolder: "/fuzz")
    }
    if let saved = try? SavedReport(json: bytes, origin: "fuzz.json") {
      let profiles = saved.report.targets.map(TargetProfile.init)
      _ = ReportDiff(old: profiles, new: profiles)
      render(saved.report)
    }
  }
  return 0
}

/// Renders `report` in every format, keeping nothing.
func render(_ report: AuditReport) {
  var sink = DiscardingStream()
  for format in ReportFormat.allCases {
    format.reporter(toolVersion: "fuzz", useColor: true, scanRoot: "/fuzz").write(report, to: &sink)
  }
}

/// libFuzzer's set-up hook: stops the run at once when the built-in catalog cannot be loaded
/// (a broken fuzz build), rather than fuzzing nothing.
@_cdecl("LLVMFuzzerInitialize")
public func initializeDocumentFuzzer(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  guard FixedParts.shared != nil else {
    FileHandle.standardError.write(Data("document-fuzz: the built-in catalog does not load\n".utf8))
    exit(2)
  }
  return 0
}

/// What every input shares, built once: the catalog, its auditor, and a binary that uses everything.
struct FixedParts: Sendable {
  let catalog: Catalog
  let auditor: PrivacyAuditor
  /// An image that imports every spelling of the catalog, already matched.
  let binaryUsingEverything: ScannedImage
  /// An image that imports nothing: a lock file's target, whose report is about its package alone.
  let binaryUsingNothing: ScannedImage

  /// `nil` when the built-in catalog cannot be loaded.
  static let shared: FixedParts? = {
    guard let catalog = try? Catalog.builtIn(), let image = try? ImportingImage.every(spellingOf: catalog) else {
      return nil
    }
    let matcher = CatalogMatcher(catalog: catalog, includeAdvisory: true)
    return FixedParts(
      catalog: catalog, auditor: PrivacyAuditor(catalog: catalog),
      binaryUsingEverything: ScannedImage(image: image, matcher: matcher),
      binaryUsingNothing: ScannedImage(image: ImportingImage.nothing, matcher: matcher))
  }()
}

/// What the bytes after an input's first byte are read as (first byte modulo 9).
enum FuzzedDocument: UInt8, CaseIterable {
  /// An SDK's `PrivacyInfo.xcprivacy`.
  case manifest
  /// An app's `Info.plist`.
  case infoPlist
  /// An app's `en.lproj/InfoPlist.strings` (beside a fixed `Info.plist` with purpose strings).
  case infoPlistStrings
  /// A `--catalog` overlay (JSON).
  case catalogOverlay
  /// CocoaPods' `Podfile.lock` (the YAML subset `Manifest.lock` shares).
  case podfileLock
  /// SwiftPM's `Package.resolved` (JSON, versions 1 to 3).
  case packageResolved
  /// SwiftPM's `.build/workspace-state.json`.
  case workspaceState
  /// Carthage's `Cartfile.resolved`.
  case cartfileResolved
  /// A Carthage `Build/.<Project>.version` file (JSON).
  case carthageVersionFile
  /// A saved JSON report, as `scan --baseline`, `render` and `diff` read it back (split into its targets by
  /// `JSONNode.memberRanges`/`elementRanges`, one target at a time).
  case savedReport

  init?(selector: UInt8) {
    self.init(rawValue: selector % UInt8(Self.allCases.count))
  }

  /// A target holding `bytes` as this document, and `binary` as its executable.
  func evidence(holding bytes: Data, binary image: ScannedImage) -> TargetEvidence {
    let isApp = self != .manifest
    let root = isApp ? "Fuzz.app" : "Fuzz.framework"
    let fuzzed = LoadedFile(file: TargetFile(path: ScanPath("\(root)/\(fileName)")), contents: .bytes(bytes))
    let binary = ScannedBinary(file: TargetFile(path: ScanPath("\(root)/Fuzz")), format: .machO, images: [image])
    // Discovery parses an Info.plist once and hands it to the audit on the target.
    let infoPlist: PropertyListFile? =
      switch self {
      case .manifest, .catalogOverlay, .podfileLock, .packageResolved, .workspaceState, .cartfileResolved,
        .carthageVersionFile, .savedReport:
        nil
      case .infoPlist: PropertyListFile(path: ScanPath("\(root)/Info.plist"), parsing: bytes)
      case .infoPlistStrings: PropertyListFile(path: ScanPath("\(root)/Info.plist"), parsing: Self.baseInfoPlist)
      }
    let target = DiscoveredTarget(
      path: ScanPath(root), kind: isApp ? .app : .framework, binaries: [binary.file],
      manifests: self == .manifest ? [fuzzed.file] : [], infoPlist: infoPlist,
      localizedInfoPlistStrings: self == .infoPlistStrings ? [fuzzed.file.path] : [])
    return TargetEvidence(
      target: target, binaries: [binary], manifests: self == .manifest ? [fuzzed] : [],
      localizedInfoPlistStrings: self == .infoPlistStrings ? [fuzzed] : [])
  }

  private var fileName: String {
    switch self {
    case .manifest: "PrivacyInfo.xcprivacy"
    case .infoPlist: "Info.plist"
    case .infoPlistStrings: "en.lproj/InfoPlist.strings"
    case .catalogOverlay, .podfileLock, .packageResolved, .workspaceState, .cartfileResolved, .carthageVersionFile,
      .savedReport:
      "\(self)"  // not a target's property list; never audited through `evidence(holding:binary:)`
    }
  }

  /// The `Info.plist` beside a fuzzed strings file: an app with purpose strings the strings file localizes.
  private static let baseInfoPlist = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleExecutable</key><string>Fuzz</string>
      <key>NSCameraUsageDescription</key><string>Scans receipts you photograph.</string>
      <key>NSMicrophoneUsageDescription</key><string>Records voice notes you dictate.</string>
      <key>NSUserTrackingUsageDescription</key><string>Shows ads that match your interests.</string>
    </dict></plist>
    """.utf8)
}

/// The images of the fuzzed targets: one that imports every name a catalog spells, so that every
/// API and resource matches, and one that imports nothing.
enum ImportingImage {
  /// An image with no symbols at all.
  static let nothing = Image(
    format: .machO, architecture: "arm64", kind: .sharedLibrary, fileType: "MH_DYLIB", imageSize: 0)

  /// - Throws: when the names go over the image's name limit (an overlay of many long spellings).
  static func every(spellingOf catalog: Catalog) throws(BinaryError) -> Image {
    let spellings = catalog.apis.flatMap(\.spellings) + catalog.resources.flatMap { $0.evidence.map(\.spelling) }
    let conditions = catalog.resources.flatMap { $0.evidence.flatMap(\.onlyWith) }
    var image = nothing
    func addImport(_ name: String) throws(BinaryError) {
      image.symbols.append(Symbol(name: try image.names.append(name, at: nil), isDefined: false, origin: .symbolTable))
    }
    for spelling in spellings {
      switch spelling.kind {
      case .selector:
        image.selectorReferences.append(try image.names.append(spelling.name, at: nil))
        try addImport(Spelling.objcStubPrefix + spelling.name)
      case .swiftPrefix:
        try addImport("_" + spelling.name + "Vvg")
      case .cFunction, .objcConstant, .objcClass:
        try addImport(spelling.name)
      }
    }
    for condition in conditions { try addImport(condition) }
    return image
  }
}

/// A text stream that keeps only a running count, so rendering is exercised without keeping output.
struct DiscardingStream: TextOutputStream {
  var count = 0

  mutating func write(_ string: String) {
    count &+= string.utf8.count
  }
}
