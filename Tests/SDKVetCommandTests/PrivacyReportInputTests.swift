import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet privacy-report` on the other inputs it names: an `.ipa` read in place, an
/// `.xcarchive` layout, an Android `.aar` (its requested permissions beside the native code's
/// findings, never App Store data types), and frameworks with commonly used SDKs linked in (a row
/// of their own each).
@Suite struct PrivacyReportInputTests {
  static let aar = SampleLocator.sample("archives/NativeFile.aar")
  static let merged = SampleLocator.sample("sdks/MergedDBKit.framework")
  static let vendorAds = SampleLocator.sample("sdks/VendorAdsKit.framework")

  private func json(_ paths: [String]) throws -> [String: Any] {
    let run = CapturedRun(["privacy-report", "--format", "json"] + paths)
    #expect(run.status == .success, "\(run.error)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  private func bundles(_ report: [String: Any]) throws -> [[String: Any]] {
    try #require(report["bundles"] as? [[String: Any]])
  }

  @Test func ipaIsReadInPlace() throws {
    let ipa = SampleLocator.sample("archives/SampleApp.ipa")
    let report = try json([ipa])
    let app = ipa + "!/Payload/SampleApp.app"
    #expect(
      try bundles(report).map { $0["path"] as? String } == [
        app, app + "/Frameworks/FMDB.framework", app + "/Frameworks/GoodKit.framework",
        app + "/Frameworks/MicKit.framework", app + "/Frameworks/libHelpers.dylib", app + "/PlugIns/Widget.appex",
      ])
    let rows = try #require(report["collectedDataTypes"] as? [[String: Any]])
    #expect(
      rows.map { $0["type"] as? String } == [
        "NSPrivacyCollectedDataTypeAudioData", "NSPrivacyCollectedDataTypeCrashData",
      ])
    #expect(rows[0]["bundles"] as? [String] == [app + "/Frameworks/MicKit.framework"])
    let questions = try #require(report["questions"] as? [[String: Any]])
    #expect(
      questions.map { ($0["capability"] as? [String: Any])?["resource"] as? String } == [
        "advertising-identifier", "camera", "location-when-in-use",
      ])
    #expect(questions.allSatisfy { $0["bundle"] as? String == app })
  }

  /// Xcode's archive layout, built from the privacy sample in a temporary folder: the same
  /// bundles under `Products/Applications/`, the same union.
  @Test func xcarchiveLayoutGivesTheAppsPicture() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-xcarchive-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let applications = folder.appendingPathComponent("PrivacyApp.xcarchive/Products/Applications")
    try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("privacy/PrivacyApp.app"),
      toPath: applications.appendingPathComponent("PrivacyApp.app").path)
    let archive = folder.appendingPathComponent("PrivacyApp.xcarchive").path
    let report = try json([archive])
    let app = archive + "/Products/Applications/PrivacyApp.app"
    #expect(
      try bundles(report).map { $0["path"] as? String } == [
        app, app + "/Frameworks/AnalyticsKit.framework", app + "/Frameworks/AnalyticsKit.framework/PartnerKit.bundle",
        app + "/Frameworks/LocationKit.framework",
      ])
    let partner = try #require(
      try bundles(report).first {
        $0["path"] as? String == app + "/Frameworks/AnalyticsKit.framework/PartnerKit.bundle"
      })
    #expect(
      partner["manifests"] as? [String] == [
        app + "/Frameworks/AnalyticsKit.framework/PartnerKit.bundle/PrivacyInfo.xcprivacy"
      ])
    let rows = try #require(report["collectedDataTypes"] as? [[String: Any]])
    #expect(
      rows.map { $0["type"] as? String } == [
        "NSPrivacyCollectedDataTypeCrashData", "NSPrivacyCollectedDataTypeDeviceID",
        "NSPrivacyCollectedDataTypeEmailAddress",
      ])
    #expect(rows.first?["bundles"] as? [String] == [app])
    #expect(
      rows[1]["bundles"] as? [String] == [
        app + "/Frameworks/AnalyticsKit.framework", app + "/Frameworks/AnalyticsKit.framework/PartnerKit.bundle",
      ])
    let questions = try #require(report["questions"] as? [[String: Any]])
    #expect(
      questions.map { $0["bundle"] as? String } == [
        app + "/Frameworks/LocationKit.framework", app + "/Frameworks/LocationKit.framework",
      ])
  }

  @Test func androidArchiveListsItsPermissionsInEveryFormat() throws {
    let report = try json([Self.aar])
    let bundle = try #require(try bundles(report).first)
    #expect(bundle["kind"] as? String == "android-archive")
    let permissions = try #require(bundle["androidPermissions"] as? [[String: Any]])
    #expect(
      permissions.map { $0["name"] as? String } == [
        "android.permission.ACCESS_COARSE_LOCATION", "android.permission.ACCESS_FINE_LOCATION",
        "android.permission.INTERNET", "android.permission.WRITE_EXTERNAL_STORAGE",
        "com.google.android.gms.permission.AD_ID",
      ])
    #expect(permissions[0]["onlyFromSdk23"] as? Bool == true)
    #expect(permissions[3]["maxSdkVersion"] as? Int == 28)
    #expect(permissions[1]["maxSdkVersion"] is NSNull)
    // Beside the native library's findings.
    let reachable = try #require(bundle["reachable"] as? [String: Any])
    #expect(reachable["requiredReasonCategories"] as? [String] == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
    // Not App Store data types: neither in the union nor in the App Privacy draft.
    #expect((report["collectedDataTypes"] as? [Any])?.isEmpty == true)
    let draft = CapturedRun(["privacy-report", "--format", "app-privacy-json", Self.aar])
    #expect(draft.output.contains("DATA_NOT_COLLECTED"))
    #expect(!draft.output.contains("LOCATION"))

    let listed =
      "ACCESS_COARSE_LOCATION (API 23+), ACCESS_FINE_LOCATION, INTERNET, WRITE_EXTERNAL_STORAGE (up to API 28), "
      + "com.google.android.gms.permission.AD_ID"
    #expect(CapturedRun(["privacy-report", Self.aar]).output.contains("  android permissions: " + listed))
    let markdown = CapturedRun(["privacy-report", "--format", "markdown", Self.aar]).output
    #expect(
      markdown.contains(
        "| Android permissions | `ACCESS_COARSE_LOCATION` (API 23+), `ACCESS_FINE_LOCATION`, `INTERNET`, "
          + "`WRITE_EXTERNAL_STORAGE` (up to API 28), `com.google.android.gms.permission.AD_ID` |"))
    let html = CapturedRun(["privacy-report", "--format", "html", Self.aar]).output
    #expect(
      html.contains(
        "<tr><th scope=\"row\">Android permissions</th><td><code>ACCESS_COARSE_LOCATION</code> (API 23+), "))
    // An iOS bundle has no such row.
    #expect(!CapturedRun(["privacy-report", Self.merged]).output.contains("android permissions"))
  }

  @Test func sdksLinkedIntoAnotherBundleHaveTheirOwnRows() throws {
    let report = try json([Self.merged, Self.vendorAds])
    let merged = try #require(try bundles(report).first { $0["path"] as? String == Self.merged })
    #expect(merged["includedSDKs"] as? [String] == ["FMDB"])
    let details = try #require(merged["includedSDKDetails"] as? [[String: Any]])
    #expect(details.count == 1)
    #expect(details[0]["sdk"] as? String == "FMDB")
    #expect(details[0]["confidence"] as? String == "classes")
    #expect(details[0]["binaries"] as? [String] == [Self.merged + "/MergedDBKit"])
    #expect((details[0]["symbols"] as? [String])?.contains("_OBJC_CLASS_$_FMDatabase") == true)
    let vendor = try #require(try bundles(report).first { $0["path"] as? String == Self.vendorAds })
    let vendorDetails = try #require(vendor["includedSDKDetails"] as? [[String: Any]])
    // Its own FBSDK-prefixed classes prove nothing; Alamofire's type descriptors prove its module.
    #expect(vendorDetails.map { $0["sdk"] as? String } == ["Alamofire"])
    #expect(vendorDetails.allSatisfy { $0["confidence"] as? String == "module" })

    let text = CapturedRun(["privacy-report", Self.merged, Self.vendorAds]).output
    #expect(text.contains("\nFMDB (in MergedDBKit.framework/MergedDBKit) (SDK linked into another bundle)\n"))
    #expect(text.contains("\nAlamofire (in VendorAdsKit.framework/VendorAdsKit) (SDK linked into another bundle)\n"))
    #expect(!text.contains("FBSDKCoreKit"))
    let prose = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // lines are wrapped
    #expect(prose.contains("recognised: identified by every class the catalog documents as its own: "))
    #expect(prose.contains("declarations: none of its own: those of \(Self.merged) (manifests: none)"))
    let markdown = CapturedRun(["privacy-report", "--format", "markdown", Self.merged]).output
    #expect(markdown.contains("### FMDB (in MergedDBKit.framework/MergedDBKit)\n"))
    #expect(markdown.contains("| Linked into | `\(Self.merged)/MergedDBKit` |"))
    let html = CapturedRun(["privacy-report", "--format", "html", Self.merged]).output
    #expect(html.contains("<section class=\"target bundle included\"><h3>FMDB (in MergedDBKit.framework/MergedDBKit) "))
  }

  /// The HTML page: self-contained (no script, nothing to load), every part present, print style.
  @Test func htmlPageIsSelfContained() throws {
    let run = CapturedRun(["privacy-report", "--format", "html", SampleLocator.sample("privacy/PrivacyApp.app")])
    #expect(run.status == .success)
    let html = run.output
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(
      html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\""))
    #expect(!html.contains("<script"))
    #expect(!html.contains("src="))
    #expect(html.contains("@media print{"))
    #expect(html.contains("<h2>App Privacy</h2>"))
    #expect(
      html.contains(
        "<tr><td><code>CrashData</code></td><td>no</td><td>no</td><td><code>Analytics</code></td>"))
    #expect(html.contains("<h2>Questions for vendors</h2>"))
    #expect(html.contains("declares neither PreciseLocation nor CoarseLocation. Does it collect this data?"))
    #expect(html.components(separatedBy: "<section class=\"target bundle\">").count == 5)
  }

  /// An xcframework is a row per slice, each with its own manifest and what its own binary
  /// reaches: only one slice ends up in a given build of an app.
  @Test func anXCFrameworkIsARowPerSlice() throws {
    let root = SampleLocator.sample("drafts/DraftKit.xcframework")
    let report = try json([root])
    let rows = try bundles(report)
    #expect(rows.map { $0["path"] as? String } == [root + "/ios-arm64", root + "/ios-arm64-simulator"])
    let reach = rows.map { (($0["reachable"] as? [String: Any])?["requiredReasonCategories"] as? [String]) ?? [] }
    #expect(!reach[0].isEmpty, "the device slice uses required-reason APIs")
    #expect(reach[1].isEmpty, "the simulator slice uses none")
    #expect(rows.allSatisfy { $0["embeddedIn"] as? String == root })
  }
}
