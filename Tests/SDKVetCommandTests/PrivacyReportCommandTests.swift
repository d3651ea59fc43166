import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet privacy-report` on `Samples/privacy/PrivacyApp.app`: every bundle's declarations and
/// reach, the app-wide union, the questions for vendors, fastlane's format, exit statuses and help.
@Suite struct PrivacyReportCommandTests {
  static let app = SampleLocator.sample("privacy/PrivacyApp.app")
  static let analytics = app + "/Frameworks/AnalyticsKit.framework"
  static let location = app + "/Frameworks/LocationKit.framework"

  /// The JSON report of the sample app, parsed.
  private func report() throws -> [String: Any] {
    let run = CapturedRun(["privacy-report", "--format", "json", Self.app])
    #expect(run.status == .success, "\(run.error)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  private func bundle(_ path: String, in report: [String: Any]) throws -> [String: Any] {
    let bundles = try #require(report["bundles"] as? [[String: Any]])
    return try #require(bundles.first { $0["path"] as? String == path })
  }

  @Test func perBundleRowsHoldDeclarationsBesideReach() throws {
    let report = try report()
    #expect(report["schemaVersion"] as? Int == 1)
    #expect((report["bundles"] as? [Any])?.count == 3)
    let analytics = try bundle(Self.analytics, in: report)
    let declared = try #require(analytics["declared"] as? [String: Any])
    #expect(declared["tracking"] as? Bool == true)
    #expect(declared["trackingDomains"] as? [String] == ["track.analyticskit.example"])
    let collected = try #require(declared["collectedDataTypes"] as? [[String: Any]])
    #expect(collected.count == 2)
    #expect(collected[0]["type"] as? String == "NSPrivacyCollectedDataTypeDeviceID")
    #expect(collected[0]["linked"] as? Bool == true)
    #expect(collected[0]["tracking"] as? Bool == true)
    #expect(
      collected[0]["purposes"] as? [String] == [
        "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising", "NSPrivacyCollectedDataTypePurposeAnalytics",
      ])
    #expect(collected[1]["type"] as? String == "NSPrivacyCollectedDataTypeProductInteraction")
    #expect(collected[1]["linked"] as? Bool == false)
    let reachable = try #require(analytics["reachable"] as? [String: Any])
    let capabilities = try #require(reachable["capabilities"] as? [[String: Any]])
    #expect(capabilities.map { $0["resource"] as? String } == ["advertising-identifier", "user-tracking"])

    let app = try bundle(Self.app, in: report)
    let appDeclared = try #require(app["declared"] as? [String: Any])
    let accessed = try #require(appDeclared["accessedAPITypes"] as? [[String: Any]])
    #expect(accessed.first?["category"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    #expect(accessed.first?["reasons"] as? [String] == ["CA92.1"])
    let appReach = try #require(app["reachable"] as? [String: Any])
    #expect(appReach["requiredReasonCategories"] as? [String] == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    // The app's own binary reaches nothing gated: its SDKs' capabilities stay theirs.
    #expect((appReach["capabilities"] as? [Any])?.isEmpty == true)
  }

  @Test func unionHasOneRowPerDataType() throws {
    let rows = try #require(try report()["collectedDataTypes"] as? [[String: Any]])
    #expect(
      rows.map { $0["type"] as? String } == [
        "NSPrivacyCollectedDataTypeCrashData", "NSPrivacyCollectedDataTypeDeviceID",
        "NSPrivacyCollectedDataTypeEmailAddress", "NSPrivacyCollectedDataTypeProductInteraction",
      ])
    let crash = rows[0]
    #expect(crash["bundles"] as? [String] == [Self.app, Self.location])
    #expect(crash["linked"] as? Bool == false)
    #expect(crash["tracking"] as? Bool == false)
    #expect(
      crash["purposes"] as? [String] == [
        "NSPrivacyCollectedDataTypePurposeAnalytics", "NSPrivacyCollectedDataTypePurposeAppFunctionality",
      ])
    #expect(rows[1]["bundles"] as? [String] == [Self.analytics])
    #expect(rows[1]["linked"] as? Bool == true)
    #expect(rows[1]["tracking"] as? Bool == true)
    #expect(rows[2]["linked"] as? Bool == true)
    #expect(rows[2]["tracking"] as? Bool == false)
  }

  @Test func questionsNameTheUndeclaredCapabilitiesOnly() throws {
    let questions = try #require(try report()["questions"] as? [[String: Any]])
    // AnalyticsKit reads the identifier too, but declares DeviceID: no question for it.
    #expect(questions.map { $0["bundle"] as? String } == [Self.location, Self.location])
    let resources = questions.compactMap { ($0["capability"] as? [String: Any])?["resource"] as? String }
    #expect(resources == ["advertising-identifier", "location-when-in-use"])
    #expect(questions[0]["expectedDataTypes"] as? [String] == ["NSPrivacyCollectedDataTypeDeviceID"])
    #expect(questions[0]["answeredByTracking"] as? Bool == true)
    #expect(
      questions[1]["expectedDataTypes"] as? [String] == [
        "NSPrivacyCollectedDataTypePreciseLocation", "NSPrivacyCollectedDataTypeCoarseLocation",
      ])
    let symbols = (questions[1]["capability"] as? [String: Any])?["symbols"] as? [String]
    #expect(symbols == ["_OBJC_CLASS_$_CLLocationManager", "requestWhenInUseAuthorization"])
    #expect((questions[1]["source"] as? String)?.hasPrefix("https://developer.apple.com/documentation/") == true)
  }

  @Test func textSaysAQuestionIsNotProof() {
    let run = CapturedRun(["privacy-report", Self.app])
    #expect(run.status == .success)
    let prose = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // lines are wrapped
    #expect(prose.contains("Reaching an API is not collecting data"))
    #expect(prose.contains("declares neither PreciseLocation nor CoarseLocation"))
    #expect(prose.contains("declares neither DeviceID nor NSPrivacyTracking true"))
    let markdown = CapturedRun(["privacy-report", "--format", "markdown", Self.app])
    #expect(markdown.status == .success)
    #expect(markdown.output.contains("## Questions for vendors"))
    #expect(markdown.output.contains("| `CrashData` | no | no | `Analytics`, `AppFunctionality` |"))
  }

  /// fastlane's `app_privacy_details.json`: exactly the keys its upload action reads
  /// (`category`, `purposes`, `data_protections`) and App Store Connect's identifiers.
  @Test func appPrivacyJSONUsesFastlaneFieldsAndIdentifiers() throws {
    let run = CapturedRun(["privacy-report", "--format", "app-privacy-json", Self.app])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    let entries = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(entries.allSatisfy { Set($0.keys) == ["category", "purposes", "data_protections"] })
    #expect(
      entries.map { $0["category"] as? String } == [
        "CRASH_DATA", "DEVICE_ID", "EMAIL_ADDRESS", "PRODUCT_INTERACTION",
      ])
    #expect(entries[0]["purposes"] as? [String] == ["ANALYTICS", "APP_FUNCTIONALITY"])
    #expect(entries[0]["data_protections"] as? [String] == ["DATA_NOT_LINKED_TO_YOU"])
    #expect(entries[1]["purposes"] as? [String] == ["ANALYTICS", "THIRD_PARTY_ADVERTISING"])
    #expect(entries[1]["data_protections"] as? [String] == ["DATA_LINKED_TO_YOU", "DATA_USED_TO_TRACK_YOU"])
    #expect(entries[2]["data_protections"] as? [String] == ["DATA_LINKED_TO_YOU"])
  }

  @Test func appPrivacyJSONSaysNotCollectedWhenNothingIsDeclared() throws {
    let run = CapturedRun([
      "privacy-report", "--format", "app-privacy-json", SampleLocator.sample("sdks/NoManifestKit.framework"),
    ])
    #expect(run.status == .success)
    let entries = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(entries.count == 1)
    #expect(Set(entries[0].keys) == ["data_protections"])
    #expect(entries[0]["data_protections"] as? [String] == ["DATA_NOT_COLLECTED"])
  }

  @Test func exitStatuses() {
    let missing = CapturedRun(["privacy-report", SampleLocator.sample("privacy/NoSuchApp.app")])
    #expect(missing.status == .failure)
    #expect(missing.output.isEmpty)
    #expect(missing.error.contains("NoSuchApp.app"))
    #expect(CapturedRun(["privacy-report"]).status == .usage)
    #expect(CapturedRun(["privacy-report", "--format", "pdf", Self.app]).status == .usage)
    let help = CapturedRun(["privacy-report", "--help"])
    #expect(help.status == .success)
    #expect(help.output.contains("app-privacy-json"))
    #expect(help.output.contains("EXIT STATUS"))
    #expect(CapturedRun(["--help"]).output.contains("privacy-report"))
  }

  @Test func outputFileIsWrittenOrTheRunFails() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-privacy-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let run = CapturedRun(["privacy-report", "--format", "app-privacy-json", "--output", file.path, Self.app])
    #expect(run.status == .success)
    #expect(run.output.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8).contains("\"category\": \"DEVICE_ID\""))
    let unwritable = CapturedRun(["privacy-report", "--output", "/nonexistent-folder/report.txt", Self.app])
    #expect(unwritable.status == .failure)
  }
}
