import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import ScanFiles
import TargetDiscovery
import Testing

@Suite("Manifest content rules")
struct ManifestRuleTests {
  let sdk = "Sdk.framework"

  private func report(_ entries: [[String: Any]], kind: TargetKind = .framework, imports: [String] = ["_stat"]) throws
    -> [Finding]
  {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: imports))
    let evidence = Fixture.framework(kind: kind, binaries: [binary], manifest: try Fixture.manifest(entries))
    return try Fixture.audit(evidence).target(sdk)?.findings ?? []
  }

  @Test func invalidReasonCode() throws {
    let findings = try report([Fixture.api(Fixture.fileTimestamp, "ABCD.1", "c617.1")])
    let invalid = findings.filter { $0.rule == .invalidReasonCode }
    #expect(invalid.count == 2)
    #expect(invalid.contains { $0.message.contains("did you mean C617.1") })
    #expect(try report([Fixture.api(Fixture.fileTimestamp, "C617.1")]).filter { $0.rule == .invalidReasonCode }.isEmpty)
  }

  @Test func findingsPerRuleAndFileAreCappedWithACount() throws {
    let codes = (0..<400).map { String(format: "Z%03d.1", $0) }
    let entry: [String: Any] = [
      "NSPrivacyAccessedAPIType": Fixture.fileTimestamp, "NSPrivacyAccessedAPITypeReasons": codes,
    ]
    let findings = try report([entry])
    let invalid = findings.filter { $0.rule == .invalidReasonCode }
    #expect(invalid.count == 51)
    #expect(invalid.filter { $0.message.hasPrefix("350 more invalid-reason-code findings") }.count == 1)
  }

  @Test func reasonOfAnotherCategory() throws {
    let findings = try report([Fixture.api(Fixture.diskSpace, "CA92.1")], imports: ["_statfs"])
    let wrong = findings.filter { $0.rule == .reasonNotValidForCategory }
    #expect(wrong.map(\.category) == [Fixture.diskSpace])
    #expect(wrong.first?.severity == .error)
    #expect(findings.filter { $0.rule == .invalidReasonCode }.isEmpty)
    #expect(
      try report([Fixture.api(Fixture.diskSpace, "E174.1")], imports: ["_statfs"]).filter {
        $0.rule == .reasonNotValidForCategory
      }.isEmpty)
  }

  @Test func sdkOnlyReasonInAnApp() throws {
    let inApp = try report(
      [Fixture.api(Fixture.userDefaults, "C56D.1")], kind: .app, imports: ["_OBJC_CLASS_$_NSUserDefaults"])
    #expect(inApp.filter { $0.rule == .reasonNotForThisKind }.map(\.severity) == [.warning])
    let inSDK = try report([Fixture.api(Fixture.userDefaults, "C56D.1")], imports: ["_OBJC_CLASS_$_NSUserDefaults"])
    #expect(inSDK.filter { $0.rule == .reasonNotForThisKind }.isEmpty)
  }

  @Test func appKindReasonInAnSDK() throws {
    let inSDK = try report([Fixture.api(Fixture.keyboards, "3EC4.1")], imports: ["_objc_msgSend$activeInputModes"])
    #expect(inSDK.filter { $0.rule == .reasonNotForThisKind }.count == 1)
    let inApp = try report(
      [Fixture.api(Fixture.keyboards, "3EC4.1")], kind: .app, imports: ["_objc_msgSend$activeInputModes"])
    #expect(inApp.filter { $0.rule == .reasonNotForThisKind }.isEmpty)
  }

  @Test func brokenManifestIsInvalid() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_stat"]))
    var evidence = Fixture.framework(binaries: [binary])
    evidence.manifests = [Fixture.loaded("Sdk.framework/PrivacyInfo.xcprivacy", Data("<plist><dict><key>".utf8))]
    let report = try Fixture.audit(evidence)
    #expect(report.findings(.invalidPrivacyManifest, at: sdk).map(\.severity) == [.error])
    #expect(report.findings(.undeclaredAPICategory, at: sdk).map(\.category) == [Fixture.fileTimestamp])
    #expect(report.findings(.missingPrivacyManifest, at: sdk).isEmpty)
  }

  @Test func emptyAPITypesArrayIsAWarning() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_malloc"]))
    var evidence = Fixture.framework(binaries: [binary])
    evidence.manifests = [
      Fixture.loaded("Sdk.framework/PrivacyInfo.xcprivacy", try Fixture.plist(["NSPrivacyAccessedAPITypes": [Any]()]))
    ]
    #expect(try Fixture.audit(evidence).findings(.invalidPrivacyManifest, at: sdk).map(\.severity) == [.warning])
    let valid = try report([Fixture.api(Fixture.fileTimestamp, "C617.1")])
    #expect(valid.isEmpty)
  }

  @Test func trackingDomainsMissing() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_malloc"]))
    let bare = Fixture.framework(binaries: [binary], manifest: try Fixture.manifest([], tracking: true))
    #expect(try Fixture.audit(bare).findings(.trackingDomainsMissing, at: sdk).map(\.severity) == [.error])
    let listed = Fixture.framework(
      binaries: [binary], manifest: try Fixture.manifest([], tracking: true, domains: ["ads.example.com"]))
    #expect(try Fixture.audit(listed).findings(.trackingDomainsMissing, at: sdk).isEmpty)
  }
}
