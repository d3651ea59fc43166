import BinaryImage
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder that cannot be listed is a problem that says why, in the system's words: the file
/// system's look-ups answer an `Errno`, not `nil`.
@Suite struct DiscoveryErrnoTests {
  /// The local file system, except that one folder cannot be listed (as a folder without read
  /// permission is, for a user who is not root).
  struct Unlistable: ScanFileSystem {
    let folder: ScanPath
    let local = LocalFileSystem()

    func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> { local.linkStatus(path) }
    func status(_ path: ScanPath) -> Result<FileStatus, Errno> { local.status(path) }
    func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> { local.resolvedPath(path) }
    func linkTarget(_ path: ScanPath) -> Result<String, Errno> { local.linkTarget(path) }
    func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
      path == folder ? .failure(Errno(rawValue: EACCES)) : local.directoryEntries(path)
    }
    func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
      try local.contents(of: path, limit: limit)
    }
  }

  @Test func anUnreadableFolderSaysWhy() throws {
    let tree = try TemporaryTree()
    try tree.file("Vendor/Locked/libz.a", [])
    let locked = ScanPath(tree.root + "/Vendor/Locked")
    let result = TargetDiscovery(fileSystem: Unlistable(folder: locked)).discover([ScanPath(tree.root + "/Vendor")])
    let problem = try #require(result.problems.first { $0.path == locked })
    #expect(problem.message == "folder cannot be read (\(Errno(rawValue: EACCES)))")
    #expect(problem.message.contains("ermission denied"))
  }
}
