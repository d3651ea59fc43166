import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// What `sdkvet info` says about headers that disagree: for ELF, section headers against the
/// dynamic segment (also an audit finding); for Mach-O, a symbol table lacking imports dyld binds
/// (shown here only: stripped and stale symbol tables are common and harmless).
@Suite struct InfoCommandTests {
  @Test func strippedMachOSymbolTableIsShownButNotReportedByTheAudit() throws {
    let binary = SampleLocator.sample("macho/bin/nosymtab-chained.dylib")
    let info = CapturedRun(["info", binary])
    #expect(info.status == .success)
    #expect(info.output.contains("headers disagree: the symbol table lacks 15 imports dyld binds: "))
    let scan = CapturedRun(["scan", "--format", "json", "--fail-on", "never", binary])
    #expect(!scan.output.isEmpty)
    #expect(!scan.output.contains("binary-headers-inconsistent"))
  }

  @Test func machOWithACompleteSymbolTableShowsNoDisagreement() {
    let info = CapturedRun(["info", SampleLocator.sample("macho/bin/libbinds-chained.dylib")])
    #expect(info.status == .success)
    #expect(info.output.contains("imports: "))
    #expect(!info.output.contains("headers disagree"))
  }

  @Test(.enabled(if: TamperedELF.isAvailable, "python3 is not installed or this build has no libelf"))
  func tamperedELFShowsItsDisagreementAndRunPath() throws {
    let folder = try TamperedELF.generate()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let info = CapturedRun(["info", "--format", "json", folder + "/no-section-headers.so", TamperedELF.original])
    #expect(info.status == .success)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    let notes = files.map { file in
      ((file["images"] as? [[String: Any]]) ?? []).flatMap { ($0["headerInconsistencies"] as? [String]) ?? [] }
    }
    #expect(notes == [["the file has no section headers (e_shoff is 0)"], []])
    let tool = CapturedRun(["info", SampleLocator.sample("elf/storage-tool")])
    #expect(tool.output.contains("rpath: $ORIGIN"))
  }
}
