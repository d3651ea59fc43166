import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import ScanFiles
import TargetDiscovery
import Testing

/// The App Store Connect codes findings carry: the rule table, the manifest aspect, and the
/// resource-bundle variants (ITMS-91106/91107/91108), end to end through the auditor.
@Suite struct AppStoreCodeTests {
  @Test func theRuleTable() {
    let codes = Dictionary(uniqueKeysWithValues: RuleID.allCases.map { ($0, $0.appStoreCode()) })
    #expect(codes[.missingPrivacyManifest] == .missingAPIDeclaration)
    #expect(codes[.undeclaredAPICategory] == .missingAPIDeclaration)
    #expect(codes[.invalidReasonCode] == .invalidAPIReason)
    #expect(codes[.reasonNotValidForCategory] == .invalidAPIReason)
    #expect(codes[.invalidPrivacyManifest] == .invalidManifest)
    #expect(codes[.trackingDomainsMissing] == .invalidTracking)
    #expect(codes[.listedSDKWithoutManifest] == .missingManifest)
    #expect(codes[.listedSDKUnsigned] == .missingSignature)
    #expect(codes[.missingPurposeString] == .missingPurposeString)
    #expect(codes[.emptyPurposeString] == .invalidPurposeString)
    let coded: Set<RuleID> = [
      .missingPrivacyManifest, .undeclaredAPICategory, .invalidReasonCode, .reasonNotValidForCategory,
      .invalidPrivacyManifest, .trackingDomainsMissing, .listedSDKWithoutManifest, .listedSDKUnsigned,
      .missingPurposeString, .emptyPurposeString,
    ]
    #expect(Set(codes.filter { $0.value != nil }.keys) == coded)
    #expect(RuleID.invalidPrivacyManifest.appStoreCode(aspect: .category) == .invalidAPICategory)
    #expect(RuleID.invalidPrivacyManifest.appStoreCode(aspect: .tracking) == .invalidTracking)
  }

  @Test func resourceBundleManifestsHaveTheirOwnCodes() {
    let inBundle = { (rule: RuleID, aspect: ManifestAspect?) in
      rule.appStoreCode(aspect: aspect, inResourceBundle: true)?.rawValue
    }
    #expect(inBundle(.trackingDomainsMissing, .tracking) == "ITMS-91107")
    #expect(inBundle(.invalidPrivacyManifest, .tracking) == "ITMS-91107")
    #expect(inBundle(.invalidPrivacyManifest, .structure) == "ITMS-91108")
    #expect(inBundle(.invalidPrivacyManifest, .category) == "ITMS-91108")
    #expect(inBundle(.reasonNotValidForCategory, .reason) == "ITMS-91106")
    #expect(inBundle(.missingPrivacyManifest, nil) == "ITMS-91053")
  }

  @Test func onlyErrorsCarryACode() {
    #expect(
      Finding(rule: .invalidPrivacyManifest, severity: .warning, subject: .target, message: "").appStoreCode == nil)
    #expect(Finding(rule: .undeclaredAPICategory, severity: .note, subject: .target, message: "").appStoreCode == nil)
    #expect(Finding(rule: .undeclaredAPICategory, severity: .error, subject: .target, message: "").appStoreCode != nil)
  }

  /// ITMS-90683 and ITMS-90738 arrive as delivery warnings ("Although delivery was successful"):
  /// their findings carry the code as warnings too, and lose it below.
  @Test func deliveryWarningsCarryTheirCodeAtWarning() {
    #expect(AppStoreCode.missingPurposeString.emailSeverity == .warning)
    #expect(AppStoreCode.invalidPurposeString.emailSeverity == .warning)
    #expect(AppStoreCode.missingManifest.emailSeverity == .error)
    #expect(Finding(rule: .missingPurposeString, subject: .target, message: "").appStoreCode == .missingPurposeString)
    #expect(Finding(rule: .emptyPurposeString, subject: .target, message: "").appStoreCode == .invalidPurposeString)
    #expect(Finding(rule: .missingPurposeString, severity: .note, subject: .target, message: "").appStoreCode == nil)
  }

  /// The same manifest at the framework root and in a resource bundle.
  @Test(arguments: [
    ("Sdk.framework/PrivacyInfo.xcprivacy", false), ("Sdk.framework/Res.bundle/PrivacyInfo.xcprivacy", true),
  ])
  func theManifestsPlaceDecidesTheCode(path: String, inBundle: Bool) throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_OBJC_CLASS_$_NSUserDefaults"]))
    let manifest = try Fixture.plist([
      "NSPrivacyTracking": false, "NSPrivacyTrackingDomains": ["ads.example.com"],
      "NSPrivacyAccessedAPITypes": [Fixture.api(Fixture.userDefaults, "C617.1"), Fixture.api("DiskSpace", "E174.1")],
    ])
    var evidence = Fixture.framework(binaries: [binary])
    evidence.manifests = [Fixture.loaded(path, manifest)]
    let findings = try #require(try Fixture.audit(evidence).target("Sdk.framework")?.findings)
    let codes = findings.compactMap { $0.appStoreCode?.rawValue }.sorted()
    #expect(
      codes == (inBundle ? ["ITMS-91106", "ITMS-91107", "ITMS-91108"] : ["ITMS-91054", "ITMS-91055", "ITMS-91064"]))
  }
}
