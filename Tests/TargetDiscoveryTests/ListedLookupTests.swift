import Foundation
import ScanFiles
import TestSupport
import Testing

@testable import TargetDiscovery

/// Discovery answers look-ups in folders it has listed from the listings (`ListedFileSystem`):
/// each answer is the one the file system gives, through links, missing folders and files that
/// are not folders, and the absent files that decide a bundle's layout cost no look-up.
@Suite struct ListedLookupTests {
  /// A tree with a file, a folder, links to both, a dangling link and a name in another
  /// spelling, with the root and `Folder` listed as discovery lists them.
  private static func listedTree() throws -> (tree: TemporaryTree, listed: ListedFileSystem) {
    let tree = try TemporaryTree()
    try tree.file("Kit/File")
    try tree.file("Kit/Folder/Inner")
    try tree.file("Kit/Caf\u{E9}")
    try tree.link("Kit/FolderLink", to: "Folder")
    try tree.link("Kit/FileLink", to: "File")
    try tree.link("Kit/Dangling", to: "Nowhere")
    let local = LocalFileSystem()
    var listings = FolderListings()
    for folder in ["Kit", "Kit/Folder"] {
      let path = ScanPath(tree.root + "/" + folder)
      listings.children[path] = try local.listing(path, leadingBytes: 8).get()
    }
    return (tree, ListedFileSystem(base: local, listings: listings))
  }

  @Test(arguments: [
    "Kit/File", "Kit/Folder", "Kit/Folder/Inner", "Kit/FolderLink", "Kit/FolderLink/Inner", "Kit/FolderLink/Gone",
    "Kit/FileLink", "Kit/Dangling", "Kit/Gone", "Kit/Gone/Deeper", "Kit/Folder/Gone", "Kit/File/Under",
    "Kit/Caf\u{E9}", "Kit/Cafe\u{301}", "Kit/Folder/Gone/Deeper", "Kit",
  ])
  func aListedAnswerIsTheFileSystems(relative: String) throws {
    let (tree, listed) = try Self.listedTree()
    let path = ScanPath(tree.root + "/" + relative)
    let local = LocalFileSystem()
    #expect(Self.outcome(listed.linkStatus(path)) == Self.outcome(local.linkStatus(path)), "lstat of \(relative)")
    #expect(Self.outcome(listed.status(path)) == Self.outcome(local.status(path)), "stat of \(relative)")
  }

  /// The status, or only that there is none: an error's number may differ (`ENOTDIR` against
  /// `ENOENT` below a file), and discovery asks only whether there is one.
  private static func outcome(_ result: Result<FileStatus, Errno>) -> FileStatus? {
    try? result.get()
  }

  @Test func theAbsentFilesThatDecideABundlesLayoutCostNoLookUp() throws {
    let bundle = ScanPath(SampleLocator.sample("signatures/SealBrokenKit.xcframework"))
    let fileSystem = SealWalkTests.Counting()
    let result = TargetDiscovery(fileSystem: fileSystem).discover([bundle])
    #expect(result.targets.count == 1)
    let framework = bundle.appending("ios-arm64").appending("GoodKit.framework")
    let absent = [
      framework.appending("Versions"), framework.appending("Contents"),
      framework.appending("_CodeSignature").appending("CodeDirectory"),
      bundle.appending("ios-arm64").appending("PrivacyInfo.xcprivacy"),
      bundle.appending("_CodeSignature").appending("PrivacyInfo.xcprivacy"),
    ]
    for path in absent {
      #expect(fileSystem.linkStatusCalls[path] == nil, "\(path) was looked up")
      #expect(fileSystem.statusCalls[path] == nil, "\(path) was looked up")
    }
  }
}
