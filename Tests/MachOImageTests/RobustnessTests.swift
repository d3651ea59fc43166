import BinaryImage
import Foundation
import ScanFiles
import TestSupport
import Testing

@testable import MachOImage

/// Hostile input: the broken fixtures, seeded truncations and field mutations of every good
/// fixture, and the inputs the fuzzer once crashed on. The reader must return or throw
/// `BinaryError`; a trap would end the test process, and a runaway loop would blow the time limit.
@Suite struct RobustnessTests {
  /// Reads `bytes`, returning the thrown error or the problems found; every image read is then
  /// searched for the call sites of all its imports and selectors, which must not trap either.
  private static func read(_ bytes: [UInt8]) -> (file: BinaryFile?, error: BinaryError?) {
    bytes.withUnsafeBytes { raw in
      do throws(BinaryError) {
        let file = FileBytes(copying: raw)
        let read = try MachOReader.read(file, path: "input", options: .all)
        for image in read.images {
          let query = CallSiteQuery(
            imports: Set(image.imports.map { image.names.string($0.name) }),
            selectors: Set(image.selectorReferences.map { image.names.string($0) }))
          _ = try? MachOCallSites.find(in: file, image: image, query: query)
        }
        return (read, nil)
      } catch {
        return (nil, error)
      }
    }
  }

  @Test(arguments: Fixtures.broken)
  func brokenFixtureGivesABinaryError(path: String) throws {
    let (file, error) = Self.read(try Fixtures.bytes(path))
    // Files whose only fault is one bad item (a name or library ordinal out of range) still read.
    let itemLevel = ["bad-string-index", "bad-library-ordinal", "overlapping", "bind-runaway-count"]
    if itemLevel.contains(where: path.contains) {
      #expect(file?.images.isEmpty == false, "\(path): \(String(describing: error))")
      return
    }
    let problems = (error.map { [$0] } ?? []) + (file?.problems ?? [])
    #expect(!problems.isEmpty, "\(path) read without complaint")
    for problem in problems {
      #expect(!problem.message.isEmpty)
      #expect(problem.offset != nil || problem.kind == .notBinary, "\(path): \(problem) has no offset")
    }
  }

  @Test(arguments: [
    // (file, kind, offset of the bad field): ncmds sits at 0x10, sizeofcmds at 0x14, the first
    // command's cmdsize at 0x20 + 4 in a 64-bit image.
    ("cmdsize-zero.dylib", BinaryError.Kind.malformed, UInt64(0x24)), ("huge-ncmds.dylib", .malformed, 0x10),
    ("truncated-header.dylib", .truncated, 0x10), ("huge-sizeofcmds.dylib", .truncated, 0x20),
  ])
  func headerAndLoadCommandErrorsPointAtTheBadField(name: String, kind: BinaryError.Kind, offset: UInt64) throws {
    let error = Self.read(try Fixtures.bytes(SampleLocatorPaths.broken(name))).error
    #expect(error?.kind == kind)
    #expect(error?.offset == offset)
  }

  @Test(arguments: [
    "signature-huge-count.dylib", "signature-offset-past-end.dylib", "signature-directory-too-long.dylib",
    "signature-identifier-outside.dylib",
  ])
  func aBadSignatureIsOneProblemAndTheImageIsRead(name: String) throws {
    let (file, error) = Self.read(try Fixtures.bytes(SampleLocatorPaths.broken(name)))
    #expect(error == nil)
    #expect(file?.images.first?.imports.contains { _ in true } == true)
    #expect(file?.images.first?.machO?.signature == nil)
    #expect(file?.problems.count == 1)
    #expect(file?.problems.first?.offset != nil)
  }

  @Test func javaClassAndTextFilesAreNotMachO() throws {
    let java = Self.read(try Fixtures.bytes(SampleLocatorPaths.broken("Hello.class"))).error
    #expect(java?.kind == .notBinary)
    #expect(java?.message.contains("Java class") == true)
    #expect(Self.read(try Fixtures.bytes(SampleLocatorPaths.broken("libfake.dylib"))).error?.kind == .notBinary)
  }

  @Test func aBadMemberIsReportedAndTheOthersAreRead() throws {
    let (file, error) = Self.read(try Fixtures.bytes(SampleLocatorPaths.broken("archive-garbage-member.a")))
    #expect(error == nil)
    #expect(file?.images.count == 4)
    #expect(file?.problems.map(\.member) == ["objcrefs.o"])
  }

  @Test func aBadSliceIsReportedAndTheOtherIsRead() throws {
    let (file, _) = Self.read(try Fixtures.bytes(SampleLocatorPaths.broken("fat-slice-past-end.dylib")))
    #expect(file?.images.map(\.architecture) == ["arm64"])
    #expect(file?.problems.map(\.architecture) == ["x86_64"])
  }

  @Test(arguments: Fixtures.good)
  func truncationsNeverTrap(path: String) throws {
    let bytes = try Fixtures.bytes(path)
    var lengths = Set(0..<min(bytes.count, 512))
    for step in 1..<64 { lengths.insert(bytes.count * step / 64) }
    let start = Date()
    for length in lengths.sorted() {
      let (file, error) = Self.read(Array(bytes.prefix(length)))
      // Shorter than a Mach-O header: an error, except the bare `!<arch>\n` of an empty archive.
      if length < 28 && length != 8 {
        #expect(error != nil, "\(path) cut at \(length) read as \(String(describing: file?.images.count)) images")
      }
    }
    #expect(Date().timeIntervalSince(start) < 30, "\(path): truncations took too long")
  }

  @Test(arguments: Fixtures.good)
  func fieldMutationsNeverTrap(path: String) throws {
    let original = try Fixtures.bytes(path)
    var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
    let hostile: [UInt32] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0xffff_fff0, 0x0fff_ffff, 0x1_0000 - 1]
    let start = Date()
    for round in 0..<300 {
      var bytes = original
      for _ in 0..<(1 + round % 4) {
        // Mostly the header and load commands, where counts and offsets live; sometimes anywhere.
        let limit = round % 3 == 0 ? bytes.count : min(bytes.count, 4096)
        guard limit >= 4 else { break }
        let offset = Int.random(in: 0..<(limit - 3), using: &generator) & ~3
        let value =
          round % 2 == 0
          ? hostile.randomElement(using: &generator) ?? 0 : UInt32.random(in: .min ... .max, using: &generator)
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
      }
      _ = Self.read(bytes)
    }
    #expect(Date().timeIntervalSince(start) < 30, "\(path): mutations took too long")
  }

  @Test(arguments: Fixtures.fuzzFindings)
  func fuzzFindingsNoLongerTrap(path: String) throws {
    _ = Self.read(try Fixtures.bytes(path))
  }
}

/// Paths of named broken fixtures.
enum SampleLocatorPaths {
  static func broken(_ name: String) -> String {
    Fixtures.broken.first { $0.hasSuffix("/" + name) } ?? "missing-broken-fixture-\(name)"
  }
}
