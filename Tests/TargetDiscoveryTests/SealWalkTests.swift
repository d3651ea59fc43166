import BinaryImage
import Foundation
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// The seal check of an xcframework walks the folders discovery listed, not the disk again: a
/// sealed file is looked up once, by discovery, and the seal still finds what is missing and
/// what is not sealed.
@Suite struct SealWalkTests {
  /// The local file system, counting the `lstat`, `stat` and listing calls made for each path.
  final class Counting: ScanFileSystem, @unchecked Sendable {
    let local = LocalFileSystem()
    private let lock = NSLock()
    private(set) var linkStatusCalls: [ScanPath: Int] = [:]
    private(set) var statusCalls: [ScanPath: Int] = [:]
    private(set) var listingCalls: [ScanPath: Int] = [:]

    func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> {
      lock.withLock { linkStatusCalls[path, default: 0] += 1 }
      return local.linkStatus(path)
    }
    func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
      lock.withLock { statusCalls[path, default: 0] += 1 }
      return local.status(path)
    }
    func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> { local.resolvedPath(path) }
    func linkTarget(_ path: ScanPath) -> Result<String, Errno> { local.linkTarget(path) }
    func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
      lock.withLock { listingCalls[path, default: 0] += 1 }
      return local.directoryEntries(path)
    }
    func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
      try local.contents(of: path, limit: limit)
    }
  }

  @Test func theSealCheckReusesDiscoverysListings() throws {
    let bundle = ScanPath(SampleLocator.sample("signatures/SealBrokenKit.xcframework"))
    let fileSystem = Counting()
    let result = TargetDiscovery(fileSystem: fileSystem).discover([bundle])
    let seal = try #require(result.targets.first?.signature?.seal)
    #expect(seal.missing == ["ios-arm64/GoodKit.framework/Headers/GoodKit.h"])
    #expect(seal.unsealed == ["ios-arm64/GoodKit.framework/Extra.txt"])
    #expect(fileSystem.listingCalls[bundle.appending("ios-arm64")] == 1)
    let unsealed = bundle.appending("ios-arm64").appending("GoodKit.framework").appending("Extra.txt")
    #expect(fileSystem.linkStatusCalls[unsealed] == 1)
  }
}
