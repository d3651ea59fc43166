import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `scan --policy FILE`: the policy changes the report and the exit status; a broken file is an
/// unusable input (exit 1) naming the file and key path.
@Suite struct PolicyOptionTests {
  private let noManifest = SampleLocator.sample("sdks/NoManifestKit.framework")

  private static func policyFile(_ json: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func anAcceptedFindingNoLongerFailsTheScan() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "allow": [{"target": "NoManifestKit", "rule": "missing-privacy-manifest", "reason": "r"}]}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(CapturedRun(["scan", noManifest]).status == .failure)
    let run = CapturedRun(["scan", "--policy", path, noManifest])
    #expect(run.status == .success)
    #expect(run.error.contains("1 findings accepted or turned off by the policy"))
  }

  @Test func aDeniedCategoryFailsTheScan() throws {
    let path = try Self.policyFile(
      #"{"schemaVersion": 1, "deny": [{"categories": ["DiskSpace"]}], "severities": {"missing-privacy-manifest": "off"}}"#
    )
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--policy", path, "--format", "json", noManifest])
    #expect(run.status == .failure)
    #expect(run.output.contains(#""rule": "policy-denied-category""#))
    #expect(!run.output.contains(#""rule": "missing-privacy-manifest""#))
  }

  @Test func aBrokenPolicyFailsNamingTheFileAndKeyPath() throws {
    let path = try Self.policyFile(#"{"schemaVersion": 1, "allow": [{"target": "Kit"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["scan", "--policy", path, noManifest])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: \(path): $.allow[0]: required key 'reason' is missing\n")
    #expect(run.output.isEmpty)
  }
}
