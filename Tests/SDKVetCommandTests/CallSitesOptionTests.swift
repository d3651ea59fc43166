import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `scan --call-sites`: each evidence names its callers, or says nothing calls it, in every format;
/// without the option the evidence has no call-site fields at all.
@Suite struct CallSitesOptionTests {
  private let dylib = SampleLocator.sample("callsites/bin/libcallsites-arm64.dylib")

  private func evidence(_ arguments: [String]) throws -> [String: [String: Any]] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never"] + arguments + [dylib])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let findings = try #require((document["targets"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
    let items = findings.flatMap { ($0["evidence"] as? [[String: Any]]) ?? [] }
    return Dictionary(items.map { ($0["symbol"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func jsonListsCallersWithCountsAndMarksNotCalled() throws {
    let bySymbol = try evidence(["--call-sites"])
    let stat = try #require(bySymbol["_stat"])
    let callers = try #require(stat["callSites"] as? [[String: Any]])
    #expect(callers.map { $0["function"] as? String } == ["_probe_size", "_probe_mode"])
    #expect(callers.map { $0["address"] as? String } == ["0x4020", "0x4078"])
    #expect(callers.map { $0["count"] as? Int } == [1, 1])
    #expect(stat["callSiteCount"] as? Int == 2)
    #expect(stat["callerCount"] as? Int == 2)
    #expect(stat["notCalled"] as? Bool == false)
    let lstat = try #require(bySymbol["_lstat"])
    #expect(lstat["notCalled"] as? Bool == true)
    #expect((lstat["callSites"] as? [Any])?.isEmpty == true)
  }

  @Test func withoutTheOptionEvidenceHasNoCallSiteFields() throws {
    let stat = try #require(try evidence([])["_stat"])
    #expect(stat["callSites"] == nil && stat["notCalled"] == nil)
  }

  @Test(arguments: ["text", "markdown", "sarif", "html"])
  func everyFormatNamesTheCallers(format: String) {
    let run = CapturedRun(["scan", "--call-sites", "--format", format, "--fail-on", "never", "--no-color", dylib])
    #expect(run.output.contains("called from"))
    #expect(run.output.contains("_probe_size"))
    #expect(run.output.contains("-[Probe uptime]"))
    #expect(run.output.contains("not called"))
  }
}

/// `symbols --call-sites`: every import and selector with all its callers.
@Suite struct SymbolsCallSitesTests {
  private let dylib = SampleLocator.sample("callsites/bin/libcallsites-x86_64.dylib")

  @Test func textListsCallersUnderEachImportAndSelector() {
    let run = CapturedRun(["symbols", "--undefined", "--selectors", "--call-sites", dylib])
    let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let stat = lines.firstIndex { $0.hasPrefix("U") && $0.contains("_stat ") }
    #expect(stat.map { lines[$0 + 1] } == "called from _probe_size and _probe_mode")
    let lstat = lines.firstIndex { $0.hasPrefix("U") && $0.contains("_lstat ") }
    #expect(lstat.map { lines[$0 + 1].hasPrefix("not called") } == true)
    let uptime = lines.firstIndex { $0 == "S   systemUptime" }
    #expect(uptime.map { lines[$0 + 1] } == "called from -[Probe uptime] and _stub_uptime")
  }

  @Test func jsonMapsEveryNameToItsCallers() throws {
    let run = CapturedRun(["symbols", "--format", "json", "--selectors", "--call-sites", dylib])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let image = try #require(((document["files"] as? [[String: Any]])?.first?["images"] as? [[String: Any]])?.first)
    let callSites = try #require(image["callSites"] as? [String: [String: [[String: Any]]]])
    #expect(callSites["imports"]?["_stat"]?.map { $0["function"] as? String } == ["_probe_size", "_probe_mode"])
    #expect(callSites["imports"]?["_lstat"]?.isEmpty == true)
    #expect(callSites["selectors"]?["standardUserDefaults"]?.count == 1)
  }

  @Test func withoutTheOptionNoCallersAreListed() {
    let run = CapturedRun(["symbols", "--undefined", dylib])
    #expect(!run.output.contains("called from"))
  }
}

/// `possible-dynamic-use`: the call-site sample imports `dlsym` and holds the string "fstatfs",
/// which it never imports; no other sample imports a lookup function.
@Suite struct PossibleDynamicUseTests {
  private func findings(_ path: String) throws -> [[String: Any]] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never", SampleLocator.sample(path)])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    return ((document["targets"] as? [[String: Any]]) ?? []).flatMap { target in
      ((target["findings"] as? [[String: Any]]) ?? []).map { finding in
        finding.merging(["apiUses": target["apiUses"] ?? []]) { first, _ in first }
      }
    }
  }

  @Test func aNameBesideALookupFunctionIsANoteNeverAUse() throws {
    let all = try findings("callsites/bin/libcallsites-arm64.dylib")
    let notes = all.filter { $0["rule"] as? String == "possible-dynamic-use" }
    #expect(notes.count == 1)
    let note = try #require(notes.first)
    #expect(note["severity"] as? String == "note")
    #expect(note["category"] as? String == "NSPrivacyAccessedAPICategoryDiskSpace")
    let evidence = try #require(note["evidence"] as? [[String: Any]])
    #expect(evidence.map { $0["symbol"] as? String } == ["fstatfs"])
    #expect(evidence.map { $0["via"] as? String } == ["string"])
    #expect((note["message"] as? String)?.contains("__cstring") == true)
    let uses = (note["apiUses"] as? [[String: Any]]) ?? []
    #expect(!uses.isEmpty && !uses.contains { $0["api"] as? String == "fstatfs" })
  }

  @Test func withCallSitesTheFunctionComputingTheStringIsNamed() throws {
    let run = CapturedRun([
      "scan", "--call-sites", "--format", "json", "--fail-on", "never",
      SampleLocator.sample("callsites/bin/libcallsites-arm64.dylib"),
    ])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let findings = (document["targets"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]] ?? []
    let note = try #require(findings.first { $0["rule"] as? String == "possible-dynamic-use" })
    let evidence = try #require((note["evidence"] as? [[String: Any]])?.first)
    #expect((evidence["callSites"] as? [[String: Any]])?.map { $0["function"] as? String } == ["_probe_dynamic"])
  }

  @Test(arguments: [
    "dynamic-cfstring-arm64.o", "libdynamic-cfstring-arm64.dylib", "libdynamic-cfstring-x86_64.dylib",
  ])
  func aNameInAnNSStringLiteralIsFoundThroughCFString(file: String) throws {
    let notes = try findings("callsites/cfstring/" + file).filter { $0["rule"] as? String == "possible-dynamic-use" }
    #expect(notes.count == 1)
    let note = try #require(notes.first)
    #expect(note["category"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    #expect((note["evidence"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["NSUserDefaults"])
    #expect((note["message"] as? String)?.contains("\"NSUserDefaults\" (__cfstring)") == true)
  }

  @Test(arguments: ["sdks", "macho/bin", "elf"])
  func noOtherSampleHasIt(path: String) throws {
    #expect(try findings(path).allSatisfy { $0["rule"] as? String != "possible-dynamic-use" })
  }
}
