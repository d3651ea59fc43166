import Foundation
import SDKVetCommand
import Testing

/// Issue 9, case 8: names from the files under review never reach standard output or standard
/// error raw, in any command or format; they are shown escaped.
@Suite struct TerminalInjectionTests {
  /// Every command and format that prints what it reads.
  static let commands: [[String]] = [
    ["symbols", "--selectors"], ["symbols", "--format", "tsv"], ["symbols", "--format", "json"],
    ["info"], ["info", "--format", "json"],
    ["scan", "--fail-on", "never"], ["scan", "--format", "json"], ["scan", "--format", "sarif"],
    ["scan", "--format", "markdown"], ["scan", "--format", "html"], ["scan", "--format", "github"],
  ]

  /// Bytes that must never be written: C0 controls except the line feed (and the tab between TSV
  /// columns), DEL, and as scalars the C1 controls.
  static func rawControls(in text: String, allowingTab: Bool) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      if scalar == "\n" || (allowingTab && scalar == "\t") { return false }
      return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
  }

  @Test(arguments: commands)
  func noControlByteReachesAnyOutput(_ command: [String]) throws {
    let folder = try HostileNames.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun(command + [folder.path])
    let isTSV = command.contains("tsv")
    #expect(Self.rawControls(in: run.output, allowingTab: isTSV).isEmpty, "\(run.output)")
    #expect(Self.rawControls(in: run.error, allowingTab: false).isEmpty, "\(run.error)")
    for line in (run.output + run.error).split(separator: "\n") {
      #expect(!line.hasPrefix("sdkvet: error: forged"))
    }
  }

  @Test(arguments: [["symbols", "--defined"], ["symbols", "--undefined", "--format", "tsv"], ["info"]])
  func namesAreShownEscaped(_ command: [String]) throws {
    let folder = try HostileNames.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun(command + [folder.path])
    let shown = HostileNames.escapedPayload
    #expect(run.output.contains("libEvil" + shown + ".dylib"), "file name")
    #expect(run.error.contains("broken" + shown + ".dylib"), "file name in a diagnostic")
    if command.contains("info") {
      #expect(run.output.contains("install name: @rpath/Evil" + shown + ".dylib"))
      #expect(run.output.contains("links /usr/lib/lib" + shown + ".dylib"))
      #expect(run.output.contains("rpath: @loader_path" + shown))
      #expect(run.output.contains("[evil" + shown + ".o]"), "member name")
    } else if command.contains("--defined") {
      #expect(run.output.contains("_defined" + shown))
    } else {
      #expect(run.output.contains("\t_member_import" + shown + "\t"))
      #expect(run.output.contains("\tevil" + shown + ".o\t"), "member name")
      #expect(run.output.contains("\t/usr/lib/lib" + shown + ".dylib\t"), "library")
    }
  }

  @Test func scanReportsShowTheLibraryEscaped() throws {
    let folder = try HostileNames.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun(["scan", "--fail-on", "never", folder.path])
    #expect(run.output.contains("from /usr/lib/lib" + HostileNames.escapedPayload + ".dylib"))
    #expect(run.output.contains("(evil" + HostileNames.escapedPayload + ".o)"))
  }
}
