import AuditModel
import AuditReports
import Foundation
import PackageProvenance
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import Testing

/// Package records through the `SDKVetScan` product: the lock file is read through the same
/// file system seam as the binaries, so a host serving files from memory gets them too.
@Suite struct PackageRecordAPITests {
  @Test func aPodServedFromMemoryIsNamedFromItsLockFile() throws {
    let binary = try Data(
      contentsOf: URL(fileURLWithPath: EmbeddingTests.samples + "/NoManifestKit.framework/NoManifestKit"))
    let lock = "PODS:\n  - Kit/Core (1.2.3)\n\nSPEC REPOS:\n  trunk:\n    - Kit\n"
    let memory = InMemoryFileSystem(files: [
      "/app/Pods/Kit/Kit.framework/Kit": Array(binary), "/app/Podfile.lock": Array(lock.utf8),
    ])
    let outcome = ScanPipeline(catalog: try Catalog.builtIn(), fileSystem: memory).run(paths: ["/app"])
    let target = try #require(outcome.report.targets.first)
    #expect(target.path == "/app/Pods/Kit/Kit.framework")
    #expect(target.package == PackageRecord(manager: .cocoaPods, name: "Kit", version: "1.2.3", source: "trunk"))
    let text = ReportFormat.text.reporter(toolVersion: "test", useColor: false).rendered(outcome.report)
    #expect(text.contains("\n  package   Kit 1.2.3 (CocoaPods), from trunk\n"))
  }
}
