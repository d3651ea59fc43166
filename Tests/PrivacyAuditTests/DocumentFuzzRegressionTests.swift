import AuditModel
import Foundation
import PackageProvenance
import PrivacyAudit
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// Replays `Fuzz/corpus/documents/`: inputs of the document fuzzer (`Scripts/fuzz-documents`)
/// that once crashed, hung or exhausted memory, and the hand-made hostile documents written by
/// `Fuzz/DocumentFuzz/make-hostile-inputs.py`.
///
/// As in the fuzz target, an input's first byte (modulo 9) says what the rest is: a privacy
/// manifest, an `Info.plist`, an `InfoPlist.strings`, a `--catalog` overlay, or a lock or state
/// file (`Podfile.lock`, `Package.resolved`, `workspace-state.json`, `Cartfile.resolved`, a
/// Carthage `.version` file). Each is audited or loaded the way `sdkvet scan` does it; besides
/// not trapping, the results must keep the audit's promises: one report per target, an
/// unreadable manifest reported, never ignored, and one `malformed-lock-file` finding for each
/// lock file that could not be read in full.
@Suite struct DocumentFuzzRegressionTests {
  static let folder = SampleLocator.packageRoot + "/Fuzz/corpus/documents"
  static let inputs: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "README.md" }.sorted()

  @Test func theCorpusIsFound() {
    #expect(!Self.inputs.isEmpty, "no inputs in \(Self.folder)")
  }

  @Test(arguments: inputs)
  func replays(name: String) throws {
    let input = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))
    let document = Data(input.dropFirst())
    let catalog = try Catalog.builtIn()
    switch (input.first ?? 0) % 9 {
    case 0: try auditManifest(document, catalog: catalog)
    case 1: try auditApp(infoPlist: document, strings: nil, catalog: catalog)
    case 2: try auditApp(infoPlist: Self.infoPlistWithPurposes, strings: document, catalog: catalog)
    case 3: overlay(document, on: catalog)
    case let selector:
      try auditPackage(lockFile: Self.lockFiles[Int(selector) - 4], holding: document, catalog: catalog)
    }
  }

  /// A framework whose binary imports `stat`, with `document` as its manifest.
  private func auditManifest(_ document: Data, catalog: Catalog) throws {
    let binary = try Fixture.binary("Fuzz.framework/Fuzz", Fixture.image(imports: ["_stat"]))
    let evidence = Fixture.framework("Fuzz.framework", binaries: [binary], manifest: document)
    let report = PrivacyAuditor(catalog: catalog).audit([evidence])
    #expect(report.targets.map(\.path) == ["Fuzz.framework"])
    let isDictionary: Bool
    if case .dictionary? = (try? PropertyListDocument(parsing: document))?.root {
      isDictionary = true
    } else {
      isDictionary = false
    }
    if !isDictionary {
      #expect(report.allFindings.contains { $0.rule == .invalidPrivacyManifest })
    }
  }

  /// An app whose binary asks for the camera, with the given `Info.plist` and English strings.
  private func auditApp(infoPlist: Data, strings: Data?, catalog: Catalog) throws {
    let binary = try Fixture.binary(
      "Fuzz.app/Fuzz",
      Fixture.image(
        imports: ["_OBJC_CLASS_$_AVCaptureDevice"], selectors: ["requestAccessForMediaType:completionHandler:"]))
    let target = DiscoveredTarget(
      path: "Fuzz.app", kind: .app, binaries: [binary.file],
      infoPlist: PropertyListFile(path: "Fuzz.app/Info.plist", parsing: infoPlist),
      localizedInfoPlistStrings: strings == nil ? [] : ["Fuzz.app/en.lproj/InfoPlist.strings"])
    let evidence = TargetEvidence(
      target: target, binaries: [binary],
      localizedInfoPlistStrings: strings.map { [Fixture.loaded("Fuzz.app/en.lproj/InfoPlist.strings", $0)] } ?? [])
    let report = PrivacyAuditor(catalog: catalog).audit([evidence])
    #expect(report.targets.map(\.path) == ["Fuzz.app"])
  }

  /// Loads `document` as an overlay; one that is accepted may only add to the catalog.
  private func overlay(_ document: Data, on catalog: Catalog) {
    guard let overlay = try? Catalog(jsonData: document, origin: "fuzz.json"),
      let merged = try? catalog.overlaying(overlay)
    else { return }
    #expect(merged.apis.count >= catalog.apis.count)
    #expect(merged.resources.count >= catalog.resources.count)
    _ = CatalogMatcher(catalog: merged, includeAdvisory: true).matches(in: Fixture.image(imports: ["_stat"]))
  }

  /// Where the fuzz target puts the lock file of each selector from 4 on, and the target it is read for.
  private static let lockFiles: [(file: String, target: String)] = [
    ("Podfile.lock", "Pods/TrackerKit/TrackerKit.framework"),
    ("Package.resolved", ".build/artifacts/goodkit/GoodKit/GoodKit.xcframework"),
    (".build/workspace-state.json", ".build/artifacts/goodkit/GoodKit/GoodKit.xcframework"),
    ("Cartfile.resolved", "Carthage/Build/GoodKit.xcframework"),
    ("Carthage/Build/.GoodKit.version", "Carthage/Build/GoodKit.xcframework"),
  ]

  /// The fuzz target names its lock files' targets after the samples', so a seed gives a full record.
  @Test func aSampleLockFileGivesItsWholeRecord() throws {
    let lock = try Data(
      contentsOf: URL(fileURLWithPath: SampleLocator.packageRoot + "/Samples/packages/PodsApp/Podfile.lock"))
    let package = try auditPackage(lockFile: Self.lockFiles[0], holding: lock, catalog: Catalog.builtIn())
    #expect(
      package?.record == PackageRecord(manager: .cocoaPods, name: "TrackerKit", version: "3.2.1", source: "trunk"))
    #expect(package?.issues == [])
  }

  /// A project holding `document` as its lock or state file, scanned for the target beside it:
  /// the target has a record, and each issue in it is a `malformed-lock-file` finding.
  @discardableResult
  private func auditPackage(
    lockFile: (file: String, target: String), holding document: Data, catalog: Catalog
  ) throws -> PackageAttribution? {
    let tree = try TemporaryTree()
    try tree.file(lockFile.file, Array(document))
    let binary = try Fixture.binary(lockFile.target + "/GoodKit", Fixture.image())
    let target = DiscoveredTarget(
      path: ScanPath(tree.root + "/" + lockFile.target), kind: .xcframework, binaries: [binary.file])
    let package = PackageProvenance().attribute([target], roots: [ScanPath(tree.root)])[target.path]
    #expect(package != nil, "no record for \(lockFile.target)")
    let report = PrivacyAuditor(catalog: catalog).audit([
      TargetEvidence(target: target, binaries: [binary], package: package)
    ])
    #expect(report.targets.map(\.path) == [target.path])
    #expect(report.allFindings.filter { $0.rule == .malformedLockFile }.count == package?.issues.count)
    return package
  }

  private static let infoPlistWithPurposes = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleExecutable</key><string>Fuzz</string>
      <key>NSCameraUsageDescription</key><string>Scans receipts you photograph.</string>
    </dict></plist>
    """.utf8)
}
