import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import ScanFiles
import TargetDiscovery
import Testing

@Suite("Tracking rules")
struct TrackingRuleTests {
  let idfa = ["_OBJC_CLASS_$_ASIdentifierManager"]
  let idfaSelectors = ["sharedManager", "advertisingIdentifier"]
  let attRequest = "requestTrackingAuthorizationWithCompletionHandler:"

  @Test func trackingUndeclaredWhenManifestSaysNo() throws {
    let binary = try Fixture.binary("Ads.framework/Ads", Fixture.image(imports: idfa, selectors: idfaSelectors))
    let says = Fixture.framework(
      "Ads.framework", binaries: [binary], manifest: try Fixture.manifest([], tracking: false))
    let findings = try Fixture.audit(says).findings(.trackingUndeclared, at: "Ads.framework")
    #expect(findings.map(\.severity) == [.warning])  // Apple asks for it; App Store Connect does not check it
    #expect(findings.first?.evidence.map(\.symbol) == ["advertisingIdentifier"])
    #expect(findings.first?.message.contains("false") == true)

    let none = Fixture.framework("Ads.framework", binaries: [binary])
    #expect(try Fixture.audit(none).findings(.trackingUndeclared, at: "Ads.framework").count == 1)
  }

  @Test func declaredTrackingIsFine() throws {
    let binary = try Fixture.binary("Ads.framework/Ads", Fixture.image(imports: idfa, selectors: idfaSelectors))
    let manifest = try Fixture.manifest([], tracking: true, domains: ["ads.example.com"])
    let report = try Fixture.audit(Fixture.framework("Ads.framework", binaries: [binary], manifest: manifest))
    #expect(report.target("Ads.framework")?.findings.isEmpty == true)
    #expect(report.target("Ads.framework")?.tracking.readsAdvertisingIdentifier == true)
    #expect(report.target("Ads.framework")?.tracking.trackingDomains == ["ads.example.com"])
  }

  @Test func appReadingIDFAWithoutATT() throws {
    let appBinary = try Fixture.binary("Demo.app/Demo", Fixture.image(imports: ["_malloc"]))
    let ads = try Fixture.binary(
      "Demo.app/Frameworks/Ads.framework/Ads", Fixture.image(imports: idfa, selectors: idfaSelectors))
    let app = try Fixture.app(binaries: [appBinary])
    let sdk = Fixture.framework("Demo.app/Frameworks/Ads.framework", embeddedIn: "Demo.app", binaries: [ads])
    let report = try Fixture.audit(app, sdk)
    let warnings = report.findings(.trackingWithoutAuthorization, at: "Demo.app")
    #expect(warnings.map(\.severity) == [.warning])
    #expect(warnings.first?.message.contains("advertising identifier") == true)
    #expect(report.target("Demo.app")?.tracking.sources == ["Frameworks/Ads.framework"])
    #expect(report.target("Demo.app")?.tracking.readsAdvertisingIdentifier == true)
  }

  @Test func appRequestingATTWithAndWithoutItsKey() throws {
    let binary = try Fixture.binary(
      "Demo.app/Demo",
      Fixture.image(imports: idfa + ["_OBJC_CLASS_$_ATTrackingManager"], selectors: idfaSelectors + [attRequest]))
    let manifest = try Fixture.manifest([], tracking: true, domains: ["ads.example.com"])
    let keyed = try Fixture.app(
      binaries: [binary], manifest: manifest,
      infoPlist: ["NSUserTrackingUsageDescription": "The app uses your data to show ads you may like."])
    #expect(try Fixture.audit(keyed).findings(.trackingWithoutAuthorization, at: "Demo.app").isEmpty)
    #expect(try Fixture.audit(keyed).findings(.missingPurposeString, at: "Demo.app").isEmpty)

    let unkeyed = try Fixture.app(binaries: [binary], manifest: manifest, infoPlist: [:])
    let warnings = try Fixture.audit(unkeyed).findings(.trackingWithoutAuthorization, at: "Demo.app")
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("NSUserTrackingUsageDescription") == true)
    #expect(
      try Fixture.audit(unkeyed).findings(.missingPurposeString, at: "Demo.app").map(\.category) == ["user-tracking"])
  }

  @Test func unreadableBinaryIsReportedAndOthersStillAudited() throws {
    let broken = ScannedBinary(
      file: TargetFile(path: "Sdk.framework/Sdk"),
      failure: BinaryError(.truncated, "Mach-O header: truncated", offset: 0))
    let report = try Fixture.audit(Fixture.framework(binaries: [broken]))
    let findings = report.findings(.unreadableBinary, at: "Sdk.framework")
    #expect(findings.map(\.severity) == [.error])
    #expect(findings.first?.message.contains("Mach-O header") == true)
    #expect(report.target("Sdk.framework")?.binaries.map(\.format) == [.unreadable])

    let fine = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_malloc"]))
    #expect(
      try Fixture.audit(Fixture.framework(binaries: [fine])).findings(.unreadableBinary, at: "Sdk.framework").isEmpty)
  }
}
