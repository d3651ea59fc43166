import AuditModel
import AuditReports
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery
import Testing

/// The examples of `Docs/LIBRARY.md`, one test each, as written there (`print` collected into
/// `printed`), so the document cannot describe an API that is gone. The examples of applying a
/// policy or a baseline and of naming callers are `FinishedReportTests`; of scanning a custom
/// file system, `EmbeddingTests.scanBytesThatAreNotOnDisk`.
@Suite struct LibraryExampleTests {
  static let sdks = EmbeddingTests.samples
  static let privacyApp = EmbeddingTests.samples + "/../privacy/PrivacyApp.app"

  /// LIBRARY.md, "Scan paths".
  @Test func scanPaths() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let pipeline = ScanPipeline(catalog: try Catalog.builtIn())
    let outcome = pipeline.run(paths: [Self.sdks + "/NoManifestKit.framework", Self.sdks + "/Missing.framework"])
    for problem in outcome.problems { print("cannot scan", problem.path, problem.message) }
    for target in outcome.report.targets {
      for finding in target.findings {
        print(target.path, finding.severity.rawValue, finding.rule.rawValue, finding.message)
      }
    }

    #expect(printed.count == 2)
    #expect(printed.first?.hasPrefix("cannot scan \(Self.sdks)/Missing.framework") == true)
    #expect(printed.last?.contains("NoManifestKit.framework error missing-privacy-manifest") == true)
  }

  /// LIBRARY.md, "Read findings and the privacy profile".
  @Test func readFindingsAndThePrivacyProfile() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let catalog = try Catalog.builtIn()
    let report = ScanPipeline(catalog: catalog).run(paths: [Self.privacyApp]).report
    for target in report.targets {
      print(target.path, "uses", target.usedCategories, "declares", target.declaredCategories)
      for finding in target.findings where finding.severity >= .warning {
        print("  ", finding.rule.rawValue, finding.appStoreCode?.rawValue ?? "-", finding.evidence.map(\.symbol))
      }
    }
    let picture = PrivacyPicture(report: report, catalog: catalog)
    for row in picture.dataTypes { print(row.dataType, "declared by", row.bundles) }
    for question in picture.questions { print(question.bundle, "reaches", question.capability.name) }

    #expect(printed.contains { $0.contains("LocationKit.framework uses") })
    #expect(printed.contains { $0.hasPrefix("NSPrivacyCollectedDataTypeDeviceID declared by") })
    #expect(printed.contains { $0.contains("LocationKit.framework reaches") })
  }

  /// LIBRARY.md, "Render a format".
  @Test func renderEachFormat() throws {
    let catalog = try Catalog.builtIn()
    let report = ScanPipeline(catalog: catalog).run(paths: [Self.sdks + "/NoManifestKit.framework"]).report
    var rendered: [ReportFormat: String] = [:]
    for format in ReportFormat.allCases {  // text, json, sarif, markdown, html
      let reporter = format.reporter(toolVersion: "1.0", useColor: false, scanRoot: Self.sdks)
      rendered[format] = reporter.rendered(report)
    }
    let picture = PrivacyPicture(report: report, catalog: catalog)
    let (privacyReport, leftOut) = PrivacyReportFormat.markdown.render(picture, toolVersion: "1.0")

    #expect(rendered[.sarif]?.contains(#""version": "2.1.0""#) == true)
    #expect(rendered.values.allSatisfy { $0.contains("NoManifestKit") })
    #expect(privacyReport.contains("NoManifestKit") && leftOut.isEmpty)
  }

  /// LIBRARY.md, "Diff two reports".
  @Test func diffTwoReports() throws {
    let pipeline = ScanPipeline(catalog: try Catalog.builtIn())
    let old = pipeline.run(paths: [Self.sdks + "/../versions/v1/VersionKit.framework"]).report
    let new = pipeline.run(paths: [Self.sdks + "/../versions/v2/VersionKit.framework"]).report
    let diff = ReportDiff(old: old.targets.map(TargetProfile.init), new: new.targets.map(TargetProfile.init))
    var text = ""
    DiffReporter(format: .text, toolVersion: "1.0").write(diff, old: "v1", new: "v2", to: &text)
    let failsTheGate = diff.hasGatedChange(atLeast: .warning)

    // A report saved as JSON earlier reads back whole, as the same profiles.
    let saved = ReportFormat.json.reporter(toolVersion: "1.0", useColor: false).rendered(old)
    let reread = try SavedReport(json: Data(saved.utf8), origin: "old.json").report.targets.map(TargetProfile.init)

    #expect(!diff.allChanges.isEmpty && failsTheGate)
    #expect(text.contains("VersionKit"))
    #expect(reread == old.targets.map(TargetProfile.init))
  }
}
