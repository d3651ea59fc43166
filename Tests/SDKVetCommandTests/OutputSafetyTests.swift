import Foundation
import TestSupport
import Testing

/// Issue 32: every file sdkvet writes replaces its destination only when the run succeeded, by
/// a rename from a temporary file beside it; an output that would replace an input, or that is
/// named twice, is a usage error before anything is read (`Docs/SECURITY.md`, "Outputs"). Each
/// case runs the built `sdkvet` in a child process on a temporary tree.
@Suite struct OutputSafetyTests {
  private static let kit = SampleLocator.sample("sdks/NoManifestKit.framework")

  /// A tree holding a copy of NoManifestKit (`Frameworks/Kit.framework`) and a folder outside
  /// what is scanned (`outside/`).
  private final class Tree {
    let tree: TemporaryTree
    var root: String { tree.root }
    var frameworks: String { root + "/Frameworks" }
    var binary: String { frameworks + "/Kit.framework/NoManifestKit" }

    init() throws {
      tree = try TemporaryTree()
      try FileManager.default.createDirectory(atPath: root + "/Frameworks", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: OutputSafetyTests.kit, toPath: frameworks + "/Kit.framework")
    }

    /// The bytes of every file under the root (links by their target text), by relative path.
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: root)
      while let relative = enumerator?.nextObject() as? String {
        let path = root + "/" + relative
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
          files[relative] = Data(("-> " + target).utf8)
        } else if let data = FileManager.default.contents(atPath: path) {
          files[relative] = data
        }
      }
      return files
    }
  }

  private func sdkvet(_ arguments: [String], in folder: String? = nil) -> ChildProcess.Outcome {
    var child = ChildProcess()
    child.timeLimit = 60
    child.workingDirectory = folder
    let run = child.run(arguments)
    #expect(!run.timedOut, "\(arguments)")
    return run
  }

  @Test(arguments: [
    ["scan", "--output", "Frameworks/Kit.framework/NoManifestKit", "Frameworks"],
    ["scan", "--write-baseline", "Frameworks/Kit.framework/Info.plist", "Frameworks"],
    ["scan", "--output", "./Frameworks/Kit.framework/NoManifestKit", "Frameworks/Kit.framework/NoManifestKit"],
    ["privacy-report", "-o", "Frameworks/Kit.framework/Info.plist", "Frameworks"],
    ["diff", "-o", "Frameworks/Kit.framework/NoManifestKit", "Frameworks", "Frameworks/Kit.framework"],
    ["manifest", "-o", "Frameworks/Kit.framework/Info.plist", "Frameworks/Kit.framework"],
  ])
  func anOutputReplacingAScannedFileIsAUsageErrorBeforeAnythingIsRead(_ arguments: [String]) throws {
    let tree = try Tree()
    let before = try tree.snapshot()
    let run = sdkvet(arguments, in: tree.root)
    #expect(run.status == 2, "\(run.error)")
    #expect(run.error.contains("would replace a file the scan of"), "\(run.error)")
    #expect(run.output.isEmpty)
    #expect(try tree.snapshot() == before)
  }

  @Test func aFailedRunLeavesTheBaselineAndReportAsTheyWere() throws {
    let tree = try Tree()
    try Data("committed baseline".utf8).write(to: URL(fileURLWithPath: tree.root + "/baseline.json"))
    try Data("earlier report".utf8).write(to: URL(fileURLWithPath: tree.root + "/report.sarif"))
    let before = try tree.snapshot()
    let run = sdkvet(
      ["scan", "--write-baseline", "baseline.json", "--format", "sarif", "--output", "report.sarif", "Framewrks"],
      in: tree.root)
    #expect(run.status == 1)
    #expect(run.error.contains("Framewrks: no such file or folder"), "\(run.error)")
    #expect(run.error.contains("'baseline.json' was not written: the run failed"), "\(run.error)")
    #expect(try tree.snapshot() == before, "a temporary file was left, or a file was replaced")
  }

  @Test(arguments: [
    ["--output", "X.json", "--write-baseline", "X.json"],
    ["--output", "X.json", "--write-baseline", "./X.json"],
    ["--output", "X.json", "--write-baseline", "outside/../X.json"],
    ["--output", "X.json", "--write-baseline", "linked/X.json"],
    ["--output", "existing.json", "--write-baseline", "hard-link.json"],
  ])
  func anOutputNamedTwiceIsAUsageError(_ outputs: [String]) throws {
    let tree = try Tree()
    try tree.tree.link("linked", to: ".")
    try Data("existing".utf8).write(to: URL(fileURLWithPath: tree.root + "/existing.json"))
    try FileManager.default.linkItem(atPath: tree.root + "/existing.json", toPath: tree.root + "/hard-link.json")
    let before = try tree.snapshot()
    let run = sdkvet(["scan"] + outputs + ["Frameworks"], in: tree.root)
    #expect(run.status == 2, "\(run.error)")
    #expect(run.error.contains("name the same file"), "\(run.error)")
    #expect(try tree.snapshot() == before)
  }

  @Test func anOutputReplacingAnInputAnOptionNamesIsAUsageError() throws {
    let tree = try Tree()
    try Data(#"{"schemaVersion": 1}"#.utf8).write(to: URL(fileURLWithPath: tree.root + "/policy.json"))
    let before = try tree.snapshot()
    let run = sdkvet(["scan", "--policy", "policy.json", "--output", "./policy.json", "Frameworks"], in: tree.root)
    #expect(run.status == 2, "\(run.error)")
    #expect(run.error.contains("would replace policy.json, which this command reads"), "\(run.error)")
    #expect(try tree.snapshot() == before)
  }

  /// `--write-baseline` may refresh the `--baseline` file in place, however spelt; another name
  /// for that file (a hard link) is an input like any other: replacing that name would leave the
  /// baseline as it was.
  @Test(arguments: [
    ("baseline.json", true), ("./baseline.json", true), ("linked/baseline.json", true),
    ("hard-link.json", false),
  ])
  func theBaselineMayBeRewrittenInPlaceOnly(_ written: String, allowed: Bool) throws {
    let tree = try Tree()
    try tree.tree.link("linked", to: ".")
    let first = sdkvet(["scan", "--write-baseline", "baseline.json", "Frameworks"], in: tree.root)
    #expect(first.status == 0, "\(first.error)")
    try FileManager.default.linkItem(atPath: tree.root + "/baseline.json", toPath: tree.root + "/hard-link.json")
    try FileManager.default.removeItem(atPath: tree.binary)  // the next report differs from the baseline
    let before = try tree.snapshot()
    let run = sdkvet(["scan", "--baseline", "baseline.json", "--write-baseline", written, "Frameworks"], in: tree.root)
    let after = try tree.snapshot()
    if allowed {
      #expect(run.status == 0, "\(run.error)")  // with --write-baseline, findings do not fail the run
      #expect(after["baseline.json"] != before["baseline.json"], "the baseline was not refreshed")
      #expect(after["hard-link.json"] == before["hard-link.json"])
    } else {
      #expect(run.status == 2, "\(run.error)")
      #expect(run.error.contains("would replace baseline.json, which this command reads"), "\(run.error)")
      #expect(after == before)
    }
  }

  @Test func anOutputThatIsALinkReplacesTheLinkNeverItsTarget() throws {
    let tree = try Tree()
    let precious = tree.root + "/outside/precious.txt"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: precious))
    try tree.tree.link("Frameworks/sdkvet.sarif", to: "../outside/precious.txt")
    let run = sdkvet(["scan", "--format", "sarif", "--output", "Frameworks/sdkvet.sarif", "Frameworks"], in: tree.root)
    #expect(run.status == 1, "\(run.error)")  // NoManifestKit's findings
    #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious")
    let written = tree.frameworks + "/sdkvet.sarif"
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: written)) == nil, "still a link")
    #expect(try String(contentsOfFile: written, encoding: .utf8).contains("\"version\": \"2.1.0\""))
  }

  @Test func aNewReportInTheScannedFolderIsWrittenAndNotScanned() throws {
    let tree = try Tree()
    for _ in 0..<2 {  // the second run replaces the first run's report, which the scan does not read
      let run = sdkvet(
        ["scan", "--format", "json", "--fail-on", "never", "--output", "report.json", "."], in: tree.root)
      #expect(run.status == 0, "\(run.error)")
      let report = try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: tree.root + "/report.json")))
      let targets = ((report as? [String: Any])?["targets"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
      #expect(targets?.count == 1 && targets?.first?.hasSuffix("Frameworks/Kit.framework") == true, "\(targets ?? [])")
      let leftOver = try FileManager.default.contentsOfDirectory(atPath: tree.root).filter { $0.contains(".sdkvet-") }
      #expect(leftOver.isEmpty)
    }
  }
}
