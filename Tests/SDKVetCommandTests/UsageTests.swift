import SDKVetCommand
import Testing

@Suite struct UsageTests {
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let errorCases: [ErrorCase] = [
    ErrorCase(arguments: ["frobnicate"], message: "Unknown command 'frobnicate'"),
    ErrorCase(arguments: ["symbols"], message: "Missing expected argument '<path> ...'"),
    ErrorCase(arguments: ["symbols", "--verbose", "x"], message: "Unknown option '--verbose'"),
    ErrorCase(arguments: ["symbols", "x", "--format"], message: "Missing value for '--format <format>'"),
    ErrorCase(
      arguments: ["symbols", "--format=xml", "x"],
      message: "Invalid value 'xml' for '--format <format>'; expected one of 'text', 'tsv', 'json'"),
    ErrorCase(arguments: ["symbols", "--undefined=yes", "x"], message: "Option '--undefined' takes no value"),
    ErrorCase(
      arguments: ["symbols", "--undefined", "--defined", "x"],
      message: "'--undefined' and '--defined' cannot be used together"),
  ]

  @Test(arguments: errorCases)
  func usageErrorsExitTwoWithTheMessage(_ errorCase: ErrorCase) {
    let run = CapturedRun(errorCase.arguments)
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("sdkvet: error: \(errorCase.message)"))
    #expect(run.output.isEmpty)
  }

  @Test func noArgumentsPrintsHelpToStandardErrorAndExitsTwo() {
    let run = CapturedRun([])
    #expect(run.status == .usage)
    #expect(run.error.contains("COMMANDS:"))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func topLevelHelpGoesToStandardOutput(_ arguments: [String]) {
    let run = CapturedRun(arguments)
    #expect(run.status == .success)
    #expect(run.output.contains("symbols"))
    #expect(run.output.contains("EXIT STATUS"))
  }

  @Test(arguments: ["scan", "symbols", "info", "catalog"])
  func everyCommandHasHelp(_ command: String) {
    let run = CapturedRun([command, "--help"])
    #expect(run.status == .success)
    #expect(run.output.hasPrefix("OVERVIEW: "))
    #expect(run.output.contains("usage: sdkvet \(command)"))
    #expect(run.output.contains("--format <format>"))
    #expect(CapturedRun(["help", command]).output == run.output)
  }

  @Test func versionPrintsTheVersion() {
    let run = CapturedRun(["--version"])
    #expect(run.status == .success)
    #expect(run.output == "sdkvet \(SDKVetVersion.current) (commit \(SDKVetVersion.commit ?? "unknown"))\n")
  }

  @Test func doubleDashEndsOptions() {
    let run = CapturedRun(["symbols", "--", "--not-an-option"])
    #expect(run.status == .failure)
    #expect(run.error.contains("sdkvet: --not-an-option: no such file or folder"))
  }
}
