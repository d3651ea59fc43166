import Foundation
import SDKVetCommand
import TestSupport
import Testing

@Suite struct SymbolsCommandTests {
  private func rows(_ output: String) -> [[String]] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) func tsvHasTheContractHeaderAndSevenColumnsPerRow()
    throws
  {
    let archive = SampleLocator.sample("elf/libprobes.a")
    let run = CapturedRun(["symbols", "--format", "tsv", "--undefined", archive])
    #expect(run.status == .success)
    let table = rows(run.output)
    #expect(table.first == ["file", "arch", "member", "symbol", "version", "library", "binding"])
    let body = table.dropFirst()
    #expect(!body.isEmpty)
    #expect(body.allSatisfy { $0.count == 7 })
    #expect(body.allSatisfy { $0[0] == archive && $0[1] == "x86_64" && $0[2].hasSuffix(".o") })
    #expect(body.contains { $0[2] == "disk_space_probe_helpers.o" && $0[3] == "statvfs" })
  }

  @Test(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) func sharedObjectImportsCarryVersionAndLibrary() {
    let run = CapturedRun(["symbols", "--format", "tsv", "--undefined", SampleLocator.sample("elf/libstorageprobe.so")])
    let stat = rows(run.output).first { $0.count == 7 && $0[3] == "stat" }
    #expect(stat?[4] == "GLIBC_2.33")
    #expect(stat?[5] == "libc.so.6")
    #expect(stat?[6] == "global")
    #expect(stat?[2] == "")
  }

  @Test func selectorsAreRowsOnlyWhenAsked() {
    let binary = SampleLocator.sample("macho/bin/Fixture.framework/Fixture")
    let without = rows(CapturedRun(["symbols", "--format", "tsv", binary]).output)
    let with = rows(CapturedRun(["symbols", "--format", "tsv", "--selectors", binary]).output)
    #expect(!without.contains { $0.last == "selector" })
    let selectors = with.filter { $0.last == "selector" }
    #expect(selectors.contains { $0[3] == "systemUptime" && $0[5] == "" && $0[4] == "" })
    #expect(with.count == without.count + selectors.count)
  }

  @Test(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) func definedAndUndefinedPartitionTheListing() {
    let binary = SampleLocator.sample("elf/libstorageprobe.so")
    let all = rows(CapturedRun(["symbols", "--format", "tsv", binary]).output).dropFirst()
    let defined = rows(CapturedRun(["symbols", "--format", "tsv", "--defined", binary]).output).dropFirst()
    let undefined = rows(CapturedRun(["symbols", "--format", "tsv", "--undefined", binary]).output).dropFirst()
    #expect(!defined.isEmpty && !undefined.isEmpty)
    #expect(all.count == defined.count + undefined.count)
    #expect(Set(defined.map { $0[3] }).isDisjoint(with: undefined.map { $0[3] }))
  }

  @Test(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) func badFilesAreReportedWhileOtherFilesStillPrint()
  {
    let good = SampleLocator.sample("elf/libstorageprobe.so")
    let truncated = SampleLocator.sample("elf/broken/truncated.so")
    let run = CapturedRun(["symbols", "--format", "tsv", truncated, good])
    #expect(run.status == .failure)
    #expect(run.error.hasPrefix("sdkvet: \(truncated): "))
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(rows(run.output).contains { $0.first == good })
  }

  @Test(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) func jsonIsOneDocumentWithEveryFile() throws {
    let run = CapturedRun([
      "symbols", "--format", "json", "--selectors",
      SampleLocator.sample("elf/libprobes.a"), SampleLocator.sample("macho/bin/universal.dylib"),
    ])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.map { $0["container"] as? String } == ["archive", "universal"])
    let slices = try #require(files.last?["images"] as? [[String: Any]])
    #expect(slices.count == 2)
  }

  @Test func swiftNamesStayRawWithAReadableFormBeside() throws {
    let binary = SampleLocator.sample("macho/bin/Fixture.framework/Fixture")
    let mangled = "_$s10Foundation17URLResourceValuesV12creationDateAA0E0VSgvg"
    let text = CapturedRun(["symbols", "--undefined", binary]).output
    #expect(text.contains("U   \(mangled)"))
    #expect(text.contains("= Foundation.URLResourceValues.creationDate.getter"))

    let json = CapturedRun(["symbols", "--undefined", "--format", "json", binary]).output
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let symbols = try #require(
      ((document["files"] as? [[String: Any]])?.first?["images"] as? [[String: Any]])?.first?["symbols"]
        as? [[String: Any]])
    let swift = try #require(symbols.first { $0["name"] as? String == mangled })
    #expect((swift["demangled"] as? String)?.hasPrefix("Foundation.URLResourceValues.creationDate.getter") == true)
    #expect(symbols.first { $0["name"] as? String == "_stat" }?["demangled"] == nil)

    let tsv = CapturedRun(["symbols", "--undefined", "--format", "tsv", binary]).output
    #expect(tsv.contains("\t\(mangled)\t"))
    #expect(!tsv.contains("Foundation.URLResourceValues"))
  }

  @Test func infoSummarisesLinkedLibrariesWithImportCounts() {
    let run = CapturedRun(["info", SampleLocator.sample("macho/bin/Fixture.framework/Fixture")])
    #expect(run.status == .success)
    #expect(run.output.contains("MH_DYLIB"))
    #expect(run.output.contains("links /usr/lib/libSystem.B.dylib"))
    #expect(run.output.contains("platform: ios"))
  }
}
