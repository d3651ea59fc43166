import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet privacy-report` on `Samples/privacy/PrivacyApp.app` (its README has the table): every
/// bundle's declarations and reach, the app-wide union, the questions for vendors and fastlane's
/// format, field by field; exit statuses and help.
@Suite struct PrivacyReportCommandTests {
  static let app = SampleLocator.sample("privacy/PrivacyApp.app")
  static let analytics = app + "/Frameworks/AnalyticsKit.framework"
  static let location = app + "/Frameworks/LocationKit.framework"
  static let partner = analytics + "/PartnerKit.bundle"
  static let partnerManifest = partner + "/PrivacyInfo.xcprivacy"

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

  /// One declared collected data type, every field.
  private func expectCollected(
    _ entry: [String: Any], _ type: String, linked: Bool, tracking: Bool, purposes: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(Set(entry.keys) == ["type", "linked", "tracking", "purposes"], sourceLocation: sourceLocation)
    #expect(entry["type"] as? String == "NSPrivacyCollectedDataType" + type, sourceLocation: sourceLocation)
    #expect(entry["linked"] as? Bool == linked, sourceLocation: sourceLocation)
    #expect(entry["tracking"] as? Bool == tracking, sourceLocation: sourceLocation)
    #expect(
      entry["purposes"] as? [String] == purposes.map { "NSPrivacyCollectedDataTypePurpose" + $0 },
      sourceLocation: sourceLocation)
  }

  /// One capability a bundle's code reaches, every field.
  private func expectCapability(
    _ entry: Any?, _ resource: String, name: String, symbols: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let entry = entry as? [String: Any] ?? [:]
    #expect(Set(entry.keys) == ["resource", "name", "requested", "symbols"], sourceLocation: sourceLocation)
    #expect(entry["resource"] as? String == resource, sourceLocation: sourceLocation)
    #expect(entry["name"] as? String == name, sourceLocation: sourceLocation)
    #expect(entry["requested"] as? Bool == true, sourceLocation: sourceLocation)
    #expect(entry["symbols"] as? [String] == symbols, sourceLocation: sourceLocation)
  }

  /// The fields every bundle of the sample shares: no package record, no commonly used SDK
  /// recognised inside, no Android permissions, no hosts.
  private func expectPlainBundle(
    _ bundle: [String: Any], kind: String, embeddedIn: String?, manifests: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(bundle["kind"] as? String == kind, sourceLocation: sourceLocation)
    if let embeddedIn {
      #expect(bundle["embeddedIn"] as? String == embeddedIn, sourceLocation: sourceLocation)
    } else {
      #expect(bundle["embeddedIn"] is NSNull, sourceLocation: sourceLocation)
    }
    #expect(bundle["package"] is NSNull, sourceLocation: sourceLocation)
    #expect((bundle["includedSDKs"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
    #expect((bundle["includedSDKDetails"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
    #expect(bundle["androidPermissions"] is NSNull, sourceLocation: sourceLocation)
    #expect(bundle["manifests"] as? [String] == manifests, sourceLocation: sourceLocation)
    let reachable = bundle["reachable"] as? [String: Any] ?? [:]
    #expect(reachable["hosts"] as? [String] == [], sourceLocation: sourceLocation)
    #expect(reachable["trackingHosts"] as? [String] == [], sourceLocation: sourceLocation)
  }

  @Test func perBundleRowsHoldDeclarationsBesideReach() throws {
    let report = try report()
    #expect(report["schemaVersion"] as? Int == 1)
    let bundles = try #require(report["bundles"] as? [[String: Any]])
    // PartnerKit, linked into AnalyticsKit's binary, ships its manifest in PartnerKit.bundle: a row of its own.
    #expect(bundles.map { $0["path"] as? String } == [Self.app, Self.analytics, Self.partner, Self.location])

    // The app: its own declarations; its binary reaches UserDefaults and nothing gated.
    let app = try bundle(Self.app, in: report)
    expectPlainBundle(app, kind: "app", embeddedIn: nil, manifests: [Self.app + "/PrivacyInfo.xcprivacy"])
    let appDeclared = try #require(app["declared"] as? [String: Any])
    #expect(appDeclared["tracking"] as? Bool == false)
    #expect(appDeclared["trackingDomains"] as? [String] == [])
    let appCollected = try #require(appDeclared["collectedDataTypes"] as? [[String: Any]])
    #expect(appCollected.count == 2)
    expectCollected(appCollected[0], "CrashData", linked: false, tracking: false, purposes: ["Analytics"])
    expectCollected(appCollected[1], "EmailAddress", linked: true, tracking: false, purposes: ["AppFunctionality"])
    let accessed = try #require(appDeclared["accessedAPITypes"] as? [[String: Any]])
    #expect(accessed.count == 1)
    #expect(accessed.first?["category"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    #expect(accessed.first?["reasons"] as? [String] == ["CA92.1"])
    let appReach = try #require(app["reachable"] as? [String: Any])
    #expect(appReach["requiredReasonCategories"] as? [String] == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    // The app's own binary reaches nothing gated: its SDKs' capabilities stay theirs.
    #expect((appReach["capabilities"] as? [Any])?.isEmpty == true)

    // AnalyticsKit declares exactly what it reaches; PartnerKit, linked into its binary, brings
    // its own manifest as PartnerKit.bundle, a row of its own below.
    let analytics = try bundle(Self.analytics, in: report)
    expectPlainBundle(
      analytics, kind: "framework", embeddedIn: Self.app, manifests: [Self.analytics + "/PrivacyInfo.xcprivacy"])
    let declared = try #require(analytics["declared"] as? [String: Any])
    #expect(declared["tracking"] as? Bool == true)
    #expect(declared["trackingDomains"] as? [String] == ["track.analyticskit.example"])
    let collected = try #require(declared["collectedDataTypes"] as? [[String: Any]])
    #expect(collected.count == 1)
    expectCollected(
      collected[0], "DeviceID", linked: true, tracking: true, purposes: ["ThirdPartyAdvertising", "Analytics"])
    // PartnerKit.bundle: its manifest's declarations; its code is in AnalyticsKit's binary.
    let partner = try bundle(Self.partner, in: report)
    expectPlainBundle(partner, kind: "bundle", embeddedIn: Self.analytics, manifests: [Self.partnerManifest])
    let partnerCollected = try #require(
      (partner["declared"] as? [String: Any])?["collectedDataTypes"] as? [[String: Any]])
    #expect(partnerCollected.count == 1)
    expectCollected(partnerCollected[0], "DeviceID", linked: false, tracking: false, purposes: ["DeveloperAdvertising"])
    #expect(((partner["reachable"] as? [String: Any])?["capabilities"] as? [Any])?.isEmpty == true)
    // UserDefaults is PartnerKit's, declared in PartnerKit.bundle only.
    let analyticsAccessed = try #require(declared["accessedAPITypes"] as? [[String: Any]])
    #expect(analyticsAccessed.count == 1)
    #expect(analyticsAccessed.first?["category"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    #expect(analyticsAccessed.first?["reasons"] as? [String] == ["CA92.1"])
    let reachable = try #require(analytics["reachable"] as? [String: Any])
    #expect(reachable["requiredReasonCategories"] as? [String] == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    let capabilities = try #require(reachable["capabilities"] as? [Any])
    #expect(capabilities.count == 2)
    expectCapability(
      capabilities.first, "advertising-identifier", name: "Advertising identifier (IDFA)",
      symbols: ["advertisingIdentifier"])
    expectCapability(
      capabilities.last, "user-tracking", name: "User tracking (App Tracking Transparency)",
      symbols: ["_OBJC_CLASS_$_ATTrackingManager", "requestTrackingAuthorizationWithCompletionHandler:"])

    // LocationKit declares nothing: tracking false, no data type, no required-reason API (it uses none).
    let location = try bundle(Self.location, in: report)
    expectPlainBundle(
      location, kind: "framework", embeddedIn: Self.app, manifests: [Self.location + "/PrivacyInfo.xcprivacy"])
    let locationDeclared = try #require(location["declared"] as? [String: Any])
    #expect(locationDeclared["tracking"] as? Bool == false)
    #expect(locationDeclared["trackingDomains"] as? [String] == [])
    #expect((locationDeclared["collectedDataTypes"] as? [Any])?.isEmpty == true)
    #expect((locationDeclared["accessedAPITypes"] as? [Any])?.isEmpty == true)
    let locationReach = try #require(location["reachable"] as? [String: Any])
    #expect(locationReach["requiredReasonCategories"] as? [String] == [])
    let locationCapabilities = try #require(locationReach["capabilities"] as? [Any])
    #expect(locationCapabilities.count == 2)
    expectCapability(
      locationCapabilities.first, "advertising-identifier", name: "Advertising identifier (IDFA)",
      symbols: ["advertisingIdentifier"])
    expectCapability(
      locationCapabilities.last, "location-when-in-use", name: "Location (when in use)",
      symbols: ["_OBJC_CLASS_$_CLLocationManager", "requestWhenInUseAuthorization"])
  }

  @Test func unionHasOneRowPerDataType() throws {
    let rows = try #require(try report()["collectedDataTypes"] as? [[String: Any]])
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { Set($0.keys) == ["type", "bundles", "linked", "tracking", "purposes"] })
    #expect(rows[0]["type"] as? String == "NSPrivacyCollectedDataTypeCrashData")
    #expect(rows[0]["bundles"] as? [String] == [Self.app])
    #expect(rows[0]["linked"] as? Bool == false)
    #expect(rows[0]["tracking"] as? Bool == false)
    #expect(rows[0]["purposes"] as? [String] == ["NSPrivacyCollectedDataTypePurposeAnalytics"])
    // AnalyticsKit's own DeviceID and PartnerKit's (through PartnerKit.bundle): one row, the
    // flags of either, the union of their purposes.
    #expect(rows[1]["type"] as? String == "NSPrivacyCollectedDataTypeDeviceID")
    #expect(rows[1]["bundles"] as? [String] == [Self.analytics, Self.partner])
    #expect(rows[1]["linked"] as? Bool == true)
    #expect(rows[1]["tracking"] as? Bool == true)
    #expect(
      rows[1]["purposes"] as? [String] == [
        "NSPrivacyCollectedDataTypePurposeAnalytics", "NSPrivacyCollectedDataTypePurposeDeveloperAdvertising",
        "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising",
      ])
    #expect(rows[2]["type"] as? String == "NSPrivacyCollectedDataTypeEmailAddress")
    #expect(rows[2]["bundles"] as? [String] == [Self.app])
    #expect(rows[2]["linked"] as? Bool == true)
    #expect(rows[2]["tracking"] as? Bool == false)
    #expect(rows[2]["purposes"] as? [String] == ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
  }

  @Test func questionsNameTheUndeclaredCapabilitiesOnly() throws {
    let questions = try #require(try report()["questions"] as? [[String: Any]])
    // AnalyticsKit reads the identifier too, but declares DeviceID: no question for it.
    #expect(questions.count == 2)
    #expect(
      questions.allSatisfy {
        Set($0.keys) == ["bundle", "capability", "expectedDataTypes", "answeredByTracking", "source", "ownCode"]
      })
    #expect(questions.map { $0["bundle"] as? String } == [Self.location, Self.location])
    let source =
      "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"
      + "nsprivacycollecteddatatypes/nsprivacycollecteddatatype"
    expectCapability(
      questions[0]["capability"], "advertising-identifier", name: "Advertising identifier (IDFA)",
      symbols: ["advertisingIdentifier"])
    #expect(questions[0]["expectedDataTypes"] as? [String] == ["NSPrivacyCollectedDataTypeDeviceID"])
    #expect(questions[0]["answeredByTracking"] as? Bool == true)
    #expect(questions[0]["source"] as? String == source)
    expectCapability(
      questions[1]["capability"], "location-when-in-use", name: "Location (when in use)",
      symbols: ["_OBJC_CLASS_$_CLLocationManager", "requestWhenInUseAuthorization"])
    #expect(
      questions[1]["expectedDataTypes"] as? [String] == [
        "NSPrivacyCollectedDataTypePreciseLocation", "NSPrivacyCollectedDataTypeCoarseLocation",
      ])
    #expect(questions[1]["answeredByTracking"] as? Bool == false)
    #expect(questions[1]["source"] as? String == source)
  }

  @Test func textSaysAQuestionIsNotProof() {
    let run = CapturedRun(["privacy-report", Self.app])
    #expect(run.status == .success)
    #expect(
      run.output.hasPrefix(
        "sdkvet privacy report: 4 bundles, 3 collected data types declared, 2 questions for vendors\n"))
    let prose = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // lines are wrapped
    #expect(prose.contains("Reaching an API is not collecting data"))
    #expect(prose.contains("declares neither PreciseLocation nor CoarseLocation"))
    #expect(prose.contains("declares neither DeviceID nor NSPrivacyTracking true"))
    #expect(prose.contains("collects DeviceID: linked no, tracking no, for DeveloperAdvertising"))
    let markdown = CapturedRun(["privacy-report", "--format", "markdown", Self.app])
    #expect(markdown.status == .success)
    #expect(markdown.output.contains("## Questions for vendors"))
    // Every row of the App Privacy table.
    let rows = markdown.output.split(separator: "\n").filter {
      $0.hasPrefix("| `CrashData`") || $0.hasPrefix("| `DeviceID`") || $0.hasPrefix("| `EmailAddress`")
    }
    #expect(
      rows == [
        "| `CrashData` | no | no | `Analytics` | `\(Self.app)` |",
        "| `DeviceID` | yes | yes | `Analytics`, `DeveloperAdvertising`, `ThirdPartyAdvertising` | `\(Self.analytics)`, `\(Self.partner)` |",
        "| `EmailAddress` | yes | no | `AppFunctionality` | `\(Self.app)` |",
      ])
    #expect(
      markdown.output.contains(
        "| Manifests | `\(Self.analytics)/PrivacyInfo.xcprivacy` |\n"))
  }

  /// fastlane's `app_privacy_details.json`: exactly the keys its upload action reads
  /// (`category`, `purposes`, `data_protections`) and App Store Connect's identifiers.
  @Test func appPrivacyJSONUsesFastlaneFieldsAndIdentifiers() throws {
    let run = CapturedRun(["privacy-report", "--format", "app-privacy-json", Self.app])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    let entries = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(entries.allSatisfy { Set($0.keys) == ["category", "purposes", "data_protections"] })
    #expect(entries[0]["category"] as? String == "CRASH_DATA")
    #expect(entries[0]["purposes"] as? [String] == ["ANALYTICS"])
    #expect(entries[0]["data_protections"] as? [String] == ["DATA_NOT_LINKED_TO_YOU"])
    #expect(entries[1]["category"] as? String == "DEVICE_ID")
    #expect(entries[1]["purposes"] as? [String] == ["ANALYTICS", "DEVELOPERS_ADVERTISING", "THIRD_PARTY_ADVERTISING"])
    #expect(entries[1]["data_protections"] as? [String] == ["DATA_LINKED_TO_YOU", "DATA_USED_TO_TRACK_YOU"])
    #expect(entries[2]["category"] as? String == "EMAIL_ADDRESS")
    #expect(entries[2]["purposes"] as? [String] == ["APP_FUNCTIONALITY"])
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
