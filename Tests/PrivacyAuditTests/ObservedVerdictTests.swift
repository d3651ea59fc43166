import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// App Store Connect verdicts quoted in public issue threads, each reproduced by a manifest in
/// `Samples/manifests/observed` (only the structural fact the thread reports) or by a synthetic
/// binary, and the severity the evidence table in `Docs/RULES.md` gives it: error where App Store
/// Connect rejected or flagged it, warning where it accepted what Apple documents as wrong,
/// nothing where it accepted a valid manifest.
@Suite("Observed App Store Connect verdicts")
struct ObservedVerdictTests {
  /// One manifest from `Samples/manifests/observed` and what sdkvet must report for it.
  struct ObservedManifest: Sendable, CustomTestStringConvertible {
    /// The fixture's file name.
    let file: String
    /// The public threads that report the verdict (`owner/repository#number`, version, ITMS code).
    let threads: String
    /// What the framework's binary imports, so that declared categories count as used.
    var imports = ["_malloc"]
    /// Every finding sdkvet must report for the framework, by rule (nothing else may fire).
    let expected: [RuleID: [Severity]]

    var testDescription: String { "\(file) (\(threads))" }
  }

  static let manifests: [ObservedManifest] = [
    // flutter/flutter#145269: ITMS-91054 quotes "FileTimestamp", "DiskSpace" and "UserDefaults" as
    // NSPrivacyAccessedAPIType values (Runner, libswiftFoundation.dylib, libswiftCore.dylib).
    ObservedManifest(
      file: "shortened-categories.xcprivacy", threads: "flutter/flutter#145269, ITMS-91054",
      expected: [.invalidPrivacyManifest: [.error, .error, .error]]),
    // Tealium/tealium-swift#329: ITMS-91055 quotes "CA92.1" under NSPrivacyAccessedAPICategoryDiskSpace (2.12.1).
    ObservedManifest(
      file: "diskspace-with-userdefaults-reason.xcprivacy", threads: "Tealium/tealium-swift#329 2.12.1, ITMS-91055",
      imports: ["_statfs"], expected: [.reasonNotValidForCategory: [.error]]),
    // microsoft/appcenter-sdk-apple#2543: ITMS-91055 quotes "35F9.1" under FileTimestamp; "Please correct".
    ObservedManifest(
      file: "filetimestamp-with-boottime-reason.xcprivacy", threads: "microsoft/appcenter-sdk-apple#2543, ITMS-91055",
      imports: ["_stat"], expected: [.reasonNotValidForCategory: [.error]]),
    // citrix/citrix-mam-sdks#122: ITMS-91055 quotes "C617.1" under SystemBootTime; 24.3.1 rejected, next release fixed.
    ObservedManifest(
      file: "boottime-with-filetimestamp-reason.xcprivacy", threads: "citrix/citrix-mam-sdks#122 24.3.1, ITMS-91055",
      imports: ["_mach_absolute_time"], expected: [.reasonNotValidForCategory: [.error]]),
    // teads/TeadsSDK-iOS#241 (ITMS-91055) and exponea/exponea-ios-sdk#77 (ITMS-91106, in a resource bundle)
    // quote "C617.1" under NSPrivacyAccessedAPICategoryUserDefaults.
    ObservedManifest(
      file: "userdefaults-with-filetimestamp-reason.xcprivacy",
      threads: "teads/TeadsSDK-iOS#241 ITMS-91055; exponea/exponea-ios-sdk#77 ITMS-91106",
      imports: ["_OBJC_CLASS_$_NSUserDefaults"], expected: [.reasonNotValidForCategory: [.error]]),
    // "NSPrivacyTracking must be true if NSPrivacyTrackingDomains isn't empty": braze-inc/braze-swift-sdk#126
    // (7.7.0, ITMS-91064) and #138 (8.4.0, ITMS-91107), datatrans/ios-sdk#16 with klarna/klarna-mobile-sdk#238
    // (rejected; Klarna 2.6.19 fixed it), appmetrica/appmetrica-sdk-ios#24 (5.0.0, ITMS-91107),
    // DaveWoodCom/XCGLogger#339 (ITMS-91064), exponea/exponea-ios-sdk#77 (ITMS-91107).
    ObservedManifest(
      file: "tracking-false-with-domains.xcprivacy",
      threads: "braze-swift-sdk#126/#138, datatrans/ios-sdk#16, appmetrica-sdk-ios#24, XCGLogger#339, ITMS-91064/91107",
      expected: [.invalidPrivacyManifest: [.error]]),
    // euc-releases/iOS-WorkspaceONE-SDK#7: rejected with ITMS-91064; AWSDK 24.6.0 and 24.7.0 set tracking false
    // with one empty item in NSPrivacyTrackingDomains.
    ObservedManifest(
      file: "tracking-false-with-empty-domain.xcprivacy",
      threads: "euc-releases/iOS-WorkspaceONE-SDK#7 24.6.0/24.7.0, ITMS-91064",
      expected: [.invalidPrivacyManifest: [.error, .error]]),
    // opendocument-app/OpenDocument.ios#134: build 43 of the Lite app (tracking true, no domains) came back
    // ITMS-91064 / Invalid Binary; the Pro app (tracking false, empty list) passed the same upload.
    // Tenjin's iOS SDK listed "https://track.tenjin.com" in three releases shipped over a year with no
    // rejection reported (issue 33): a domain written with a scheme is a warning.
    ObservedManifest(
      file: "tracking-domain-with-scheme.xcprivacy", threads: "Tenjin iOS SDK, three releases, accepted",
      expected: [.invalidPrivacyManifest: [.warning]]),
    ObservedManifest(
      file: "tracking-true-without-domains.xcprivacy",
      threads: "opendocument-app/OpenDocument.ios#134 Lite, ITMS-91064",
      expected: [.trackingDomainsMissing: [.error]]),
    ObservedManifest(
      file: "tracking-false-without-domains.xcprivacy", threads: "opendocument-app/OpenDocument.ios#134 Pro, accepted",
      expected: [:]),
    // krzyzanowskim/OpenSSL#204 (3.1.5000) and twilio/twilio-voice-ios#125 (6.10.2): ITMS-91056 for a manifest
    // whose NSPrivacyAccessedAPITypes array holds one empty dictionary.
    ObservedManifest(
      file: "api-types-one-empty-dictionary.xcprivacy",
      threads: "krzyzanowskim/OpenSSL#204 3.1.5000, twilio/twilio-voice-ios#125 6.10.2, ITMS-91056",
      expected: [.invalidPrivacyManifest: [.error, .error]]),
    // Four empty arrays: accepted in May 2024 (ashleymills/Reachability.swift#416, the PR branch; OpenSSL 3.1.5001
    // per AndyQ/NFCPassportReader#224), flagged with ITMS-91108 in Sept 2024 (Reachability.swift#418 and #420,
    // 5.2.3 in a CocoaPods resource bundle). TN3181 calls the empty NSPrivacyAccessedAPITypes invalid: a warning.
    ObservedManifest(
      file: "four-empty-arrays.xcprivacy",
      threads: "Reachability.swift#416 accepted, #418/#420 5.2.3 ITMS-91108, NFCPassportReader#224",
      expected: [.invalidPrivacyManifest: [.warning]]),
    // ashleymills/Reachability.swift 5.2.4 (only NSPrivacyTracking false): no more warnings (#423).
    ObservedManifest(
      file: "tracking-false-only.xcprivacy", threads: "ashleymills/Reachability.swift#423 5.2.4, accepted",
      expected: [:]),
    // ashleymills/Reachability.swift 5.2.2 (#416: ITMS-91056; elastic/apm-agent-ios#243: rejected in Nov 2024)
    // and rwbutler/Connectivity 8.0.0 (#90: ITMS-91108, then rejected with ITMS-91056): a collected-data entry
    // of empty strings and an NSPrivacyAccessedAPITypes array holding one empty dictionary.
    ObservedManifest(
      file: "empty-strings-and-empty-dictionary.xcprivacy",
      threads: "Reachability.swift#416 5.2.2, elastic/apm-agent-ios#243, rwbutler/Connectivity#90 8.0.0, ITMS-91056",
      expected: [.invalidPrivacyManifest: [.error, .error, .error, .error]]),
    // sqlcipher/sqlcipher#511: 4.5.7's only defect is a collected-data entry of empty strings; ITMS-91056 flagged
    // it, and removing the entry (4.6.0) was accepted ("able to resubmit without issue").
    ObservedManifest(
      file: "collected-data-empty-strings.xcprivacy", threads: "sqlcipher/sqlcipher#511 4.5.7, ITMS-91056",
      imports: ["_statfs", "_stat"], expected: [.invalidPrivacyManifest: [.error, .error]]),
    ObservedManifest(
      file: "collected-data-empty-array.xcprivacy", threads: "sqlcipher/sqlcipher#511 4.6.0, accepted",
      imports: ["_statfs", "_stat"], expected: [:]),
    // Abedalkareem/LanguageManager-iOS#75: ITMS-91108 for 1.2.8, whose reasons are a String; #76 made them an
    // array ("the merge request worked"; 1.3.0).
    ObservedManifest(
      file: "reasons-as-string.xcprivacy", threads: "Abedalkareem/LanguageManager-iOS#75 1.2.8, ITMS-91108",
      imports: ["_OBJC_CLASS_$_NSUserDefaults"], expected: [.invalidPrivacyManifest: [.error]]),
    ObservedManifest(
      file: "reasons-as-array.xcprivacy", threads: "Abedalkareem/LanguageManager-iOS#76 1.3.0, accepted",
      imports: ["_OBJC_CLASS_$_NSUserDefaults"], expected: [:]),
    // appspector/ios-sdk#30: the purposes are the free text "App functionality"; ITMS-91056 for
    // AppSpectorTVSDK 1.4.11 (appspector/flutter-plugin#73: 1.4.12 was accepted).
    ObservedManifest(
      file: "purpose-free-text.xcprivacy", threads: "appspector/ios-sdk#30 1.4.11, ITMS-91056",
      expected: [.invalidPrivacyManifest: [.error]]),
    // scinfu/SwiftSoup#286: ITMS-91108 for 2.7.1, whose collected-data and accessed-API arrays each hold one
    // empty dictionary.
    ObservedManifest(
      file: "collected-and-api-types-empty-dictionaries.xcprivacy", threads: "scinfu/SwiftSoup#286 2.7.1, ITMS-91108",
      expected: [.invalidPrivacyManifest: Array(repeating: .error, count: 6)]),
    // forcedotcom/SalesforceMobileSDK-iOS#3710: ITMS-91056 for SalesforceSDKCommon, whose second accessed-API
    // entry has an empty type and no reasons; without it the next upload "did not generate a warning".
    ObservedManifest(
      file: "api-type-empty-without-reasons.xcprivacy", threads: "forcedotcom/SalesforceMobileSDK-iOS#3710, ITMS-91056",
      imports: ["_OBJC_CLASS_$_NSUserDefaults"], expected: [.invalidPrivacyManifest: [.error, .error]]),
    ObservedManifest(
      file: "one-valid-api-type.xcprivacy", threads: "forcedotcom/SalesforceMobileSDK-iOS#3710 fixed, accepted",
      imports: ["_OBJC_CLASS_$_NSUserDefaults"], expected: [:]),
  ]

  private static func findings(_ observed: ObservedManifest) throws -> [Finding] {
    let path = SampleLocator.sample("manifests/observed/" + observed.file)
    let data = try #require(FileManager.default.contents(atPath: path), "missing fixture \(path)")
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: observed.imports))
    return try Fixture.audit(Fixture.framework(binaries: [binary], manifest: data)).target("Sdk.framework")?.findings
      ?? []
  }

  @Test(arguments: manifests)
  func severityFollowsTheObservedVerdict(_ observed: ObservedManifest) throws {
    let findings = try Self.findings(observed)
    let byRule = Dictionary(grouping: findings, by: \.rule).mapValues { $0.map(\.severity).sorted() }
    #expect(byRule == observed.expected, "\(findings.map(\.message))")
  }

  /// The code an App Store Connect email gave a manifest at a documented location (ITMS-9105x,
  /// 91064) is among the codes sdkvet's findings predict for it; a resource bundle's codes
  /// (91106–91108) are checked with the manifest in a bundle, in `AppStoreCodeTests`.
  @Test(arguments: manifests.filter { !codes(in: $0.threads).isEmpty })
  func findingsPredictTheObservedCode(_ observed: ObservedManifest) throws {
    let predicted = Set(try Self.findings(observed).compactMap { $0.appStoreCode?.rawValue })
    #expect(Self.codes(in: observed.threads).isSubset(of: predicted), "\(predicted.sorted())")
  }

  /// The ITMS codes below 91100 a thread list names (`ITMS-91064/91107` names 91064).
  private static func codes(in threads: String) -> Set<String> {
    let words = threads.split(whereSeparator: { !$0.isNumber && $0 != "-" && !$0.isLetter })
    return Set(
      words.compactMap { word in
        guard word.hasPrefix("ITMS-"), let number = Int(word.dropFirst(5).prefix(5)), number < 91100 else { return nil }
        return "ITMS-\(number)"
      })
  }

  /// A warning is only for what App Store Connect has accepted, and its message says so.
  @Test(arguments: manifests.filter { $0.expected.values.contains { $0.contains(.warning) } })
  func warningsSayThatAppStoreConnectAcceptedIt(_ observed: ObservedManifest) throws {
    let warnings = try Self.findings(observed).filter { $0.severity == .warning }
    #expect(!warnings.isEmpty)
    #expect(warnings.allSatisfy { $0.message.contains("App Store Connect has accepted this, but") })
  }

  @Test func emptyCollectedDataStringsNameTheRejection() throws {
    let observed = try #require(Self.manifests.first { $0.file == "collected-data-empty-strings.xcprivacy" })
    let messages = try Self.findings(observed).map(\.message)
    #expect(messages.count == 2)
    #expect(messages.allSatisfy { $0.contains("empty") && $0.contains("ITMS-91056") })
  }

  // firebase/firebase-ios-sdk#12811: a static framework's own manifest did not stop ITMS-91053 for its code;
  // a declaration in the app's manifest did. Apple's documentation still asks every SDK for its own manifest,
  // so the missing manifest stays an error and the message says what App Store Connect was seen to accept.
  @Test func staticCodeWithoutAManifestKeepsTheDocumentedRule() throws {
    let member = Fixture.image(member: "Kit.o", imports: ["_stat"])
    let binary = try Fixture.binary("Kit.xcframework/ios-arm64/libKit.a", slice: "ios-arm64", member)
    let report = try Fixture.audit(Fixture.framework("Kit.xcframework", kind: .xcframework, binaries: [binary]))
    let missing = report.findings(.missingPrivacyManifest, at: "Kit.xcframework")
    #expect(missing.map(\.severity) == [.error])
    #expect(missing.first?.message.contains("app's own manifest for statically linked code") == true)

    let dynamic = try Fixture.binary("Kit.framework/Kit", Fixture.image(imports: ["_stat"]))
    let plain = try Fixture.audit(Fixture.framework("Kit.framework", binaries: [dynamic]))
    #expect(plain.findings(.missingPrivacyManifest, at: "Kit.framework").first?.message.contains("statically") == false)
  }

  // SocketMobile/swift-package-capturesdk#19: ITMS-91053 for statically linked CaptureSDK, whose manifest did not
  // declare FileTimestamp (NSFileCreationDate); google/GoogleUtilities#150: ITMS-91053 named the app's binary
  // ("Elfin") for a statically linked library whose manifest sat in its own resource bundle.
  @Test func staticCodeWithAnIncompleteManifest() throws {
    let member = Fixture.image(member: "Capture.o", imports: ["_NSFileCreationDate"])
    let binary = try Fixture.binary("CaptureSDK.framework/CaptureSDK", member)
    let manifest = try Fixture.manifest([Fixture.api(Fixture.userDefaults, "CA92.1")])
    let report = try Fixture.audit(Fixture.framework("CaptureSDK.framework", binaries: [binary], manifest: manifest))
    let undeclared = report.findings(.undeclaredAPICategory, at: "CaptureSDK.framework")
    #expect(undeclared.map(\.category) == [Fixture.fileTimestamp])
    #expect(undeclared.map(\.severity) == [.error])
    #expect(undeclared.first?.message.contains("App Store Connect has been seen to accept") == true)
  }

  // digitalfabrik/entitlementcard#1219, digitalfabrik/lunes-app#1112 and
  // openwallet-foundation-labs/learner-credential-wallet#849: ITMS-90683 names
  // NSLocationWhenInUseUsageDescription (or the Always key) and says "Although delivery was successful":
  // App Store Connect accepts the upload, so the missing key is a warning.
  @Test func missingPurposeStringIsAcceptedByAppStoreConnect() throws {
    let binary = try Fixture.binary(
      "Demo.app/Demo",
      Fixture.image(imports: ["_OBJC_CLASS_$_CLLocationManager"], selectors: ["requestWhenInUseAuthorization"]))
    let report = try Fixture.audit(try Fixture.app(binaries: [binary]))
    let missing = report.findings(.missingPurposeString, at: "Demo.app")
    #expect(missing.map(\.severity) == [.warning])
    #expect(missing.first?.message.contains("App Store Connect accepts the upload and mails ITMS-90683") == true)
    #expect(missing.map(\.appStoreCode) == [.missingPurposeString])
    #expect(missing.first?.message.contains("NSLocationWhenInUseUsageDescription") == true)
  }
}
