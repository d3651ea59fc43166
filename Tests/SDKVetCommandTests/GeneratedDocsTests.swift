import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet completions <shell>` and `sdkvet --man-page`: generated from the option specs, so
/// each names every command and option `--help` names, and each is valid in its language.
@Suite struct GeneratedDocsTests {
  /// Every command and the long options its `--help` lists.
  static let commands: [(name: String, options: [String])] = {
    let top = CapturedRun(["--help"]).output
    let names = top.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
      .split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    return names.map { name in
      let help = CapturedRun([name, "--help"]).output.components(separatedBy: "OPTIONS:\n")[1]
      let options = help.split(separator: "\n").prefix { $0.hasPrefix("  ") }.compactMap { line in
        line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.trimmingCharacters(in: [","])) }
      }
      return (name, options)
    }
  }()

  @Test func helpListsTheCommandsTheGeneratorsRead() {
    #expect(Self.commands.map(\.name).contains("completions"))
    #expect(Self.commands.first { $0.name == "scan" }?.options.contains("--write-baseline") == true)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func everyCommandAndOptionIsCompleted(shell: String) {
    let run = CapturedRun(["completions", shell])
    #expect(run.status == .success)
    for command in Self.commands {
      #expect(run.output.contains(command.name), "\(shell) lacks \(command.name)")
      for option in command.options {
        let spelled = shell == "fish" ? "-l \(option.dropFirst(2))" : option
        #expect(run.output.contains(spelled), "\(shell) lacks \(command.name) \(option)")
      }
    }
  }

  @Test func anUnknownShellIsAUsageError() {
    let run = CapturedRun(["completions", "tcsh"])
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("sdkvet: error: Unknown shell 'tcsh'; expected one of 'bash', 'zsh', 'fish'"))
  }

  /// Runs `script` in `shell` with the completion script `completions` saved to a file named by `$1`.
  private func run(_ shell: String, _ arguments: [String], completions: String) throws -> (Int32, String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-completion-\(UUID().uuidString)")
    try Data(completions.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments + [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// bash offers what the spec allows: commands first, then a command's options and values.
  @Test func bashCompletesCommandsOptionsAndValues() throws {
    let script = CapturedRun(["completions", "bash"]).output
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let body =
        #"source "$0"; COMP_WORDS=("# + quoted
        + #"); COMP_CWORD=\#(words.count - 1); _sdkvet; printf '%s\n' "${COMPREPLY[@]}""#
      let (status, output) = try run("/bin/bash", ["-c", body], completions: script)
      #expect(status == 0, "\(output)")
      return output.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["sdkvet", "sc"]) == ["scan"])
    #expect(
      try complete(["sdkvet", "scan", "--format", ""]) == ["text", "json", "sarif", "markdown", "html", "github"])
    #expect(try complete(["sdkvet", "scan", "--fail-"]) == ["--fail-on"])
    #expect(try complete(["sdkvet", "completions", "--h"]) == ["--help"])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh (Scripts/setup --dist)"))
  func zshReadsItsScript() throws {
    let (status, output) = try run("/usr/bin/zsh", ["-n"], completions: CapturedRun(["completions", "zsh"]).output)
    #expect(status == 0, "\(output)")
  }

  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish (Scripts/setup --dist)"))
  func fishReadsItsScript() throws {
    let (status, output) = try run("/usr/bin/fish", ["-n"], completions: CapturedRun(["completions", "fish"]).output)
    #expect(status == 0, "\(output)")
  }

  @Test func theManPageNamesEveryCommandAndOption() {
    let page = CapturedRun(["--man-page"]).output
    #expect(page.hasPrefix(".TH SDKVET 1 "))
    for command in Self.commands {
      #expect(page.contains(".SS \"sdkvet \(command.name)"), "no section for \(command.name)")
      for option in command.options {
        #expect(page.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "lacks \(option)")
      }
    }
  }

  /// groff reads the page without a warning (`-ww`: every warning), and shows its options.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
  func groffRendersTheManPageWithoutWarnings() throws {
    let page = CapturedRun(["--man-page"]).output
    let (status, warnings) = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z"], completions: page)
    #expect(status == 0 && warnings.isEmpty, "groff: \(warnings)")
    let (_, rendered) = try run("/usr/bin/groff", ["-man", "-Tascii", "-P", "-cbu"], completions: page)
    #expect(rendered.contains("--write-baseline file"))
  }
}
