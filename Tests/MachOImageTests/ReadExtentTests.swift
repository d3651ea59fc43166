import BinaryImage
import Foundation
import MachOImage
import ScanFiles
import TestSupport
import Testing

/// `MachOReadExtent` promises that the reader touches no byte past the extent it names: an
/// archive entry is decompressed only that far. Reading every fixture (good, broken, and what
/// the fuzzer once found) from that many leading bytes must give what the whole file gives,
/// images, problems and call sites alike.
struct ReadExtentTests {
  static let files =
    Fixtures.differential + Fixtures.broken + Fixtures.fuzzFindings
    + Fixtures.files(under: SampleLocator.sample("callsites/bin"))

  /// The extent, asked for as an archive entry asks: from the first 263 bytes, then as many as named.
  static func extent(of bytes: [UInt8]) -> Int {
    var seen = min(bytes.count, ContainerMagic.prefixLength)
    for _ in 0..<3 {
      let needed = bytes.withUnsafeBytes {
        MachOReadExtent.leadingBytesNeeded(from: .init(rebasing: $0[..<seen]), fileSize: bytes.count)
      }
      guard needed > seen else { return needed }
      seen = needed
    }
    Issue.record("no answer in three rounds")
    return bytes.count
  }

  /// Everything the reader and the call-site search give for `file`, as text.
  static func reading(_ file: FileBytes) -> String {
    var text = ""
    do {
      var read = try MachOReader.read(file, path: "file", options: .all)
      for (index, image) in read.images.enumerated() {
        let query = CallSiteQuery(
          imports: Set(image.imports.map { image.names.string($0.name) }),
          selectors: Set(image.selectorReferences.map { image.names.string($0) }))
        do {
          let sites = try MachOCallSites.find(in: file, image: image, query: query)
          dump(sites.map { ($0.imports.mapValues { $0.map(\.address) }.sorted { $0.key < $1.key }) }, to: &text)
        } catch {
          dump(error, to: &text)
        }
        read.images[index].byteRange = nil  // the bytes read: fewer, by design
      }
      dump(read, to: &text)
    } catch {
      dump(error, to: &text)
    }
    return text
  }

  @Test(arguments: files)
  func theLeadingBytesNamedReadAsTheWholeFile(path: String) throws {
    let bytes = try Fixtures.bytes(path)
    let extent = Self.extent(of: bytes)
    #expect(extent <= bytes.count)
    let whole = Self.reading(FileBytes(copying: bytes))
    let leading = Self.reading(FileBytes(copying: bytes.prefix(extent), fileSize: bytes.count))
    #expect(whole == leading, "\(path): reading \(extent) of \(bytes.count) bytes differs")
  }

  /// Issue 22, case 5: a header that declares nothing needs only itself, however large the file.
  @Test func anImageWithoutCommandsNeedsItsHeader() {
    var bytes = [UInt8](repeating: 0, count: 2 << 20)
    bytes.replaceSubrange(0..<4, with: [0xcf, 0xfa, 0xed, 0xfe])
    #expect(Self.extent(of: bytes) == 32)
  }

  /// A linked image needs its tables, which end where its `__LINKEDIT` segment does.
  @Test func aLinkedImageNeedsItsLinkEdit() throws {
    let bytes = try Fixtures.bytes(SampleLocator.sample("callsites/bin/libcallsites-arm64.dylib"))
    #expect(Self.extent(of: bytes) == bytes.count)
    var padded = bytes
    padded += [UInt8](repeating: 0x01, count: 1 << 20)
    #expect(Self.extent(of: padded) == bytes.count, "bytes after the last table are not read")
  }

  @Test func otherFormatsAreReadWhole() throws {
    for name in ["libmembers.a", "universal.dylib"] {
      let path = Fixtures.good(name)
      let bytes = try Fixtures.bytes(path)
      #expect(Self.extent(of: bytes) == bytes.count, "\(path)")
    }
  }
}
