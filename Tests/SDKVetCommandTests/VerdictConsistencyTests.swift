import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// One answer per target however it is asked: the App Store verdict of every target of
/// `Samples/` is read from each format and mode and held to the JSON report's, which is the
/// model's (`AppStoreVerdict`); nothing here is a recorded output. A baseline or a policy may
/// leave findings out, never change the verdict; a diff of anything against itself is empty; a
/// binary that cannot be read is "cannot tell" or "unknown" in every view, never "none".
@Suite(
  .enabled(if: ELFSupport.isAvailable && ArchiveSupport.isAvailable, "needs libelf and libarchive"),
  .serialized)
struct VerdictConsistencyTests {
  /// A verdict as every view can show it: the outcome and the codes, in order.
  struct Verdict: Hashable, CustomStringConvertible {
    var outcome: String
    var codes: [String]
    var description: String { outcome + (codes.isEmpty ? "" : " " + codes.joined(separator: ",")) }
  }

  static let samples = SampleLocator.sample("")

  /// The JSON report of a scan with `arguments`.
  static func report(_ arguments: [String]) throws -> [String: Any] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never"] + arguments)
    return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  /// The verdicts of the JSON report, in target order, with the targets' paths.
  static func jsonVerdicts(_ arguments: [String]) throws -> [(path: String, verdict: Verdict)] {
    let report = try report(arguments)
    let targets = try #require(report["targets"] as? [[String: Any]])
    return try targets.map { target in
      let verdict = try #require(target["appStoreVerdict"] as? [String: Any])
      let codes = (verdict["rejections"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
      return (target["path"] as? String ?? "", Verdict(outcome: verdict["outcome"] as? String ?? "", codes: codes))
    }
  }

  /// The outcome and codes of a rendered verdict line (`will reject: ITMS-91053 (…); ITMS-91061 (…)`).
  static func parsed(_ line: Substring) -> Verdict {
    let outcome =
      line.contains("will reject") ? "will-reject" : line.contains("cannot tell") ? "cannot-tell" : "will-accept"
    let codes = line.matches(of: /ITMS-\d+/).map { String($0.output) }
    return Verdict(outcome: outcome, codes: Array(NSOrderedSet(array: codes)).compactMap { $0 as? String })
  }

  /// The verdict line of each target of a text report (a header value may wrap onto lines
  /// indented under it).
  static func textVerdicts(_ text: String) -> [Verdict] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.indices.filter { lines[$0].hasPrefix("  App Store ") }.map { start in
      var line = lines[start]
      var next = start + 1
      while next < lines.count, lines[next].hasPrefix("            ") {
        line += lines[next]
        next += 1
      }
      return parsed(line)
    }
  }

  @Test func everyFormatAndModeShowsTheModelsVerdict() throws {
    let reference = try Self.jsonVerdicts([Self.samples])
    #expect(reference.count > 100, "every sample is a target")
    let verdicts = reference.map(\.verdict)
    #expect(
      Set(verdicts.map(\.outcome)) == ["will-reject", "cannot-tell", "will-accept"], "the samples hold all three")

    let text = CapturedRun(["scan", "--format", "text", "--no-color", "--fail-on", "never", Self.samples]).output
    #expect(Self.textVerdicts(text) == verdicts, "text")

    let markdown = CapturedRun(["scan", "--format", "markdown", "--fail-on", "never", Self.samples]).output
    let sections = markdown.split(separator: "\n").filter { $0.hasPrefix("- **App Store Connect:** ") }
    #expect(sections.map(Self.parsed) == Array(verdicts.prefix(sections.count)), "markdown sections")
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    let head = try #require(lines.firstIndex { $0.hasPrefix("| Target | Kind | App Store Connect |") })
    let tableRows = lines[(head + 2)...].prefix { !$0.isEmpty }
    #expect(tableRows.map(Self.parsed) == verdicts, "markdown summary table")

    let html = CapturedRun(["scan", "--format", "html", "--fail-on", "never", Self.samples]).output
    let rows = html.matches(
      of: /<tr data-path="[^"]*"><th[^>]*>.*?<\/th><td class="(reject|unknown|accept)">[^<]*<\/td><td>([^<]*)<\/td>/)
    let htmlOutcomes = ["reject": "will-reject", "unknown": "cannot-tell", "accept": "will-accept"]
    #expect(
      rows.map {
        Verdict(
          outcome: htmlOutcomes[String($0.output.1)] ?? "",
          codes: $0.output.2.isEmpty ? [] : $0.output.2.components(separatedBy: ", "))
      } == verdicts, "HTML matrix")

    let sarif = CapturedRun(["scan", "--format", "sarif", "--fail-on", "never", Self.samples]).output
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let profiles = try #require((run["properties"] as? [String: Any])?["profiles"] as? [[String: Any]])
    #expect(
      profiles.map { profile in
        let verdict = profile["appStoreVerdict"] as? [String: Any] ?? [:]
        return Verdict(
          outcome: verdict["outcome"] as? String ?? "",
          codes: (verdict["rejections"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
      } == verdicts, "SARIF")
  }

  @Test func aBaselineOrAPolicyNeverChangesTheVerdict() throws {
    let tree = try TemporaryTree()
    let reference = try Self.jsonVerdicts([Self.samples])
    let baseline = tree.root + "/baseline.json"
    let written = CapturedRun(["scan", "--fail-on", "never", "--write-baseline", baseline, Self.samples])
    #expect(written.status == .success, "\(written.error)")
    let withBaseline = try Self.jsonVerdicts(["--baseline", baseline, Self.samples])
    #expect(withBaseline.map(\.verdict) == reference.map(\.verdict), "a baseline of the scan itself")
    let text = CapturedRun(["scan", "--no-color", "--fail-on", "never", "--baseline", baseline, Self.samples]).output
    #expect(text.contains("  App Store will reject: "), "the verdict stays beside the baseline's note")
    #expect(text.contains(" in the baseline\n"), "each target says what the baseline left out")

    let policy = tree.root + "/everything-off.json"
    let fired = try #require(try Self.report([Self.samples])["summary"] as? [String: Any])["rules"] as? [String: Any]
    let severities = try #require(fired).keys.sorted().map { "\"\($0)\": \"off\"" }.joined(separator: ", ")
    try Data("{\"schemaVersion\": 1, \"severities\": {\(severities)}}".utf8).write(to: URL(fileURLWithPath: policy))
    let withPolicy = try Self.jsonVerdicts(["--policy", policy, Self.samples])
    #expect(withPolicy.map(\.verdict) == reference.map(\.verdict), "a policy that turns every rule off")
    let silenced = CapturedRun(["scan", "--format", "json", "--fail-on", "note", "--policy", policy, Self.samples])
    #expect(silenced.status == .success, "the policy decides the exit status: \(silenced.error)")
  }

  @Test func aDiffOfAnythingAgainstItselfIsEmpty() {
    let run = CapturedRun(["diff", "--fail-on", "note", Self.samples, Self.samples])
    #expect(run.output == "No changes.\n")
    #expect(run.status == .success)
  }

  /// How a slice's binary is made unknown: overwritten with bytes no reader takes, or deleted
  /// (the xcframework's `Info.plist` still lists it).
  enum Damage: CaseIterable { case garbled, deleted }

  /// Each xcframework of `Samples/sdks` and `Samples/drafts` with its first slice's binary made unreadable: the scan
  /// cannot accept it, the manifest draft asks for a copy there, the diff against the intact copy
  /// says the slice is not comparable and adds nothing in it, and the privacy report calls the
  /// slice's reach unknown.
  @Test(arguments: Damage.allCases)
  func aSliceThatCannotBeReadIsUnknownInEveryView(damage: Damage) throws {
    let xcframeworks = try ["sdks", "drafts"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: SampleLocator.sample(folder))
        .filter { $0.hasSuffix(".xcframework") }.map { (SampleLocator.sample(folder), $0) }
    }
    #expect(xcframeworks.count >= 3)
    for (sdks, name) in xcframeworks {
      let tree = try TemporaryTree()
      let (old, new) = (tree.root + "/old/" + name, tree.root + "/new/" + name)
      for copy in [old, new] {
        try FileManager.default.createDirectory(
          atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: sdks + "/" + name, toPath: copy)
      }
      let slices = try FileManager.default.contentsOfDirectory(atPath: new).filter {
        !$0.hasPrefix("_") && !$0.hasSuffix(".plist")
      }
      let slice = try #require(slices.sorted().first, "\(name) has a slice")
      let binaries = try Self.binaries(in: new + "/" + slice)
      let binary = try #require(binaries.first, "\(name)/\(slice) holds a binary")
      switch damage {
      case .garbled: try Data("not a binary".utf8).write(to: URL(fileURLWithPath: binary))
      case .deleted: try FileManager.default.removeItem(atPath: binary)
      }
      let report = try Self.report([new])
      let target = try #require((report["targets"] as? [[String: Any]])?.first { $0["path"] as? String == new })
      let verdict = try #require(target["appStoreVerdict"] as? [String: Any])
      #expect(verdict["outcome"] as? String != "will-accept", "\(name): scan")
      #expect((verdict["unknownBecause"] as? [String])?.contains("unreadable-binary") == true, "\(name): scan")

      let draft = CapturedRun(["manifest", new]).output
      #expect(draft.contains("\(slice) (its binary could not be read"), "\(name): manifest")
      let notNeeded = draft.firstMatch(of: /No copy is needed in ([^:]*):/)?.output.1.components(separatedBy: ", ")
      #expect(!(notNeeded ?? []).contains(slice), "\(name): manifest")

      let diff = CapturedRun(["diff", tree.root + "/old", tree.root + "/new"]).output
      #expect(diff.contains("slices") && diff.contains("\(slice): not comparable"), "\(name): diff\n\(diff)")
      let added = diff.split(separator: "\n").filter { $0.hasPrefix("  + ") && !$0.contains("unreadableBinaries") }
      #expect(added.isEmpty, "\(name): diff adds \(added)")

      let picture = CapturedRun(["privacy-report", "--format", "json", new]).output
      let bundles = try #require(
        (try JSONSerialization.jsonObject(with: Data(picture.utf8)) as? [String: Any])?["bundles"] as? [[String: Any]])
      let row = bundles.first { ($0["path"] as? String)?.hasSuffix("/" + slice) == true }
      #expect((row?["reachable"] as? [String: Any])?["complete"] as? Bool == false, "\(name): privacy-report")
    }
  }

  /// The Mach-O files below `folder` (by their magic), sorted.
  static func binaries(in folder: String) throws -> [String] {
    let magics: Set<[UInt8]> = [[0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe], [0x21, 0x3c, 0x61, 0x72]]
    let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    return paths.map { folder + "/" + $0 }.filter { path in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
        let handle = FileHandle(forReadingAtPath: path)
      else { return false }
      defer { try? handle.close() }
      return magics.contains([UInt8](handle.readData(ofLength: 4)))
    }.sorted()
  }
}
