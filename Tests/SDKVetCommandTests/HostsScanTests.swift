import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet scan` of `Samples/sdks/HostsKit.framework`: its hosts in JSON and Markdown, and
/// `tracking-domain-undeclared` following the catalog's tracking hosts, overlays included.
@Suite struct HostsScanTests {
  private static let sample = SampleLocator.sample("sdks") + "/HostsKit.framework"

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  private func target(_ arguments: [String]) throws -> [String: Any] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never"] + arguments + [Self.sample])
    #expect(run.status == .success, "\(run.error)")
    let targets = try #require(try json(run.output)["targets"] as? [[String: Any]])
    return try #require(targets.first)
  }

  private func undeclaredHosts(_ target: [String: Any]) throws -> [String] {
    let findings = try #require(target["findings"] as? [[String: Any]])
    let rule = findings.filter { $0["rule"] as? String == "tracking-domain-undeclared" }
    #expect(rule.count <= 1 && rule.allSatisfy { $0["severity"] as? String == "warning" })
    return (rule.first?["evidence"] as? [[String: Any]] ?? []).compactMap { $0["symbol"] as? String }
  }

  @Test func jsonListsEachHostWithItsBinary() throws {
    let hosts = try #require(try target([])["hosts"] as? [[String: String]])
    #expect(
      hosts.map { $0["host"] } == ["api2.branch.io", "app.adjust.com", "graph.facebook.com", "status.hostskit.example"])
    #expect(hosts.allSatisfy { $0["binary"] == Self.sample + "/HostsKit" && $0.count == 2 })
  }

  @Test func theRuleNamesTheTrackingHostsTheManifestDoesNotCover() throws {
    #expect(try undeclaredHosts(try target([])) == ["app.adjust.com", "graph.facebook.com"])
  }

  @Test func anOverlaidTrackingHostIsJudgedToo() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hosts-overlay-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(#"{"schemaVersion": 1, "trackingHosts": [{"domain": "hostskit.example", "owner": "Test"}]}"#.utf8)
      .write(to: file)
    #expect(
      try undeclaredHosts(try target(["--catalog", file.path])) == [
        "app.adjust.com", "graph.facebook.com", "status.hostskit.example",
      ])
  }

  @Test func markdownAndTextShowTheHosts() {
    let markdown = CapturedRun(["scan", "--format", "markdown", "--fail-on", "never", Self.sample]).output
    #expect(markdown.contains("**Hosts named in the binaries:** `api2.branch.io` (in HostsKit)"))
    let text = CapturedRun(["scan", "--format", "text", "--fail-on", "never", Self.sample]).output
    #expect(text.contains("hosts") && text.contains("graph.facebook.com (in HostsKit)"))
  }
}
