import Foundation
import TestSupport
import Testing

/// Every output format of `Samples/`, byte for byte against a committed golden file, so "the
/// reports did not change" is checked by the suite rather than by hand: `scan` in text, JSON,
/// SARIF, Markdown and HTML, `symbols` as TSV, `info`, and `diff` of the two sample versions.
///
/// The samples are named relative to the package root, where `swift test` runs (the text
/// report wraps by path length, and SARIF fingerprints hash the target path), and the root
/// that remains (SARIF's `SCANROOT`) is written `$ROOT`, so the goldens do not depend on where
/// the checkout is. Run with `RECORD_SNAPSHOTS=1` to rewrite them after an intended change (the test
/// then fails once, saying so); review the diff before committing. Linux only: without libelf or
/// libarchive (a Mac built without the traits) the ELF and archive samples read differently.
@Suite(
  .enabled(if: ELFSupport.isAvailable && ArchiveSupport.isAvailable, "needs libelf and libarchive"),
  .enabled(
    if: FileManager.default.currentDirectoryPath == SampleLocator.packageRoot,
    "runs where swift test runs, in the package root"))
struct SampleGoldenTests {
  static let root = SampleLocator.packageRoot
  static let samples = "Samples"

  static let runs: [(golden: String, arguments: [String])] = [
    ("scan.txt", ["scan", "--format", "text", "--no-color", "--fail-on", "never", samples]),
    ("scan.json", ["scan", "--format", "json", "--fail-on", "never", samples]),
    ("scan.sarif", ["scan", "--format", "sarif", "--fail-on", "never", samples]),
    ("scan.md", ["scan", "--format", "markdown", "--fail-on", "never", samples]),
    ("scan.html", ["scan", "--format", "html", "--fail-on", "never", samples]),
    ("scan.github", ["scan", "--format", "github", "--fail-on", "never", samples]),
    (
      "symbols.tsv",
      ["symbols", "--undefined", "--selectors", "--format", "tsv", samples + "/macho/bin", samples + "/elf"]
    ),
    (
      "info.txt",
      [
        "info", samples + "/sdks/GoodKit.xcframework/ios-arm64_x86_64-simulator/GoodKit.framework/GoodKit",
        samples + "/elf/libstorageprobe.so", samples + "/callsites/bin/libweak-arm64.dylib",
      ]
    ),
    (
      "diff.json",
      ["diff", "--format", "json", "--fail-on", "never", samples + "/versions/v1", samples + "/versions/v2"]
    ),
  ]

  @Test(arguments: runs.indices)
  func outputMatchesItsGolden(index: Int) throws {
    let (golden, arguments) = Self.runs[index]
    let run = CapturedRun(arguments)
    let output = run.output.replacingOccurrences(of: Self.root, with: "$ROOT")
    let url = URL(fileURLWithPath: Self.root + "/Tests/SDKVetCommandTests/Goldens/" + golden)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try Data(output.utf8).write(to: url)
      Issue.record("Recorded \(golden); run again without RECORD_SNAPSHOTS to compare.")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    guard output != expected else { return }
    let got = output.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    Issue.record(
      "\(golden) differs at line \(line + 1):\n  expected: \(line < want.count ? want[line] : "(end)")\n  actual:   \(line < got.count ? got[line] : "(end)")\nRe-record with RECORD_SNAPSHOTS=1 if the change is intended."
    )
  }
}
