import BinaryImage
import ImageLoader
import ScanFiles
import TestSupport
import Testing

/// `BinaryFileReader` is the one place a file's format is recognised: each magic goes to its
/// reader, and only a thin Mach-O may be read from fewer bytes than the file holds.
@Suite struct BinaryFileReaderTests {
  @Test(arguments: [
    ("macho/bin/fileinfo.o", BinaryFile.Container.machO), ("macho/bin/universal.dylib", .universal),
    ("macho/bin/libmembers.a", .archive),
  ])
  func eachMagicGoesToItsReader(sample: String, container: BinaryFile.Container) throws {
    let path = SampleLocator.sample(sample)
    let read = try BinaryFileReader.read(try FileBytes(path: path, limit: ReadLimits.binaryBytes), path: path)
    #expect(read.container == container)
    #expect(!read.images.isEmpty)
  }

  @Test func anELFFileGoesToTheELFReader() throws {
    try #require(ELFSupport.isAvailable, ELFSupport.skipReason)
    let path = SampleLocator.sample("sdks/linux/libfilestat.so")
    let read = try BinaryFileReader.read(try FileBytes(path: path, limit: ReadLimits.binaryBytes), path: path)
    #expect(read.container == .elf)
  }

  @Test func bytesOfNoKnownFormatAreNotABinary() {
    let text = FileBytes(copying: Array("not a binary at all".utf8))
    #expect(throws: BinaryError.self) { try BinaryFileReader.read(text, path: "notes.txt") }
    do {
      _ = try BinaryFileReader.read(text, path: "notes.txt")
    } catch {
      #expect(error.kind == .notBinary)
    }
  }

  /// A thin Mach-O needs its header and the tables its commands name; other formats are read whole.
  @Test func onlyAThinMachOIsReadFromItsLeadingBytes() throws {
    var empty = [UInt8](repeating: 0, count: 1 << 20)
    empty.replaceSubrange(0..<4, with: [0xcf, 0xfa, 0xed, 0xfe])
    #expect(empty.withUnsafeBytes { BinaryFileReader.leadingBytesNeeded(from: $0, fileSize: empty.count) } == 32)
    let elf = [UInt8]([0x7f, 0x45, 0x4c, 0x46]) + [UInt8](repeating: 0, count: 60)
    #expect(elf.withUnsafeBytes { BinaryFileReader.leadingBytesNeeded(from: $0, fileSize: 4096) } == 4096)
  }
}
