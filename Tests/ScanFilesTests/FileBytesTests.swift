import BinaryImage
import Foundation
import ScanFiles
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileBytesTests {
  /// A mapped file (larger than the reused read buffers) cut to nothing while it is read: without
  /// the truncation guard, touching a page past the new end raises SIGBUS and ends this test
  /// process; with it, the page reads as zeros and `shrankWhileRead` says so.
  @Test func mappedFileTruncatedWhileReadReadsZerosAndSaysSo() throws {
    let tree = try TemporaryTree()
    let path = tree.root + "/big.bin"
    try tree.file("big.bin", [UInt8](repeating: 0xAB, count: 6 << 20))
    let file = try LocalFileSystem(largeFiles: .mapped).contents(of: ScanPath(path), limit: ReadLimits.binaryBytes)
    #expect(file.bytes.count == 6 << 20)
    #expect(file.bytes[(6 << 20) - 1] == 0xAB)
    #expect(!file.shrankWhileRead)
    #expect(truncate(path, 0) == 0)
    #expect(file.bytes[(2 << 20) + 12345] == 0)
    #expect(file.shrankWhileRead)
  }

  /// Up to `ReadBuffers.capacity` bytes a file read with mapping on is read whole into memory
  /// reused from file to file (mapped, where populating a mapping pays): each file's bytes are
  /// its own, however much of the buffer the file read before it filled, and files read at once
  /// get buffers of their own.
  @Test func filesReadIntoReusedBuffersHoldTheirOwnBytes() throws {
    let tree = try TemporaryTree()
    let sizes = [3 << 20, (1 << 20) + 7, 4 << 20, 300 << 10]
    for (index, size) in sizes.enumerated() {
      try tree.file("file\(index)", [UInt8](repeating: UInt8(0xA0 + index), count: size))
    }
    let files = LocalFileSystem(largeFiles: .mapped)
    let read = { (index: Int) throws -> FileBytes in
      try files.contents(of: ScanPath(tree.root + "/file\(index)"), limit: ReadLimits.binaryBytes)
    }
    for (index, size) in sizes.enumerated() {
      let file = try read(index)
      #expect(file.bytes.count == size && file.fileSize == size)
      #expect(file.bytes.allSatisfy { $0 == UInt8(0xA0 + index) })
    }
    let held = try sizes.indices.map(read)
    for (index, file) in held.enumerated() {
      #expect(file.bytes.count == sizes[index] && file.bytes.allSatisfy { $0 == UInt8(0xA0 + index) })
    }
  }

  /// Populating a mapping pays on kernels that fault a file in 64 KiB at a time, before 6.16,
  /// and on a release that cannot be read.
  @Test(arguments: [
    ("5.15.0-91-generic", true), ("6.1.0-28-amd64", true), ("6.15.11", true), ("6.16.0", false),
    ("6.18.44-fc-v1300", false), ("7.0.0", false), ("6.8", true), ("10.2.1", false), ("", true), ("6", true),
    ("six.ten", true), ("6.1x", true),
  ])
  func populatingPaysBeforeLinux6_16(release: String, pays: Bool) {
    #expect(FileCalls.populatingPays(kernelRelease: release) == pays)
  }

  /// Without the guard (an embedder's default) a large file is copied, and only as far as the
  /// reader says it needs: nothing is mapped, so nothing can fault.
  @Test func copiedFilesStopWhereTheReaderSays() throws {
    let tree = try TemporaryTree()
    try tree.file("big.bin", [UInt8](repeating: 0xAB, count: 4 << 20))
    var asked: [Int] = []
    let file = try LocalFileSystem().contents(of: ScanPath(tree.root + "/big.bin"), limit: ReadLimits.binaryBytes) {
      leading, fileSize in
      asked.append(leading.count)
      return leading.count < 100_000 ? 100_000 : 150_000
    }
    #expect(asked == [64 << 10, 100_000, 150_000])
    #expect(file.bytes.count == 150_000)
    #expect(file.fileSize == 4 << 20)
    #expect(!file.shrankWhileRead)
    let whole = try LocalFileSystem().contents(of: ScanPath(tree.root + "/big.bin"), limit: ReadLimits.binaryBytes)
    #expect(whole.bytes.count == 4 << 20)
  }

  /// A look-up that fails says why, as the system numbers it.
  @Test func lookUpsAnswerTheErrno() throws {
    let tree = try TemporaryTree()
    try tree.file("file", [1])
    let local = LocalFileSystem()
    #expect(local.status(ScanPath(tree.root + "/absent")) == .failure(.noSuchFile))
    #expect(local.directoryEntries(ScanPath(tree.root + "/file")) == .failure(.notADirectory))
    #expect(local.linkTarget(ScanPath(tree.root + "/file")) == .failure(.invalidArgument))
    #expect(Errno.noSuchFile.description.isEmpty == false)
  }

  /// The local disk's listing (each name looked up in the open folder) answers what a look-up
  /// of each entry's whole path answers: links not followed, a dangling link listed as a link,
  /// a folder as a folder, and a path that is no folder refused with its errno.
  @Test func listingAnswersWhatEachEntrysLookUpAnswers() throws {
    let tree = try TemporaryTree()
    try tree.file("Vendor.framework/Vendor")
    try tree.file("Vendor.framework/Headers/Vendor.h", [0x2F, 0x2F])
    try tree.link("Vendor.framework/Current", to: "Headers")
    try tree.link("Vendor.framework/Dangling", to: "Absent")
    let local = LocalFileSystem()
    let folder = ScanPath(tree.root + "/Vendor.framework")
    let listed = try local.listing(folder).get().sorted { $0.name < $1.name }
    let lookedUp = try local.listingEachEntryLookedUp(folder).get().sorted { $0.name < $1.name }
    #expect(listed.map(\.name) == ["Current", "Dangling", "Headers", "Vendor"])
    #expect(listed.map(\.status.kind) == [.symbolicLink, .symbolicLink, .directory, .regular])
    #expect(listed == lookedUp)
    #expect(local.listing(folder.appending("Vendor")).map(\.count) == .failure(.notADirectory))
    #expect(local.listing(folder.appending("Absent")).map(\.count) == .failure(.noSuchFile))
  }

  /// A listing asked for leading bytes gives each regular file its first bytes (fewer for a
  /// short file) and the status its own look-up gives; a link (even one to a file), a folder and
  /// a FIFO get none, and nothing is read through them.
  @Test func listingWithLeadingBytesReadsRegularFilesOnly() throws {
    let tree = try TemporaryTree()
    try tree.file("Vendor.framework/Vendor", [0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1, 3])
    try tree.file("Vendor.framework/Short.h", [0x2F, 0x2F])
    try tree.file("Vendor.framework/Empty.h", [])
    try tree.file("Vendor.framework/Headers/Vendor.h", [0x2F])
    try tree.link("Vendor.framework/Current", to: "Vendor")
    #expect(mkfifo(tree.root + "/Vendor.framework/Pipe", 0o600) == 0)
    let local = LocalFileSystem()
    let folder = ScanPath(tree.root + "/Vendor.framework")
    let listed = try local.listing(folder, leadingBytes: 4).get().sorted { $0.name < $1.name }
    #expect(listed.map(\.name) == ["Current", "Empty.h", "Headers", "Pipe", "Short.h", "Vendor"])
    #expect(listed.map(\.leadingBytes) == [nil, [], nil, nil, [0x2F, 0x2F], [0xCF, 0xFA, 0xED, 0xFE]])
    let lookedUp = try local.listing(folder).get().sorted { $0.name < $1.name }
    #expect(listed.map(\.status) == lookedUp.map(\.status))
    #expect(listed.map(\.status.kind) == [.symbolicLink, .regular, .directory, .other, .regular, .regular])
  }

  /// A folder of many entries is looked up a few entries to a worker: every entry comes back
  /// once, each file with its own first bytes and status.
  @Test func aLargeFolderIsListedWholeWithEachFilesOwnBytes() throws {
    let tree = try TemporaryTree()
    for index in 0..<103 { try tree.file("Headers/H\(index).h", [UInt8(index), 0x2F, UInt8(index), 0x2A]) }
    for index in 0..<5 { try tree.file("Headers/Folder\(index)/x.h", [0]) }
    try tree.link("Headers/Link", to: "H1.h")
    let local = LocalFileSystem()
    let folder = ScanPath(tree.root + "/Headers")
    let listed = try local.listing(folder, leadingBytes: 4).get()
    #expect(listed.count == 109)
    #expect(Set(listed.map(\.name)).count == 109)
    let lookedUp = Dictionary(uniqueKeysWithValues: try local.listing(folder).get().map { ($0.name, $0.status) })
    for entry in listed {
      #expect(entry.status == lookedUp[entry.name], "\(entry.name)")
      if entry.name.hasSuffix(".h"), let index = UInt8(entry.name.dropFirst().dropLast(2)) {
        #expect(entry.leadingBytes == [index, 0x2F, index, 0x2A], "\(entry.name)")
      } else {
        #expect(entry.leadingBytes == nil, "\(entry.name)")
      }
    }
  }

  @Test func smallFilesAreReadAndFIFOsRefused() throws {
    let tree = try TemporaryTree()
    try tree.file("small.bin", [1, 2, 3])
    let small = try FileBytes(path: tree.root + "/small.bin", limit: 2)
    #expect(Array(small.bytes) == [1, 2])
    #expect(small.fileSize == 3)
    #expect(mkfifo(tree.root + "/pipe", 0o600) == 0)
    #expect(throws: BinaryError.self) { try FileBytes(path: tree.root + "/pipe", limit: 8) }
  }
}
