import Foundation
import TestSupport
import Testing

/// The outputs of `Samples/`, byte for byte against committed golden files, one small file per
/// fixture and mode (as gimli's `testfiles/*.readobj` are), so a change to a report is a diff a
/// reviewer reads: `scan`'s text report of each sample folder; JSON, SARIF, Markdown and HTML of
/// one small fixture (`Samples/drafts`; every format's verdict over all of `Samples/` is held to
/// the model by `VerdictConsistencyTests`); `symbols` as TSV, `info`, and `diff` of the two
/// sample versions.
///
/// The samples are named relative to the package root, where `swift test` runs (the text
/// report wraps by path length, and SARIF fingerprints hash the target path), and the root
/// that remains (SARIF's `SCANROOT`) is written `$ROOT`, so the goldens do not depend on where
/// the checkout is. Run with `RECORD_SNAPSHOTS=1` to rewrite them after an intended change: the
/// test then fails once with the unified diff of each file it rewrote, to read before
/// committing. Linux only: without libelf or libarchive (a Mac built without the traits) the ELF
/// and archive samples read differently.
@Suite(
  .enabled(if: ELFSupport.isAvailable && ArchiveSupport.isAvailable, "needs libelf and libarchive"),
  .enabled(
    if: FileManager.default.currentDirectoryPath == SampleLocator.packageRoot,
    "runs where swift test runs, in the package root"))
struct SampleGoldenTests {
  static let root = SampleLocator.packageRoot
  static let samples = "Samples"
  /// The sample folders that hold targets, each with a text golden of its own.
  static let fixtures = [
    "archives", "callsites", "drafts", "elf", "macho", "packages", "privacy", "sdks", "signatures", "versions",
  ]
  /// The fixture every other format is recorded for.
  static let small = samples + "/drafts"

  static let runs: [(golden: String, arguments: [String])] =
    fixtures.map {
      ("scan-\($0).txt", ["scan", "--format", "text", "--no-color", "--fail-on", "never", samples + "/" + $0])
    }
    + ["json", "sarif", "markdown", "html", "github"].map { format in
      (
        "scan-drafts.\(format == "markdown" ? "md" : format)",
        ["scan", "--format", format, "--fail-on", "never", small]
      )
    } + [
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
    let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      guard output != expected else { return }
      try Data(output.utf8).write(to: url)
      Issue.record(
        "Recorded \(golden); read the change, then run again without RECORD_SNAPSHOTS:\n\(Self.unifiedDiff(expected, output))"
      )
      return
    }
    guard output != expected else { return }
    let got = output.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    Issue.record(
      "\(golden) differs at line \(line + 1):\n  expected: \(line < want.count ? want[line] : "(end)")\n  actual:   \(line < got.count ? got[line] : "(end)")\nRe-record with RECORD_SNAPSHOTS=1 if the change is intended."
    )
  }

  /// The unified diff (`diff -u`) of two versions of a golden, at most 200 lines of it.
  static func unifiedDiff(_ before: String, _ after: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = (folder.appendingPathComponent("recorded"), folder.appendingPathComponent("now"))
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
      (try? Data(before.utf8).write(to: old)) != nil, (try? Data(after.utf8).write(to: new)) != nil,
      let tool = ReferenceTools.onPath("diff"),
      let text = try? ReferenceTools.output(of: tool, ["-u", old.path, new.path])
    else { return "(no diff tool: compare the file with git diff)" }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.prefix(200).joined(separator: "\n") + (lines.count > 200 ? "\n… \(lines.count - 200) more lines" : "")
  }
}
