import BinaryImage
import Foundation
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

@testable import ArchiveFileSystem

/// Archives read in place through the file system seam, on the committed samples
/// (`Samples/archives/make-archives.py` builds them from `Samples/sdks`).
@Suite(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct ArchiveMountingTests {
  let fileSystem = ArchiveMountingFileSystem(base: LocalFileSystem())

  private func mount(_ name: String) throws -> MountedArchive {
    try fileSystem.mountArchive(at: ScanPath(SampleLocator.sample("archives/" + name))).get()
  }

  /// An entry's bytes are the bytes of the file the archive was built from, in zip and in tar.
  @Test(arguments: [
    ("GoodKit.xcframework.zip", "GoodKit.xcframework/ios-arm64/GoodKit.framework/GoodKit"),
    ("GoodKit.xcframework.zip", "GoodKit.xcframework/Info.plist"),
    ("Kits.tar.gz", "StaticKit.xcframework/ios-arm64/libStaticKit.a"),
    ("Kits.tar.xz", "TrackerKit.framework/TrackerKit"),
  ])
  func entriesHoldTheBytesTheyWereBuiltFrom(archive: String, entry: String) throws {
    let root = try mount(archive).root
    let read = try fileSystem.contents(of: root.appending(entry), limit: ReadLimits.binaryBytes)
    let original = try Data(contentsOf: URL(fileURLWithPath: SampleLocator.sample("sdks/" + entry)))
    #expect(Data(read.bytes) == original)
    #expect(read.fileSize == original.count)
    let head = try fileSystem.contents(of: root.appending(entry), limit: 8)
    #expect(Data(head.bytes) == original.prefix(8))
  }

  /// Folders a zip only implies are listed; a versioned framework's links resolve inside the archive.
  @Test func linksInsideAnArchiveResolveInsideIt() throws {
    let root = try mount("MacKit.framework.zip").root
    let framework = root.appending("MacKit.framework")
    #expect(Set(try fileSystem.directoryEntries(framework).get()) == ["MacKit", "Resources", "Versions"])
    #expect(try fileSystem.linkStatus(framework.appending("MacKit")).get().kind == .symbolicLink)
    #expect(try fileSystem.linkTarget(framework.appending("MacKit")).get() == "Versions/Current/MacKit")
    #expect(try fileSystem.status(framework.appending("MacKit")).get().kind == .regular)
    let resolved = try fileSystem.resolvedPath(framework.appending("MacKit")).get()
    #expect(resolved.description.hasSuffix(".zip!/MacKit.framework/Versions/A/MacKit"))
    #expect(try fileSystem.status(framework.appending("Versions/Current/Resources")).get().kind == .directory)
    #expect(fileSystem.status(framework.appending("Missing")) == .failure(.noSuchFile))
    #expect(fileSystem.directoryEntries(framework.appending("MacKit")) == .failure(.notADirectory))
  }

  /// A folder on the disk is listed with its files' first bytes, as the disk lists it; an
  /// archive's folder with none, its entries' bytes read as for any file.
  @Test func listingWithLeadingBytesIsTheDisksOutsideArchives() throws {
    let folder = ScanPath(SampleLocator.sample("sdks/GoodKit.xcframework"))
    let listed = try fileSystem.listing(folder, leadingBytes: 4).get().sorted { $0.name < $1.name }
    let onDisk = try LocalFileSystem().listing(folder, leadingBytes: 4).get().sorted { $0.name < $1.name }
    #expect(listed == onDisk)
    #expect(listed.first { $0.name == "Info.plist" }?.leadingBytes == Array("<?xm".utf8))
    let inside = try mount("GoodKit.xcframework.zip").root.appending("GoodKit.xcframework")
    let entries = try fileSystem.listing(inside, leadingBytes: 4).get()
    #expect(entries.contains { $0.name == "Info.plist" })
    #expect(entries.allSatisfy { $0.leadingBytes == nil })
  }

  /// The checksum is the SHA-256 of the archive's bytes, as `sha256sum` computes it.
  @Test(
    .enabled(if: ReferenceTools.onPath("sha256sum") != nil, "needs sha256sum (coreutils) to compare with"),
    arguments: ["GoodKit.xcframework.zip", "SampleApp.ipa", "Kits.tar.gz"])
  func checksumMatchesSHA256Sum(archive: String) throws {
    let tool = try #require(ReferenceTools.onPath("sha256sum"))
    let expected = try ReferenceTools.output(of: tool, [SampleLocator.sample("archives/" + archive)])
    #expect(try expected.hasPrefix(mount(archive).sha256 + " "))
  }

  /// Discovery walks an archive like a folder: an .aar is one target holding both ABIs'
  /// libraries, an .ipa's receipts are read and attached to the frameworks they name.
  @Test func discoveryWalksArchivesAsFolders() throws {
    let samples = SampleLocator.sample("archives")
    let result = TargetDiscovery(fileSystem: fileSystem).discover([
      samples + "/NativeFile.aar", samples + "/SampleApp.ipa",
    ])
    let aar = try #require(result.targets.first { $0.kind == .androidArchive })
    #expect(aar.path.description == samples + "/NativeFile.aar")
    #expect(
      aar.binaries.map(\.path.description) == [
        samples + "/NativeFile.aar!/jni/arm64-v8a/libnativefile.so",
        samples + "/NativeFile.aar!/jni/x86_64/libnativefile.so",
      ])
    let goodKit = try #require(result.targets.first { $0.path.description.hasSuffix("Frameworks/GoodKit.framework") })
    #expect(goodKit.path.starts(with: ScanPath(reportText: samples + "/SampleApp.ipa!/Payload/SampleApp.app")))
    #expect(goodKit.signatureReceipts.map(\.signed) == [true])
    #expect(goodKit.signatureReceipts.first?.signatureIdentifier == "A1B2C3D4E5")
    let ipa = try #require(result.archives.first { $0.path.lastComponent == "SampleApp.ipa" })
    #expect(ipa.receipts.map(\.xcframework) == ["FMDB.xcframework", "GoodKit.xcframework", "MicKit.xcframework"])
    #expect(ipa.receipts.map(\.signed) == [false, true, false])
    #expect(result.problems.isEmpty)
  }

  /// An archive inside an archive is opened; one inside that is refused with a reason.
  @Test func nestingIsOpenedOneLevelDeep() throws {
    let tree = try TemporaryTree()
    let inner = try Data(contentsOf: URL(fileURLWithPath: SampleLocator.sample("archives/GoodKit.xcframework.zip")))
    let outerPath = tree.root + "/outer.tar"
    try Self.tar([("inner.zip", inner)]).write(to: URL(fileURLWithPath: outerPath))
    let outer = try fileSystem.mountArchive(at: ScanPath(outerPath)).get()
    let nested = try fileSystem.mountArchive(at: outer.root.appending("inner.zip")).get()
    #expect(nested.root.segments.count == 3)
    #expect(try fileSystem.status(nested.root.appending("GoodKit.xcframework/Info.plist")).get().kind == .regular)
    let twiceOuter = tree.root + "/twice.tar"
    try Self.tar([("outer.tar", Self.tar([("inner.zip", inner)]))]).write(to: URL(fileURLWithPath: twiceOuter))
    let first = try fileSystem.mountArchive(at: ScanPath(twiceOuter)).get()
    let second = try fileSystem.mountArchive(at: first.root.appending("outer.tar")).get()
    guard case .failure(let error) = fileSystem.mountArchive(at: second.root.appending("inner.zip")) else {
      Issue.record("a third level was opened")
      return
    }
    #expect(error.message.contains("one level of nesting"))
  }

  /// A ustar archive of `files`, written by hand: 512-byte headers with checksums, data padded to 512.
  static func tar(_ files: [(name: String, data: Data)]) -> Data {
    var archive = Data()
    for (name, data) in files {
      var header = [UInt8](repeating: 0, count: 512)
      func put(_ text: String, at offset: Int) {
        header.replaceSubrange(offset..<offset + text.utf8.count, with: text.utf8)
      }
      put(name, at: 0)
      put("0000644\0", at: 100)
      put(String(format: "%011o\0", data.count), at: 124)
      put(String(format: "%011o\0", 0), at: 136)
      put("0", at: 156)
      put("ustar\0" + "00", at: 257)
      put("        ", at: 148)
      put(String(format: "%06o\0 ", header.reduce(0) { $0 + Int($1) }), at: 148)
      archive += header + data + Data(count: (512 - data.count % 512) % 512)
    }
    return archive + Data(count: 1024)
  }
}

/// Entry names that leave the archive are refused, whatever their spelling.
@Suite struct ArchiveEntryNameTests {
  @Test(arguments: ["../evil", "a/../../evil", "/etc/passwd", "\\windows\\evil", "C:evil", "a/..", ""])
  func namesLeavingTheRootAreRefused(name: String) {
    #expect(throws: ArchiveEntryName.Refusal.self, "\(name) was accepted") {
      try ArchiveEntryName.components(Array(name.utf8)).get()
    }
  }

  @Test func dotsAndEmptyPartsAreDropped() throws {
    #expect(try ArchiveEntryName.components(Array("./a//b/./c".utf8)).get() == ["a", "b", "c"])
  }
}
