import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `scan --format F --output FILE` pairs: one scan, several reports, each the bytes the scan
/// with that format alone writes.
@Suite struct MultipleOutputsTests {
  private let sample = SampleLocator.sample("sdks/NoManifestKit.framework")

  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString)-\(name)").path
  }

  @Test func everyPairGetsTheSingleFormatRunsBytes() throws {
    let formats = ["json", "sarif", "markdown", "html", "text", "github"]
    let paths = formats.map(temporaryPath)
    defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
    let pairs = zip(formats, paths).flatMap { ["--format", $0, "--output", $1] }
    let run = CapturedRun(["scan", "--fail-on", "never"] + pairs + [sample])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.output.isEmpty)
    for (format, path) in zip(formats, paths) {
      let single = CapturedRun(["scan", "--fail-on", "never", "--format", format, sample])
      let written = try #require(FileManager.default.contents(atPath: path), "\(format) not written")
      #expect(String(decoding: written, as: UTF8.self) == single.output, "\(format) differs from its own run")
    }
  }

  @Test func aLastFormatWithoutAnOutputGoesToStandardOutput() throws {
    let path = temporaryPath("report.sarif")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--format", "sarif", "-o", path, "--format", "github", "--fail-on", "never", sample])
    #expect(run.status == .success)
    #expect(run.output == CapturedRun(["scan", "--format", "github", "--fail-on", "never", sample]).output)
    #expect(run.output.hasPrefix("::error file="))
    let sarif = try #require(FileManager.default.contents(atPath: path))
    #expect(String(decoding: sarif, as: UTF8.self).contains("\"version\": \"2.1.0\""))
  }

  @Test func theExitStatusIsTheScansOnce() {
    let paths = ["a.json", "b.md"].map(temporaryPath)
    defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
    let run = CapturedRun(["scan", "--format", "json", "-o", paths[0], "--format", "markdown", "-o", paths[1], sample])
    #expect(run.status == .failure)  // NoManifestKit has an error finding
    #expect(run.error.isEmpty, "\(run.error)")
  }

  struct Mismatch: Sendable, CustomTestStringConvertible {
    let options: [String]
    let message: String
    var testDescription: String { options.joined(separator: " ") }
  }

  static let mismatches: [Mismatch] = [
    Mismatch(
      options: ["--format", "json", "--format", "sarif", "--format", "html", "-o", "a"],
      message: "3 '--format' and 1 '--output': give each '--format' its own '--output'"),
    Mismatch(
      options: ["-o", "a", "-o", "b"],
      message: "1 '--format' and 2 '--output': give each '--format' its own '--output'"),
    Mismatch(
      options: ["--format", "json", "-o", "same", "--format", "sarif", "-o", "same"],
      message: "'--output same' is given twice: each format needs a file of its own"),
  ]

  @Test(arguments: mismatches)
  func unpairedOptionsAreAUsageErrorBeforeAnythingIsWritten(_ mismatch: Mismatch) {
    let run = CapturedRun(["scan"] + mismatch.options + [sample])
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("sdkvet: error: \(mismatch.message)"), "\(run.error)")
    #expect(run.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: "a") && !FileManager.default.fileExists(atPath: "same"))
  }
}
