import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// What a drafted manifest tells the vendor beyond its keys, on the samples built for it
/// (`Samples/drafts`): the symbols and calling functions behind each category, the hosts as
/// commented-out tracking domains, the xcframework slices that need a copy, and misspelt keys
/// renamed. The draft stays a property list that parses.
@Suite struct ManifestDraftEvidenceTests {
  private static let draftKit = SampleLocator.sample("drafts/DraftKit.xcframework")
  private static let misspeltKit = SampleLocator.sample("drafts/MisspeltKit.framework")

  /// The draft's top-level dictionary, read back by Foundation's parser.
  private func parsed(_ draft: String) throws -> [String: Any] {
    let root = try PropertyListSerialization.propertyList(from: Data(draft.utf8), format: nil)
    return try #require(root as? [String: Any])
  }

  /// The comment lines of the `NSPrivacyAccessedAPITypes` entry of `category`.
  private func comments(of category: String, in draft: String) -> [String] {
    let entries = draft.components(separatedBy: "<dict>").filter { $0.contains("<string>\(category)</string>") }
    return entries.flatMap { $0.split(separator: "\n").map(String.init) }.filter { $0.contains("<!--") }
  }

  @Test func eachCategoryNamesTheSymbolsThatNeedItAtMostEight() throws {
    let draft = CapturedRun(["manifest", Self.draftKit]).output
    let fileTimestamp = comments(of: "NSPrivacyAccessedAPICategoryFileTimestamp", in: draft)
    // Ten symbols: eight listed, the rest counted.
    #expect(
      fileTimestamp.contains {
        $0.contains("Needed by ") && $0.contains("_fstat, ") && $0.contains(" and 2 more (in slice ios-arm64).")
      })
    #expect(
      comments(of: "NSPrivacyAccessedAPICategoryUserDefaults", in: draft).contains {
        $0.contains("Needed by _OBJC_CLASS_$_NSUserDefaults, standardUserDefaults (in slice ios-arm64).")
      })
    #expect(!draft.contains("Called from"))  // call sites were not looked for
  }

  @Test func withCallSitesEachCategoryNamesTheFunctionsThatCallIt() throws {
    let run = CapturedRun(["manifest", "--call-sites", Self.draftKit])
    #expect(run.status == .success)
    let fileTimestamp = comments(of: "NSPrivacyAccessedAPICategoryFileTimestamp", in: run.output)
    let callers = try #require(fileTimestamp.first { $0.contains("Called from") })
    #expect(callers.contains("_draftkit_cache_stat") && callers.contains(" and 2 more (10 call sites)."))
    #expect(callers.components(separatedBy: "_draftkit_").count - 1 == 8)
    #expect(
      comments(of: "NSPrivacyAccessedAPICategoryUserDefaults", in: run.output).contains {
        $0.contains("Called from _draftkit_setting (2 call sites).")
      })
  }

  @Test func hostsAreProposedAsTrackingDomainsCommentedOut() throws {
    let draft = CapturedRun(["manifest", Self.draftKit]).output
    #expect(
      draft.contains(
        "<!-- <string>app-measurement.com</string> on sdkvet's list of tracking domains (app-measurement.com, Google) -->"
      ))
    #expect(draft.contains("<!-- <string>api.draftkit.example</string> -->"))
    #expect(draft.contains("if this code tracks, set NSPrivacyTracking to true and uncomment each one"))
    // Commented out: the vendor confirms each; nothing is declared for them.
    let root = try parsed(draft)
    #expect(root["NSPrivacyTrackingDomains"] as? [String] == [])
    #expect(root["NSPrivacyTracking"] as? Bool == false)
  }

  @Test func aDomainTheManifestListsIsNotProposedAgain() {
    // HostsKit lists branch.io: api2.branch.io is covered, the other hosts are proposed.
    let draft = CapturedRun(["manifest", SampleLocator.sample("sdks/HostsKit.framework")]).output
    #expect(draft.contains("<string>branch.io</string>\n\t\t<!-- Hosts the binaries name: uncomment each one"))
    #expect(draft.contains("<!-- <string>app.adjust.com</string>"))
    #expect(!draft.contains("<string>api2.branch.io</string>"))
  }

  @Test func anXCFrameworkDraftNamesTheSlicesThatNeedACopy() {
    let draft = CapturedRun(["manifest", Self.draftKit]).output
    #expect(
      draft.contains(
        "<!-- Copy this manifest into each slice whose binary uses a required-reason API or could not be read: ios-arm64 (DiskSpace, FileTimestamp, UserDefaults)."
      ))
    #expect(draft.contains("No copy is needed in ios-arm64-simulator: its binary was read and uses none. -->"))
    let framework = CapturedRun(["manifest", Self.misspeltKit]).output
    #expect(!framework.contains("Copy this manifest"))
  }

  @Test(arguments: [draftKit, misspeltKit])
  func theDraftIsAPropertyList(sample: String) throws {
    let root = try parsed(CapturedRun(["manifest", "--call-sites", sample]).output)
    let entries = try #require(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    #expect(entries.allSatisfy { Set($0.keys) == ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"] })
    #expect(
      Set(root.keys).isSubset(of: [
        "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
      ]))
  }

  @Test func misspeltKeysAreAnsweredInTheScanAndRenamedInTheDraft() throws {
    let scan = CapturedRun(["scan", "--format", "json", "--fail-on", "never", Self.misspeltKit])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(scan.output.utf8)) as? [String: Any])
    let target = try #require((document["targets"] as? [[String: Any]])?.first)
    let findings = try #require(target["findings"] as? [[String: Any]])
    let messages = findings.compactMap { $0["message"] as? String }
    #expect(MisspeltManifestKeys.unanswered(in: messages).isEmpty)
    // Apple reads no declaration under the misspelt key: UserDefaults is undeclared.
    #expect(findings.contains { $0["rule"] as? String == "undeclared-api-category" })

    let draft = try parsed(CapturedRun(["manifest", Self.misspeltKit]).output)
    let entries = try #require(draft["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    #expect(entries.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"])
    #expect(draft["NSPrivacyTrackingDomains"] as? [String] == [])
    #expect(draft["NSPrivacyAccesedAPITypes"] == nil && draft["NSPrivacyTrackingDomain"] == nil)
    let check = CapturedRun(["manifest", "--check", Self.misspeltKit])
    #expect(check.status == .failure)
    #expect(check.output.contains("`NSPrivacyAccesedAPITypes` is misspelt; Apple reads only NSPrivacyAccessedAPITypes"))
  }
}
