import BinaryImage
import ELFSymbols
import Foundation
import ImageLoader
import ScanFiles
import TestSupport
import Testing

/// Each deliberately broken fixture (Samples/elf/broken) fails with its own kind of `BinaryError`.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFBrokenInputTests {
  @Test(arguments: [
    ("broken/truncated-header.so", BinaryError.Kind.truncated, "ELF header"),
    ("broken/truncated.so", .truncated, "ELF PT_DYNAMIC"),
    ("broken/bad-symtab-entsize.o", .malformed, "ELF .symtab: entry size 23"),
  ])
  func brokenFileThrowsItsKindOfError(_ fixture: String, _ kind: BinaryError.Kind, _ messagePrefix: String) {
    #expect {
      _ = try ELFFixtures.read(fixture)
    } throws: { error in
      guard let error = error as? BinaryError else { return false }
      return error.kind == kind && error.message.hasPrefix(messagePrefix) && error.member == nil
    }
  }

  /// The loader never reads section headers, so a shared library whose table lies past the end
  /// is read through its dynamic segment, and the lost table is reported with its offset.
  @Test func sharedLibraryWithSectionHeadersPastTheEndIsReadAsTheLoaderReadsIt() throws {
    let image = try #require(try ELFFixtures.read("broken/sections-past-end.so").images.first)
    let original = try #require(try ELFFixtures.read("libstorageprobe.so").images.first)
    #expect(Set(ELFFixtures.symbols(image).keys) == Set(ELFFixtures.symbols(original).keys))
    let size = try FileBytes(path: ELFFixtures.path("broken/sections-past-end.so"), limit: ReadLimits.binaryBytes)
      .bytes.count
    let offset = "0x" + String(size + 4096, radix: 16)  // build.sh sets e_shoff 4 KiB past the end
    #expect(image.headerInconsistencies.count == 1)
    #expect(image.headerInconsistencies.first?.contains("section header table at offset \(offset)") == true)
  }

  @Test func relocatableObjectWithSectionHeadersPastTheEndNamesTheirOffset() throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ELFFixtures.path("boot_clock.o"))))
    let past = UInt64(bytes.count + 4096)
    for index in 0..<8 { bytes[40 + index] = UInt8(truncatingIfNeeded: past >> (8 * index)) }  // e_shoff, ELF64 LE
    let error = try #require(thrownBinaryError { _ = try ELFFixtures.readScratch(bytes) })
    #expect(error.kind == .truncated)
    #expect(error.message.hasPrefix("ELF section headers"))
    #expect(error.offset == past)
  }

  /// libelf refuses a 64-bit file whose section 0 gives more than 2^32-1 sections (e_shnum 0);
  /// the loader would not care, so the file must fail loudly rather than pass as clean.
  @Test func sectionCountBeyondWhatLibELFAcceptsIsNamed() throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ELFFixtures.path("libstorageprobe.so"))))
    let sectionTable = (0..<8).reduce(0) { $0 | Int(bytes[40 + $1]) << (8 * $1) }  // e_shoff, ELF64 LE
    bytes[60] = 0
    bytes[61] = 0  // e_shnum
    bytes[sectionTable + 36] = 1  // section 0's sh_size: 2^32
    let error = try #require(thrownBinaryError { _ = try ELFFixtures.readScratch(bytes) })
    #expect(error.kind == .malformed)
    #expect(error.message.hasPrefix("ELF section headers: e_shnum is 0 and section 0 gives 4294967296 sections"))
    #expect(error.offset == UInt64(sectionTable + 32))
  }

  @Test func corruptMemberHeaderKeepsTheMembersBeforeIt() throws {
    let file = try ELFFixtures.read("broken/corrupt-member.a")
    #expect(file.images.map(\.member) == ["boot_clock.o"])
    let problem = try #require(file.problems.first)
    #expect(file.problems.count == 1)
    #expect(problem.kind == .malformed)
    #expect(problem.member != nil)
    #expect(problem.offset != nil)
  }

  @Test func archiveWithoutMembersIsEmptyAndOneCutInsideAHeaderIsTruncated() throws {
    let empty = try ELFFixtures.readScratch(Array("!<arch>\n".utf8))
    #expect(empty.container == .archive)
    #expect(empty.images.isEmpty && empty.problems.isEmpty)
    let cut = try ELFFixtures.readScratch(Array("!<arch>\nboot_clock.o/    0".utf8))
    #expect(cut.images.isEmpty)
    #expect(cut.problems.map(\.kind) == [.truncated])
  }

  @Test func textFileNamedLikeALibraryIsNotBinary() {
    #expect(throws: BinaryError.self) {
      _ = try ELFFixtures.read("broken/not-a-library.so")
    }
    #expect {
      _ = try BinaryFileReader.read(
        FileBytes(path: ELFFixtures.path("broken/not-a-library.so"), limit: ReadLimits.binaryBytes),
        path: ELFFixtures.path("broken/not-a-library.so"))
    } throws: { error in
      (error as? BinaryError)?.kind == .notBinary
    }
  }

  @Test func everyBrokenFixtureFailsThroughTheLoaderToo() {
    for fixture in ELFFixtures.broken {
      let failed: Bool
      do {
        failed = try !BinaryFileReader.read(
          FileBytes(path: ELFFixtures.path(fixture), limit: ReadLimits.binaryBytes), path: ELFFixtures.path(fixture)
        ).problems.isEmpty
      } catch {
        failed = true
      }
      #expect(failed, "\(fixture) was read without a problem")
    }
  }
}
