import BinaryImage
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileBytesTests {
  /// A mapped file cut to nothing while it is read: without the truncation guard, touching a
  /// page past the new end raises SIGBUS and ends this test process; with it, the page reads as
  /// zeros and `shrankWhileRead` says so.
  @Test func mappedFileTruncatedWhileReadReadsZerosAndSaysSo() throws {
    let tree = try TemporaryTree()
    let path = tree.root + "/big.bin"
    try tree.file("big.bin", [UInt8](repeating: 0xAB, count: 4 << 20))
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    #expect(file.bytes.count == 4 << 20)
    #expect(file.bytes[(4 << 20) - 1] == 0xAB)
    #expect(!file.shrankWhileRead)
    #expect(truncate(path, 0) == 0)
    #expect(file.bytes[(2 << 20) + 12345] == 0)
    #expect(file.shrankWhileRead)
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
