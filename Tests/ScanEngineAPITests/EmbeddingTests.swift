import AuditModel
import AuditReports
import BinaryImage
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery
import Testing

/// The `SDKVetScan` product as another package uses it: public API only (no `@testable`, no test
/// support module), scanning a sample from disk and one served from memory through the seam.
@Suite struct EmbeddingTests {
  /// `Samples/sdks`, found from this file's path (Tests/ScanEngineAPITests/ → package root).
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/sdks").path

  @Test func scanASampleAndReadItsFindings() throws {
    let pipeline = ScanPipeline(catalog: try Catalog.builtIn())
    let outcome = pipeline.run(paths: [Self.samples + "/NoManifestKit.framework"])
    #expect(outcome.problems.isEmpty)
    let target = try #require(outcome.report.targets.first)
    #expect(outcome.report.targets.count == 1)
    #expect(target.usedCategories == ["NSPrivacyAccessedAPICategoryDiskSpace"])
    #expect(target.findings.map(\.rule) == [.missingPrivacyManifest])
    #expect(target.findings.first?.severity == .error)

    let json = ReportFormat.json.reporter(toolVersion: "test", useColor: false, scanRoot: Self.samples)
      .rendered(outcome.report)
    #expect(json.contains("\"missing-privacy-manifest\""))
  }

  @Test func scanBytesThatAreNotOnDisk() throws {
    let binary = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/NoManifestKit.framework/NoManifestKit"))
    let memory = InMemoryFileSystem(files: ["/vendor/libVendor.dylib": Array(binary)])
    let outcome = ScanPipeline(catalog: try Catalog.builtIn(), fileSystem: memory).run(paths: ["/vendor"])
    let target = try #require(outcome.report.targets.first)
    #expect(target.path == "/vendor/libVendor.dylib")
    #expect(target.usedCategories == ["NSPrivacyAccessedAPICategoryDiskSpace"])
    #expect(target.apiUses.contains { $0.evidence.symbol == "_statfs" })

    var listed: [String] = []
    let walk = BinaryListing(fileSystem: memory).run(
      paths: ["/vendor"], options: .imports, render: { $0.images.count }
    ) { entry in
      if case .read(let file, let images) = entry { listed.append("\(file.path) \(images)") }
    }
    #expect(walk.problems.isEmpty)
    #expect(listed == ["/vendor/libVendor.dylib 1"])
  }

  /// An archive held in memory is read in place through the same seam: its entries are targets
  /// named `ARCHIVE!/ENTRY`, and the report carries its checksum.
  @Test(.enabled(if: ScanPipeline.readsArchives)) func archivesInAHostFileSystemAreReadInPlace() throws {
    let zip = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/../archives/GoodKit.xcframework.zip"))
    let memory = InMemoryFileSystem(files: ["/vendor/GoodKit.xcframework.zip": Array(zip)])
    let outcome = ScanPipeline(catalog: try Catalog.builtIn(), fileSystem: memory).run(paths: ["/vendor"])
    #expect(outcome.problems.isEmpty)
    let target = try #require(outcome.report.targets.first)
    #expect(target.path == ScanPath(segments: ["/vendor/GoodKit.xcframework.zip", "GoodKit.xcframework"]))
    #expect(target.usedCategories.contains("NSPrivacyAccessedAPICategoryFileTimestamp"))
    #expect(outcome.report.archives.map(\.path.description) == ["/vendor/GoodKit.xcframework.zip"])
    #expect(outcome.report.archives.first?.sha256.count == 64)
  }
}

/// A read-only file system of a few files held in memory: folders are implied by the paths.
struct InMemoryFileSystem: ScanFileSystem {
  let files: [String: [UInt8]]

  private func isFolder(_ path: String) -> Bool {
    files.keys.contains { $0.hasPrefix(path == "/" ? "/" : path + "/") }
  }

  private func identity(_ path: String) -> FileIdentity {
    FileIdentity(device: 1, inode: UInt64(truncatingIfNeeded: path.hashValue))
  }

  func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> { status(path) }

  func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
    let key = path.description
    if files[key] != nil { return .success(FileStatus(kind: .regular, identity: identity(key))) }
    return isFolder(key) ? .success(FileStatus(kind: .directory, identity: identity(key))) : .failure(.noSuchFile)
  }

  func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> { status(path).map { _ in path } }

  func linkTarget(_ path: ScanPath) -> Result<String, Errno> { .failure(.invalidArgument) }

  func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
    let key = path.description
    guard isFolder(key) else { return .failure(files[key] == nil ? .noSuchFile : .notADirectory) }
    let prefix = key + "/"
    return .success(
      Array(
        Set(files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != "/" }) }))
    )
  }

  func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    guard let bytes = files[path.description] else { throw BinaryError(.io, "no such file") }
    return FileBytes(copying: bytes.prefix(limit), fileSize: bytes.count)
  }
}

/// The App Store code a finding predicts is in every report format.
@Suite struct AppStoreCodeFormatTests {
  @Test(arguments: ReportFormat.allCases)
  func everyFormatCarriesTheCode(format: ReportFormat) throws {
    let paths = ["FMDB.framework", "BundledTrackerKit.framework"].map { EmbeddingTests.samples + "/" + $0 }
    let report = ScanPipeline(catalog: try Catalog.builtIn()).run(paths: paths).report
    #expect(
      report.allFindings.compactMap(\.appStoreCode).sorted { $0.rawValue < $1.rawValue } == [
        .missingManifest, .invalidTrackingOutsideDocumentedLocation,
      ])
    let rendered = format.reporter(toolVersion: "test", useColor: false, scanRoot: EmbeddingTests.samples)
      .rendered(report)
    #expect(rendered.contains("FMDB"), "\(format) names the SDK it detected")
    for code in ["ITMS-91061", "ITMS-91107"] {
      let spelled = format == .json || format == .sarif ? "\"appStoreCode\": \"\(code)\"" : code
      #expect(rendered.contains(spelled), "\(format) lacks \(spelled)")
    }
    if format != .sarif {  // SARIF's rule descriptions name ITMS-91064; the findings must not
      #expect(!rendered.contains("ITMS-91064"), "a resource bundle's tracking problem is ITMS-91107, not ITMS-91064")
    }
  }
}

/// `symbols` and `info` look at a file named directly before handing an archive to discovery;
/// its first bytes are read once, not once there and again by discovery.
@Suite struct LeadingBytesTests {
  @Test(.enabled(if: ScanPipeline.readsArchives)) func aNamedArchiveHasItsLeadingBytesReadOnce() throws {
    let zip = try Data(
      contentsOf: URL(fileURLWithPath: EmbeddingTests.samples + "/../archives/GoodKit.xcframework.zip"))
    let path = "/vendor/GoodKit.xcframework.zip"
    let memory = PrefixReadCounting(base: InMemoryFileSystem(files: [path: Array(zip)]))
    var listed: [String] = []
    let walk = BinaryListing(fileSystem: memory).run(paths: [path], options: .imports, render: { _ in () }) { entry in
      if case .read(let file, _) = entry { listed.append(file.path) }
    }
    #expect(walk.archives.map(\.path.description) == [path])
    #expect(listed.contains(path + "!/GoodKit.xcframework/ios-arm64/GoodKit.framework/GoodKit"))
    #expect(memory.prefixReads(of: path) == 1)
  }
}

/// A file system that counts, per path, the reads of a file's leading bytes
/// (`ContainerMagic.prefixLength`), and passes every call on to `base`.
final class PrefixReadCounting: ScanFileSystem, @unchecked Sendable {
  let base: InMemoryFileSystem
  private let lock = NSLock()
  private var reads: [String: Int] = [:]

  init(base: InMemoryFileSystem) {
    self.base = base
  }

  func prefixReads(of path: String) -> Int {
    lock.withLock { reads[path, default: 0] }
  }

  func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> { base.linkStatus(path) }
  func status(_ path: ScanPath) -> Result<FileStatus, Errno> { base.status(path) }
  func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> { base.resolvedPath(path) }
  func linkTarget(_ path: ScanPath) -> Result<String, Errno> { base.linkTarget(path) }
  func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> { base.directoryEntries(path) }

  func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    if limit == ContainerMagic.prefixLength { lock.withLock { reads[path.description, default: 0] += 1 } }
    return try base.contents(of: path, limit: limit)
  }
}
