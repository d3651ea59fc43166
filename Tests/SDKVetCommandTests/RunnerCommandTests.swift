import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// Issue 32: no line of any output (standard output, standard error, output files) can be read
/// by a CI runner as a command, and vendor text in Markdown renders as inert text, whatever the
/// inputs' strings hold (`Docs/SECURITY.md`, "Text"). The inputs are written by
/// `Samples/hostile/runner-commands.py`; each command runs in a child process from inside them,
/// so relative paths (folder names that are commands) start lines.
@Suite struct RunnerCommandTests {
  private static let bundle = "::add-mask::Folder/##vso[task.complete result=Failed]/EvilKit.framework"
  private static let old = SampleLocator.sample("sdks/TrackerKit.framework")

  /// Every command and format that writes what it reads.
  static let commands: [[String]] = [
    ["scan", "--fail-on", "never", "."], ["scan", "--evidence", "full", "."], ["scan", "--format", "json", "."],
    ["scan", "--format", "sarif", "."], ["scan", "--format", "markdown", "."], ["scan", "--format", "html", "."],
    ["symbols", "."], ["symbols", "--format", "tsv", "."], ["symbols", "--format", "json", "."],
    ["info", "."], ["info", "--format", "json", "."],
    ["diff", old, "."], ["diff", "--format", "markdown", old, "."], ["diff", "--format", "json", old, "."],
    ["privacy-report", "."], ["privacy-report", "--format", "markdown", "."],
    ["privacy-report", "--format", "html", "."], ["privacy-report", "--format", "json", "."],
    ["manifest", bundle], ["manifest", "--check", bundle],
  ]

  /// The lines of `text` a runner would read as a command: split at LF and CR as .NET's
  /// `ReadLine` splits, `::` after Unicode white space, or `##[` / `##vso[` anywhere.
  static func commandLines(in text: String) -> [String] {
    text.unicodeScalars.split { $0 == "\n" || $0 == "\r" }.map { String(String.UnicodeScalarView($0)) }.filter {
      line in
      let trimmed = line.unicodeScalars.drop { $0.properties.isWhitespace }
      return String(String.UnicodeScalarView(trimmed)).hasPrefix("::") || line.contains("##[")
        || line.contains("##vso[")
    }
  }

  private func sdkvet(_ arguments: [String]) throws -> ChildProcess.Outcome {
    var child = ChildProcess()
    child.timeLimit = 60
    child.workingDirectory = try HostileTableInputs.path("runner-commands")
    let run = child.run(arguments)
    #expect(!run.timedOut && run.status != nil, "\(arguments)")
    return run
  }

  @Test(arguments: commands)
  func noOutputLineIsARunnerCommand(_ arguments: [String]) throws {
    let run = try sdkvet(arguments)
    #expect(run.output.contains("add-mask") || run.output.contains("stop-commands"), "\(arguments): inputs not shown")
    #expect(Self.commandLines(in: run.output).isEmpty, "\(arguments): \(Self.commandLines(in: run.output))")
    #expect(Self.commandLines(in: run.error).isEmpty, "\(arguments): \(Self.commandLines(in: run.error))")
    if arguments.contains("json") || arguments.contains("sarif") {
      // The escape is JSON's: the document parses, and its strings read back as the vendor wrote them.
      let document = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
      let reread = try JSONSerialization.data(withJSONObject: document, options: [.withoutEscapingSlashes])
      #expect(String(decoding: reread, as: UTF8.self).contains("##vso[task.complete result=Failed]"))
    }
  }

  @Test func aWrappedLongWordIsNeutralizedInTheFileToo() throws {
    let folder = try TemporaryTree()
    let report = folder.root + "/report.txt"
    let run = try sdkvet(["scan", "--evidence", "full", "--fail-on", "never", "--output", report, "."])
    #expect(run.status == 0, "\(run.error)")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    #expect(text.contains(#"/\u0023#vso[task.complete result=Failed]/EvilKit.framework"#), "\(text)")
    #expect(text.contains("\n" + String(repeating: " ", count: 11) + #"\u003a:error::xxxx"#), "\(text)")
    #expect(Self.commandLines(in: text).isEmpty, "\(Self.commandLines(in: text))")
  }

  @Test(arguments: [
    ["scan", "--format", "markdown", "."], ["diff", "--format", "markdown", old, "."],
    ["privacy-report", "--format", "markdown", "."],
  ])
  func vendorTextInMarkdownIsInert(_ arguments: [String]) throws {
    let run = try sdkvet(arguments)
    #expect(run.output.contains("evil.example"), "\(arguments): inputs not shown")
    for line in run.output.split(separator: "\n") {
      let prose = Self.outsideCodeSpans(String(line))
      #expect(!prose.contains("https://") && !prose.contains("www.evil"), "autolink: \(line)")
      #expect(!prose.contains("@org"), "mention: \(line)")
      let unescaped = prose.replacingOccurrences(of: #"\]"#, with: "")
      #expect(!unescaped.contains("](") && !prose.contains("<a "), "link: \(line)")
    }
  }

  /// `line` without its code spans (a run of backticks to the next run of the same length).
  static func outsideCodeSpans(_ line: String) -> String {
    var prose = ""
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "`") {
      if open > rest.startIndex, rest[rest.index(before: open)] == "\\" {
        prose += rest[...open]
        rest = rest[rest.index(after: open)...]
        continue
      }
      prose += rest[..<open]
      let fence = rest[open...].prefix { $0 == "`" }
      let after = rest[fence.endIndex...]
      guard let close = after.range(of: String(fence)) else { return prose + rest[open...] }
      rest = after[close.upperBound...]
    }
    return prose + rest
  }

  @Test func aSARIFMessageCannotHoldAnEmbeddedLink() throws {
    let run = try sdkvet(["scan", "--format", "sarif", "."])
    let log = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    let texts = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
    #expect(texts.contains { $0.contains(#"\[click\](https"#) }, "the fixture's link is reported")
    for text in texts {
      let unescaped = text.replacingOccurrences(of: #"\["#, with: "").replacingOccurrences(of: #"\]"#, with: "")
      #expect(!unescaped.contains("[") && !unescaped.contains("]"), "\(text)")
    }
  }

  @Test(arguments: [
    ("::error::x\n", #"\u003a:error::x"# + "\n"), ("  ::add-mask::x", #"  \u003a:add-mask::x"#),
    ("a\r::stop-commands::t", "a\r" + #"\u003a:stop-commands::t"#), ("\u{3000}::e", "\u{3000}" + #"\u003a:e"#),
    ("x ##vso[task.setvariable]y", #"x \u0023#vso[task.setvariable]y"#), ("###[e]", #"#\u0023#[e]"#),
    ("a::b ## [c] :: d", "a::b ## [c] :: d"), (":x", ":x"),
    ("\t \t::e\n    ok # not ##[x]\n", "\t \t" + #"\u003a:e"# + "\n    ok # not " + #"\u0023#[x]"# + "\n"),
  ])
  func theGuardNeutralizesEachCommandWhereverAWriteEnds(input: String, expected: String) {
    let bytes = Array(input.utf8)
    for split in 0...bytes.count {  // every place a chunk can end
      var runnerGuard = RunnerCommandGuard()
      let written = runnerGuard.filter(Array(bytes[..<split])) + runnerGuard.filter(Array(bytes[split...]))
      #expect(String(decoding: written + runnerGuard.drain(), as: UTF8.self) == expected, "split at \(split)")
    }
  }

  /// Long runs are searched eight bytes at a time: on text of command-like pieces at every
  /// offset, the guard given it whole writes what it writes given it a byte at a time (where
  /// every run is one byte long).
  @Test func theGuardWritesTheSameWhetherGivenTextWholeOrByteByByte() {
    let pieces = ["::e", "##[x]", "##vso[", "#", "\n", "\r", " ", "\t", "plain text ", "ab:c", "\u{3000}", "é"]
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      var whole = RunnerCommandGuard()
      let wholeWritten = whole.filter(Array(text.utf8)) + whole.drain()
      var byByte = RunnerCommandGuard()
      let byByteWritten = text.utf8.flatMap { byByte.filter([$0]) } + byByte.drain()
      #expect(wholeWritten == byByteWritten, "\(text.debugDescription)")
      #expect(Self.commandLines(in: String(decoding: wholeWritten, as: UTF8.self)).isEmpty, "\(text.debugDescription)")
    }
  }

  @Test func aPolicyPathIsEscapedOnce() throws {
    let folder = try TemporaryTree()
    let policy = folder.root + "/a\\b.json"
    try Data(
      #"{"schemaVersion": 1, "allow": [{"target": "x\\y", "rule": "missing-privacy-manifest", "reason": "r", "expires": "2099-01-01"}]}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: policy))
    let run = try sdkvet([
      "scan", "--fail-on", "never", "--policy", policy, SampleLocator.sample("sdks/GoodKit.xcframework"),
    ])
    #expect(run.error.contains(folder.root + #"/a\\b.json"#), "\(run.error)")
    #expect(!run.error.contains(#"a\\\\b"#), "\(run.error)")
    #expect(run.error.contains(#"(x\\y, missing-privacy-manifest)"#), "\(run.error)")
  }
}
