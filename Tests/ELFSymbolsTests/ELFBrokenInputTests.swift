import BinaryImage
import ELFSymbols
import ImageLoader
import TestSupport
import Testing

/// Each deliberately broken fixture (Samples/elf/broken) fails with its own kind of `BinaryError`.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFBrokenInputTests {
  @Test(arguments: [
    ("broken/truncated-header.so", BinaryError.Kind.truncated, "ELF header"),
    ("broken/truncated.so", .truncated, "ELF section headers"),
    ("broken/sections-past-end.so", .truncated, "ELF section headers"),
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

  @Test func sectionHeadersPastTheEndNameTheirOffset() throws {
    do {
      _ = try ELFFixtures.read("broken/sections-past-end.so")
      Issue.record("the file was read")
    } catch {
      let size = try FileBytes(path: ELFFixtures.path("broken/sections-past-end.so"), limit: ReadLimits.binaryBytes)
        .bytes.count
      #expect(error.offset == UInt64(size + 4096))  // build.sh sets e_shoff 4 KiB past the end
    }
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
