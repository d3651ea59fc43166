import Foundation
import PrivacyAudit
import PrivacyCatalog
import PropertyLists
import TargetDiscovery
import TestSupport
import Testing

/// Replays `Fuzz/corpus/documents/`: inputs of the document fuzzer (`Scripts/fuzz-documents`)
/// that once crashed, hung or exhausted memory, and the hand-made hostile documents written by
/// `Fuzz/DocumentFuzz/make-hostile-inputs.py`.
///
/// As in the fuzz target, an input's first byte (modulo 4) says what the rest is: a privacy
/// manifest, an `Info.plist`, an `InfoPlist.strings` or a `--catalog` overlay. Each is audited or
/// loaded the way `sdkvet scan` does it; besides not trapping, the results must keep the audit's
/// promises: one report per target, and an unreadable manifest reported, never ignored.
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
    switch (input.first ?? 0) % 4 {
    case 0: try auditManifest(document, catalog: catalog)
    case 1: try auditApp(infoPlist: document, strings: nil, catalog: catalog)
    case 2: try auditApp(infoPlist: Self.infoPlistWithPurposes, strings: document, catalog: catalog)
    default: overlay(document, on: catalog)
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

  private static let infoPlistWithPurposes = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleExecutable</key><string>Fuzz</string>
      <key>NSCameraUsageDescription</key><string>Scans receipts you photograph.</string>
    </dict></plist>
    """.utf8)
}
