import AuditModel
import AuditReports
import Foundation
import JSONDocuments
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import Testing

/// The report an embedder gets is the one `sdkvet scan` writes: callers named readably, a team
/// policy and a baseline applied by the pipeline, through the `SDKVetScan` product alone.
@Suite struct FinishedReportTests {
  static let noManifestKit = EmbeddingTests.samples + "/NoManifestKit.framework"

  /// `libcallsites-arm64.dylib` with its function `_probe_size` renamed, in its string table, to
  /// the Swift function `a.bc()` (a mangled name of the same length), served from memory.
  static func swiftCallerFileSystem() throws -> InMemoryFileSystem {
    let path = EmbeddingTests.samples + "/../callsites/bin/libcallsites-arm64.dylib"
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let (original, swift) = (Array("_probe_size\0".utf8), Array("_$s1a2bcyyF\0".utf8))
    let start = try #require(bytes.indices.first { bytes[$0...].starts(with: original) })
    bytes.replaceSubrange(start..<start + original.count, with: swift)
    return InMemoryFileSystem(files: ["/vendor/libcallsites.dylib": bytes])
  }

  @Test func callersAreNamedReadably() throws {
    var pipeline = ScanPipeline(catalog: try Catalog.builtIn(), fileSystem: try Self.swiftCallerFileSystem())
    pipeline.findsCallSites = true
    let callers = pipeline.run(paths: ["/vendor"]).report.targets.flatMap(\.apiUses)
      .flatMap { $0.evidence.callSites?.callers ?? [] }
    let swift = try #require(callers.first { $0.function == "_$s1a2bcyyF" })
    #expect(swift.readableName == "a.bc() -> ()")
    #expect(callers.contains { $0.function == "_probe_mode" && $0.readableName == nil }, "a C name stays as it is")

    pipeline.namesCallersReadably = false
    let mangled = pipeline.run(paths: ["/vendor"]).report.targets.flatMap(\.apiUses)
      .flatMap { $0.evidence.callSites?.callers ?? [] }
    #expect(mangled.contains { $0.function == "_$s1a2bcyyF" && $0.readableName == nil })
  }

  @Test func aPolicyIsApplied() throws {
    let catalog = try Catalog.builtIn()
    let json = Data(
      #"""
      {"schemaVersion": 1, "deny": [{"categories": ["DiskSpace"]}],
       "allow": [{"target": "NoManifestKit", "rule": "missing-privacy-manifest", "reason": "Vendor ships one in 2.0."},
                 {"target": "OtherKit", "rule": "missing-privacy-manifest", "reason": "Not scanned."}]}
      """#.utf8)
    var pipeline = ScanPipeline(catalog: catalog)
    pipeline.policy = try PolicyDocument(json: json, path: "team-policy.json", catalog: catalog)
    let outcome = pipeline.run(paths: [Self.noManifestKit])
    let target = try #require(outcome.report.targets.first)
    #expect(target.findings.map(\.rule) == [.policyDeniedCategory])
    #expect(outcome.report.policy?.path == "team-policy.json")
    #expect(outcome.report.policy?.sha256.count == 64)
    #expect(outcome.policyEffect?.silenced == 1, "the allow entry for NoManifestKit")
    #expect(outcome.policyEffect?.unusedAllowEntries == [1], "OtherKit is not scanned")
  }

  @Test func aPolicyNamingAnUnknownCategoryIsRefused() throws {
    let json = Data(#"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpaec"]}]}"#.utf8)
    #expect(throws: JSONDocumentError.self) {
      try PolicyDocument(json: json, path: "team-policy.json", catalog: try Catalog.builtIn())
    }
  }

  @Test func aBaselineLeavesOutTheFindingsItHolds() throws {
    let pipeline = ScanPipeline(catalog: try Catalog.builtIn())
    let first = pipeline.run(paths: [Self.noManifestKit]).report
    let saved = ReportFormat.json.reporter(toolVersion: "test", useColor: false).rendered(first)

    var again = pipeline
    again.baseline = try BaselineDocument(jsonReport: Data(saved.utf8), path: "baseline.json")
    let outcome = again.run(paths: [Self.noManifestKit])
    #expect(outcome.report.allFindings.isEmpty)
    #expect(outcome.report.baseline == AppliedBaseline(path: "baseline.json", leftOut: first.allFindings.count))
    #expect(outcome.reportBeforeBaseline.allFindings.count == first.allFindings.count)
  }
}
