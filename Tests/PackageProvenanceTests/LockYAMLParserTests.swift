import Foundation
import ScanFiles
import Testing

@testable import PackageProvenance

@Suite("Podfile.lock's YAML subset")
struct LockYAMLParserTests {
  private func parse(_ text: String) -> (root: LockYAMLNode, issue: LockFileIssue?) {
    let (root, issues) = LockYAMLParser.parse(text, file: "Podfile.lock")
    return (root, issues.issue)
  }

  private func entries(_ node: LockYAMLNode?) -> [LockYAMLNode.Entry] {
    if case .mapping(let entries)? = node?.content { entries } else { [] }
  }

  private func items(_ node: LockYAMLNode?) -> [LockYAMLNode] {
    if case .sequence(let items)? = node?.content { items } else { [] }
  }

  @Test func readsTheShapesCocoaPodsWrites() {
    let (root, issue) = parse(
      """
      PODS:
        - A (1.0)
        - "B/Sub (2.0)":
          - A (= 1.0)
        - 'It''s (3.0)'

      SPEC REPOS:
        "https://example.com/specs.git":
        - A
      EMPTY: {}
      COCOAPODS: 1.15.2
      """)
    #expect(issue == nil)
    let sections = entries(root)
    #expect(sections.map(\.key) == ["PODS", "SPEC REPOS", "EMPTY", "COCOAPODS"])
    let pods = items(sections.first?.value)
    #expect(pods.map(\.line) == [2, 3, 5])
    #expect(pods.first?.scalar == "A (1.0)")
    #expect(entries(pods[1]).first?.key == "B/Sub (2.0)")
    #expect(items(entries(pods[1]).first?.value).first?.scalar == "A (= 1.0)")
    #expect(pods[2].scalar == "It's (3.0)")
    let repository = entries(sections[1].value).first
    #expect(repository?.key == "https://example.com/specs.git")
    #expect(items(repository?.value).map(\.scalar) == ["A"])
    #expect(sections[3].value.scalar == "1.15.2")
  }

  /// Each construct outside the subset is one problem at its own line; the line is skipped.
  @Test(arguments: [
    ("PODS:\n  - A (1.0)\n\t- B (2.0)\n", 3, "a tab in the indentation"),
    ("PODS:\n  - \"A (1.0)\n", 2, "a quoted string that is not closed"),
    ("PODS:\n  - \"A\\q\"\n", 2, "an escape sequence"),
    ("BASE: &base\n  - A\n", 1, "a YAML indicator (`&`)"),
    ("PODS: *base\n", 1, "a YAML indicator (`*`)"),
    ("PODS: !!str x\n", 1, "a YAML indicator (`!`)"),
    ("TEXT: |\n", 1, "a YAML indicator (`|`)"),
    ("PODS: [A, B]\n", 1, "a flow collection"),
    ("PODS:\n  - A (1.0)\n   - B (2.0)\n", 3, "unexpected indentation"),
    ("PODS:\n  - A (1.0)\n - B (2.0)\n", 3, "unexpected indentation"),
    ("PODS:\n  just text\n", 2, "expected `key: value` or `- item`"),
    ("\"PODS\": x: y\n\"SPEC\" junk: z\n", 2, "expected `key: value` or `- item`"),
    ("A: \"x\" y\n", 1, "text after a quoted string"),
  ])
  func refusesWhatLockFilesDoNotUse(text: String, line: Int, message: String) {
    let issue = parse(text).issue
    #expect(issue?.line == line)
    #expect(issue?.message.hasPrefix(message) == true, "\(issue?.message ?? "no issue")")
  }

  @Test func nestingDeeperThanTheLimitIsOneProblemAndTheRestIsSkipped() {
    let text = (0..<40).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + "\nTOP: 1\n"
    let (root, issue) = parse(text)
    #expect(issue?.line == LockYAMLParser.maximumDepth + 2)
    #expect(issue?.message == "nested deeper than \(LockYAMLParser.maximumDepth) levels")
    #expect(entries(root).map(\.key) == ["k0", "TOP"])
  }

  /// Hostile shapes (a real lock file has hundreds of lines): work is one pass over the lines,
  /// however they nest or fail. The bound is loose: tests run unoptimised on a shared machine.
  @Test func largeAndBrokenFilesAreReadInOnePass() {
    let deep = (0..<4_000).map { String(repeating: " ", count: $0) + "- x" }.joined(separator: "\n")
    let wide = "PODS:\n" + (0..<50_000).map { "  - Pod\($0) (1.0)" }.joined(separator: "\n")
    let broken = String(repeating: "PODS:\n  - \"open\n   bad\n\t\n", count: 20_000)
    for (name, text) in [("deep", deep), ("wide", wide), ("broken", broken)] {
      #expect(text.utf8.count <= 8 << 20)
      let elapsed = ContinuousClock().measure { _ = parse(text) }
      #expect(elapsed < .seconds(10), "\(name): \(elapsed)")
    }
    #expect(items(entries(parse(wide).root).first?.value).count == 50_000)
    #expect(parse(broken).issue?.moreProblems == 60_000 - 1)
  }
}
