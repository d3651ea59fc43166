import ArchiveFileSystem
import Foundation
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// Replays `Fuzz/corpus/archives` (inputs `Scripts/fuzz-archives` found, kept once fixed) and the
/// sample archives: each opens or is refused with a `BinaryError`, and discovery walks what opens,
/// reading every file it lists, without trapping.
@Suite(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct ArchiveFuzzRegressionTests {
  static let inputs: [String] = {
    let folders = [SampleLocator.packageRoot + "/Fuzz/corpus/archives", SampleLocator.sample("archives")]
    return folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        !$0.hasSuffix(".md") && !$0.hasSuffix(".py") && $0 != "src"
      }.sorted().map { folder + "/" + $0 }
    }
  }()

  @Test(arguments: inputs) func replay(path: String) throws {
    let fileSystem = ArchiveMountingFileSystem(base: LocalFileSystem())
    let result = TargetDiscovery(fileSystem: fileSystem).discover([ScanPath(path)])
    for file in result.targets.flatMap(\.binaries) {
      _ = try? fileSystem.contents(of: file.path, limit: 1 << 20)
    }
    #expect(result.archives.count + result.problems.count > 0, "\(path) neither opened nor refused")
  }
}
