import AuditModel
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

@Suite("Scan pipeline over a temporary tree")
struct ScanPipelineTests {
  @Test func documentsAreLoadedAndUnreadableBinariesReported() throws {
    let tree = try TemporaryTree()
    try tree.file("Broken.framework/Broken", Array("not a binary at all".utf8))
    try tree.plist(
      "Broken.framework/Info.plist", ["CFBundleExecutable": "Broken", "NSCameraUsageDescription": "camera"])
    try tree.file("Broken.framework/PrivacyInfo.xcprivacy", Array("<plist><dict>".utf8))
    try tree.file("lib/libmissing.dylib", [0xcf, 0xfa, 0xed, 0xfe])
    var seen: [Int] = []
    let outcome = ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [tree.root, tree.root + "/absent"]) {
      seen.append($0.completed)
    }
    #expect(seen == [1, 2])
    #expect(outcome.problems.map(\.path.description) == [tree.root + "/absent"])
    let report = outcome.report
    #expect(report.targets.map { tree.relative($0.path) } == ["Broken.framework", "lib/libmissing.dylib"])
    let framework = try #require(report.targets.first)
    #expect(framework.privacyManifest.map(tree.relative) == "Broken.framework/PrivacyInfo.xcprivacy")
    let rules = Set(framework.findings.map(\.rule))
    #expect(rules == [.unreadableBinary, .invalidPrivacyManifest, .purposeStringStyle])
    #expect(report.targets.last?.findings.map(\.rule) == [.unreadableBinary])
  }

  /// A pipeline whose catalog is still loading when the walk starts judges as one given the
  /// loaded catalog: the same report, every API use found; the catalog it loads is the one used.
  @Test func aCatalogLoadedBesideTheWalkJudgesAsAGivenOne() throws {
    let sdks = SampleLocator.sample("sdks/WrongReasonKit.framework")
    let builtIn = try Catalog.builtIn()
    let given = ScanPipeline(catalog: builtIn).run(paths: [sdks]).report
    let loading = ScanPipeline(
      loadingCatalog: {
        Thread.sleep(forTimeInterval: 0.05)
        return builtIn
      }, fileSystem: LocalFileSystem()
    ).run(paths: [sdks]).report
    #expect(loading == given)
    #expect(!given.targets.flatMap(\.apiUses).isEmpty)
    let empty = ScanPipeline(loadingCatalog: { Catalog() }, fileSystem: LocalFileSystem()).run(paths: [sdks]).report
    #expect(empty.targets.flatMap(\.apiUses).isEmpty)
  }
}
