import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet manifest`: the draft keeps what the manifest declares, adds what the binaries use with
/// candidate reasons and never a picked one, and, once the reasons and domains are filled in,
/// passes sdkvet's own validation.
@Suite struct ManifestCommandTests {
  /// This test's temporary folder, removed with the suite's instance when the test ends.
  private let scratch: TemporaryTree

  init() throws {
    scratch = try TemporaryTree()
  }

  /// A copy of `sample` (under `Samples/sdks`) in a fresh folder of the test's own.
  private func copy(_ sample: String) throws -> String {
    let folder = URL(fileURLWithPath: scratch.root).appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let destination = folder.appendingPathComponent((sample as NSString).lastPathComponent).path
    try FileManager.default.copyItem(atPath: SampleLocator.sample("sdks/" + sample), toPath: destination)
    return destination
  }

  /// The draft with each empty reasons array holding the first candidate of the comment before it,
  /// and empty tracking domains holding one domain: what a user does with the draft.
  private func filledIn(_ draft: String) -> String {
    var lines: [String] = []
    var candidate: String?
    var pendingKey: String?
    for line in draft.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let range = line.range(of: "candidates: ") {
        candidate = line[range.upperBound...].split(separator: ":").first.map(String.init)
      }
      if line.contains("<key>NSPrivacyAccessedAPITypeReasons</key>")
        || line.contains("<key>NSPrivacyTrackingDomains</key>")
      {
        pendingKey = line
      } else if let key = pendingKey, line.hasSuffix("<array/>") {
        let value = key.contains("TrackingDomains") ? "tracking.example.com" : candidate ?? "none"
        lines.append(line.replacingOccurrences(of: "<array/>", with: "<array><string>\(value)</string></array>"))
        pendingKey = nil
        continue
      } else {
        pendingKey = nil
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  private func findings(_ path: String) throws -> [String] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never", path])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    return targets.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
  }

  /// The rules a filled-in draft must satisfy.
  static let manifestRules: Set<String> = [
    "missing-privacy-manifest", "undeclared-api-category", "invalid-privacy-manifest", "invalid-reason-code",
    "reason-not-valid-for-category", "reason-not-for-this-kind", "tracking-domains-missing", "tracking-undeclared",
    "listed-sdk-without-manifest",
  ]

  @Test(arguments: [
    "NoManifestKit.framework", "SwiftSelectorsKit.framework", "BadManifestKit.framework", "SampleApp.app",
    "TrackerKit.framework", "FMDB.framework", "WrongReasonKit.framework",
  ])
  func aFilledInDraftPassesValidation(sample: String) throws {
    let target = try copy(sample)
    let before = Set(try findings(target))
    let draft = CapturedRun(["manifest", target])
    #expect(draft.status == .success)
    #expect(draft.output.hasPrefix("<?xml"))
    try filledIn(draft.output).write(toFile: target + "/PrivacyInfo.xcprivacy", atomically: true, encoding: .utf8)
    let after = Set(try findings(target))
    // What the draft adds is right; what the vendor wrote wrong and the draft keeps is still reported.
    let kept: Set<String> =
      sample == "BadManifestKit.framework"
      ? ["invalid-privacy-manifest"]
      : sample == "WrongReasonKit.framework"
        ? ["invalid-reason-code", "reason-not-valid-for-category", "reason-not-for-this-kind"] : []
    #expect(after.intersection(Self.manifestRules) == kept.intersection(before))
    let check = CapturedRun(["manifest", "--check", target])
    #expect(check.status == .success, "\(check.output)")
  }

  @Test func theDraftKeepsDeclarationsAndPicksNoReason() {
    let run = CapturedRun(["manifest", SampleLocator.sample("sdks/SwiftSelectorsKit.framework")])
    #expect(run.output.contains("<string>NSPrivacyAccessedAPICategoryDiskSpace</string>"))
    #expect(run.output.contains("<string>E174.1</string>"))
    #expect(run.output.contains("<string>NSPrivacyAccessedAPICategoryActiveKeyboards</string>"))
    // An SDK: 54BD.1 is a candidate, 3EC4.1 (custom-keyboard apps only) is not, and nothing is picked.
    #expect(run.output.contains("candidates: 54BD.1"))
    #expect(!run.output.contains("3EC4.1"))
    #expect(!run.output.contains("<string>54BD.1</string>"))
  }

  @Test func checkSaysWhatIsMissing() {
    let missing = CapturedRun(["manifest", "--check", SampleLocator.sample("sdks/SwiftSelectorsKit.framework")])
    #expect(missing.status == .failure)
    #expect(missing.output.contains("lacks NSPrivacyAccessedAPICategoryActiveKeyboards"))
    let none = CapturedRun(["manifest", "--check", SampleLocator.sample("sdks/NoManifestKit.framework")])
    #expect(none.status == .failure)
    #expect(none.output.contains("no PrivacyInfo.xcprivacy"))
    let good = CapturedRun(["manifest", "--check", SampleLocator.sample("sdks/GoodKit.xcframework")])
    #expect(good.status == .success)
  }

  /// A framework whose binary cannot be read: the draft says what it uses is unknown, and `--check`
  /// never says the manifest lacks nothing (the registry differential does the same to corpus
  /// frameworks).
  @Test func aFrameworkWhoseBinaryCannotBeReadIsUnknown() throws {
    let framework = try copy("SwiftSelectorsKit.framework")
    try Data("not a binary".utf8).write(to: URL(fileURLWithPath: framework + "/SwiftSelectorsKit"))
    let draft = CapturedRun(["manifest", framework])
    #expect(draft.status == .success)
    #expect(draft.output.contains("This binary could not be read, so what it uses is unknown"), "\(draft.output)")
    let check = CapturedRun(["manifest", "--check", framework])
    #expect(check.status == .failure)
    #expect(check.output.contains("1 of its binaries could not be read"), "\(check.output)")
  }

  @Test(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) func aTargetInsideAnArchive() {
    let run = CapturedRun(["manifest", "--check", SampleLocator.sample("archives/GoodKit.xcframework.zip")])
    #expect(run.status == .success)
    #expect(run.output.contains("GoodKit.xcframework.zip!/GoodKit.xcframework: the manifest lacks nothing."))
    let app = CapturedRun(["manifest", SampleLocator.sample("archives/SampleApp.ipa")])
    #expect(app.output.contains("<string>CA92.1</string>"))
    #expect(app.error.contains("this is for ") && app.error.contains("SampleApp.ipa!/Payload/SampleApp.app"))
  }

  @Test func usageAndHelp() {
    let sample = SampleLocator.sample("sdks/GoodKit.xcframework")
    #expect(CapturedRun(["manifest", sample, sample]).status == .usage)
    #expect(CapturedRun(["manifest", "--check", "--output", "x.xcprivacy", sample]).status == .usage)
    #expect(CapturedRun(["manifest"]).status == .usage)
    let help = CapturedRun(["manifest", "--help"])
    #expect(help.status == .success && help.output.contains("usage: sdkvet manifest"))
    #expect(CapturedRun(["--help"]).output.contains("manifest"))
    #expect(CapturedRun(["manifest", "/nonexistent/Kit.framework"]).status == .failure)
  }
}
