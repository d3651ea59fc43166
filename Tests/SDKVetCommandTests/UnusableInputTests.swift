import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// A path that does not exist or holds no target fails `scan` whatever `--fail-on` says, and
/// SARIF reports the invocation as failed with a notification per path (issue 25): a mistyped
/// path in CI must not produce a clean report that closes every open code-scanning alert.
@Suite struct UnusableInputTests {
  private static let good = SampleLocator.sample("sdks/GoodKit.xcframework")

  private func invocation(_ sarif: String) throws -> [String: Any] {
    let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    return try #require((run["invocations"] as? [[String: Any]])?.first)
  }

  @Test func aMissingPathFailsEvenWithFailOnNever() throws {
    let missing = "/nonexistent/Frameworks"
    let run = CapturedRun(["scan", "--format", "sarif", "--fail-on", "never", Self.good, missing])
    #expect(run.status == .failure)
    #expect(run.error.contains("sdkvet: \(missing): no such file or folder"))
    let invocation = try invocation(run.output)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    let notes = invocation["toolExecutionNotifications"] as? [[String: Any]] ?? []
    #expect(notes.count == 1 && notes.first?["level"] as? String == "error")
    #expect(((notes.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(missing) == true)
  }

  @Test func aFolderHoldingNoTargetFailsToo() throws {
    let tree = try TemporaryTree()
    try tree.file("Empty/README.txt", Array("nothing to scan".utf8))
    let run = CapturedRun(["scan", "--fail-on", "never", tree.root + "/Empty"])
    #expect(run.status == .failure)
    #expect(run.error.contains("holds no app, SDK, library or binary sdkvet reads"))
  }

  @Test func aScanOfWhatWasAskedIsASuccessfulInvocation() throws {
    let run = CapturedRun(["scan", "--format", "sarif", "--fail-on", "never", Self.good])
    #expect(run.status == .success)
    let invocation = try invocation(run.output)
    #expect(invocation["executionSuccessful"] as? Bool == true)
    #expect(invocation["toolExecutionNotifications"] == nil)
  }
}
