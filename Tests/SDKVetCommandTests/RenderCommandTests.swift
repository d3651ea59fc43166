import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet render`: a saved JSON report renders, in every format and from every mode of scan,
/// byte for byte as the scan that wrote it; a report sdkvet could not have written is refused
/// with the JSON path at fault, and nothing is written.
@Suite(.enabled(if: ELFSupport.isAvailable && ArchiveSupport.isAvailable, "needs libelf and libarchive"))
struct RenderCommandTests {
  static let formats = ["text", "json", "sarif", "markdown", "html", "github"]

  /// One scan writing JSON to a file and `format` to standard output, then `render` of that
  /// file in `format` with the same rendering options: the two outputs must be the same bytes.
  static func expectRenderMatchesScan(
    _ scanArguments: [String], format: String, rendering: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let tree = try TemporaryTree()
    let saved = tree.root + "/report.json"
    let scan = CapturedRun(
      ["scan", "--fail-on", "never", "--no-color", "--format", "json", "-o", saved, "--format", format] + rendering
        + scanArguments)
    #expect(scan.status == .success, "\(scan.error)", sourceLocation: sourceLocation)
    let render = CapturedRun(["render", "--no-color", "--format", format] + rendering + [saved])
    #expect(render.status == .success, "\(render.error)", sourceLocation: sourceLocation)
    #expect(!scan.output.isEmpty, sourceLocation: sourceLocation)
    guard render.output != scan.output else { return }
    let got = render.output.split(separator: "\n", omittingEmptySubsequences: false)
    let want = scan.output.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    Issue.record(
      "render --format \(format) differs from scan at line \(line + 1):\n  scan:   \(line < want.count ? want[line] : "<end>")\n  render: \(line < got.count ? got[line] : "<end>")",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: formats)
  func everySampleRendersAsItsScan(format: String) throws {
    try Self.expectRenderMatchesScan([SampleLocator.sample("")], format: format)
  }

  @Test(arguments: formats)
  func callSitesAndFullEvidenceRenderAsTheirScan(format: String) throws {
    try Self.expectRenderMatchesScan(
      ["--call-sites", SampleLocator.sample("callsites")], format: format, rendering: ["--evidence", "full"])
  }

  /// A baseline and a policy leave findings out and say so (Markdown then shows only targets
  /// with new findings); the saved report holds both, and renders as the scan did.
  @Test(arguments: formats)
  func aBaselineAndAPolicyRenderAsTheirScan(format: String) throws {
    let tree = try TemporaryTree()
    let baseline = tree.root + "/baseline.json"
    let noManifest = SampleLocator.sample("sdks/NoManifestKit.framework")
    let written = CapturedRun(["scan", "--write-baseline", baseline, "--format", "json", noManifest])
    #expect(written.status == .success, "\(written.error)")
    let policy = tree.root + "/policy.json"
    try Data(
      #"{"schemaVersion": 1, "allow": [{"target": "Disguised", "rule": "unreadable-binary", "reason": "known"}]}"#.utf8
    ).write(to: URL(fileURLWithPath: policy))
    let arguments = ["--baseline", baseline, "--policy", policy, SampleLocator.sample("sdks")]
    let json = CapturedRun(["scan", "--format", "json"] + arguments).output
    #expect(json.contains(#""leftOut": 1"#), "the baseline left a finding out")
    #expect(json.contains(#""reason": "known""#), "the policy accepted a finding")
    try Self.expectRenderMatchesScan(arguments, format: format)
  }

  @Test func severalFormatsAreWrittenFromOneRender() throws {
    let tree = try TemporaryTree()
    let saved = tree.root + "/report.json"
    let drafts = SampleLocator.sample("drafts")
    #expect(CapturedRun(["scan", "--fail-on", "never", "--format", "json", "-o", saved, drafts]).status == .success)
    let run = CapturedRun([
      "render", saved, "--format", "html", "-o", tree.root + "/r.html", "--format", "sarif", "-o",
      tree.root + "/r.sarif",
      "--format", "text", "--no-color",
    ])
    #expect(run.status == .success, "\(run.error)")
    let direct = { (format: String) in
      CapturedRun(["scan", "--fail-on", "never", "--no-color", "--format", format, drafts]).output
    }
    #expect(run.output == direct("text"))
    #expect(try String(contentsOfFile: tree.root + "/r.html", encoding: .utf8) == direct("html"))
    #expect(try String(contentsOfFile: tree.root + "/r.sarif", encoding: .utf8) == direct("sarif"))
  }

  /// Each edit makes a report sdkvet could not have written; render names the JSON path at
  /// fault, exits 1, and leaves the output file unwritten.
  @Test(arguments: [
    (#""outcome": "will-reject""#, #""outcome": "will-accept""#, ".appStoreVerdict.outcome: disagrees"),
    (#""rule": "missing-privacy-manifest""#, #""rule": "missing-privacy-manifesto""#, ".rule: unknown value"),
    (#""schemaVersion": 1"#, #""schemaVersion": 2"#, "schema version 2 is not supported"),
    (#""tracks": false"#, #""tracks": true"#, ".tracking.tracks: disagrees"),
    (#""signer": "ad-hoc""#, #""signer": "AppleDeveloperProgram:ABCDE12345""#, ".signer: disagrees"),
    (#""kind": "framework""#, #""kind": 7"#, ".kind: expected a string"),
  ])
  func aReportSdkvetCouldNotHaveWrittenIsRefused(original: String, edited: String, expected: String) throws {
    let tree = try TemporaryTree()
    let saved = tree.root + "/report.json"
    let scan = CapturedRun(["scan", "--fail-on", "never", "--format", "json", SampleLocator.sample("")])
    let text = scan.output
    let range = try #require(text.range(of: original), "the samples' report holds \(original)")
    try Data(text.replacingCharacters(in: range, with: edited).utf8).write(to: URL(fileURLWithPath: saved))
    let output = tree.root + "/out.html"
    let run = CapturedRun(["render", saved, "--format", "html", "-o", output])
    #expect(run.status == .failure)
    #expect(run.error.contains("sdkvet: error: \(saved): $"), "\(run.error)")
    #expect(run.error.contains(expected), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aMissingOrUnparsableReportIsRefused() throws {
    let tree = try TemporaryTree()
    let missing = CapturedRun(["render", tree.root + "/none.json"])
    #expect(missing.status == .failure)
    #expect(missing.error.contains("none.json"))
    try tree.file("garbage.json", Array("{\"schemaVersion\": 1, \"targets\": [".utf8))
    let garbage = CapturedRun(["render", tree.root + "/garbage.json"])
    #expect(garbage.status == .failure)
    #expect(garbage.error.contains("garbage.json"))
  }

  @Test func renderTakesExactlyOneReport() {
    #expect(CapturedRun(["render"]).status == .usage)
    #expect(CapturedRun(["render", "a.json", "b.json"]).status == .usage)
  }
}
