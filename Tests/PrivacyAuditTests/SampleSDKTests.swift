import AuditModel
import BinaryImage
import Foundation
import ImageLoader
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TestSupport
import Testing

/// `Samples/sdks` scanned end to end, checked against the contract in `Samples/sdks/README.md`.
/// `SDKVET_SDK_SAMPLES` may point at another copy of the folder.
enum SampleSDKs {
  static let root = ProcessInfo.processInfo.environment["SDKVET_SDK_SAMPLES"] ?? SampleLocator.sample("sdks")

  /// The samples exist and this build reads ELF too (the Linux samples are part of the contract).
  /// A sample that cannot be read must fail the suite, so readability is not a precondition.
  static var available: Bool {
    FileManager.default.fileExists(atPath: root + "/README.md") && ELFSupport.isAvailable
  }

  static func scan() throws -> AuditReport {
    ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [root]).report
  }

  static func relative(_ path: ScanPath) -> String {
    path.components(below: ScanPath(root))?.joined(separator: "/") ?? path.description
  }
}

@Suite("Samples/sdks end to end", .enabled(if: SampleSDKs.available))
struct SampleSDKTests {
  /// Every finding's target, per rule, sorted: each rule must fire exactly here.
  static let expected: [RuleID: [String]] = [
    .missingPrivacyManifest: ["NoManifestKit.framework"],
    .undeclaredAPICategory: ["SwiftSelectorsKit.framework"],
    .invalidReasonCode: ["WrongReasonKit.framework"],
    .reasonNotValidForCategory: ["WrongReasonKit.framework"],
    .reasonNotForThisKind: ["ConsentApp.app", "WrongReasonKit.framework"],
    .unusedAPIDeclaration: ["UnusedDeclKit.framework"],
    .invalidPrivacyManifest: [
      "BadManifestKit.framework", "BadManifestKit.framework", "BadManifestKit.framework", "BundledTrackerKit.framework",
    ],
    .unreadableBinary: ["Disguised.framework"],
    .requiresPurposeString: [
      "ConsentApp.app/Frameworks/ConsentKit.framework", "ConsentKit.framework",
      "SampleApp.app/Frameworks/MicKit.framework",
    ],
    .missingPurposeString: ["ConsentApp.app", "SampleApp.app", "SampleApp.app"],
    .purposeStringStyle: ["SampleApp.app", "SampleApp.app"],
    .trackingUndeclared: ["SampleApp.app"],
    .trackingWithoutAuthorization: ["ConsentApp.app", "SampleApp.app"],
    .trackingDomainsMissing: ["TrackerKit.framework"],
    .unsignedBinarySDK: ["GoodKit.xcframework", "StaticKit.xcframework"],
    .listedSDKWithoutManifest: [
      "FMDB.framework", "MergedDBKit.framework", "Renamed.xcframework", "StickerKit.framework",
      "VendorAdsKit.framework",
    ],
    .listedSDKUnsigned: ["Renamed.xcframework"],
    .trackingDomainUndeclared: ["HostsKit.framework"],
  ]

  /// Every finding that carries an App Store code, as "target rule code", sorted: the errors of
  /// rules with a code, each with the code its manifest aspect and location give.
  static let expectedCodes = [
    "BadManifestKit.framework invalid-privacy-manifest ITMS-91054",
    "BadManifestKit.framework invalid-privacy-manifest ITMS-91056",
    "BadManifestKit.framework invalid-privacy-manifest ITMS-91056",
    "BundledTrackerKit.framework invalid-privacy-manifest ITMS-91107",
    "ConsentApp.app missing-purpose-string ITMS-90683",
    "FMDB.framework listed-sdk-without-manifest ITMS-91061",
    "MergedDBKit.framework listed-sdk-without-manifest ITMS-91061",
    "NoManifestKit.framework missing-privacy-manifest ITMS-91053",
    "Renamed.xcframework listed-sdk-unsigned ITMS-91065",
    "Renamed.xcframework listed-sdk-without-manifest ITMS-91061",
    "SampleApp.app missing-purpose-string ITMS-90683",
    "SampleApp.app missing-purpose-string ITMS-90683",
    "StickerKit.framework listed-sdk-without-manifest ITMS-91061",
    "SwiftSelectorsKit.framework undeclared-api-category ITMS-91053",
    "TrackerKit.framework tracking-domains-missing ITMS-91064",
    "VendorAdsKit.framework listed-sdk-without-manifest ITMS-91061",
    "WrongReasonKit.framework invalid-reason-code ITMS-91055",
    "WrongReasonKit.framework reason-not-valid-for-category ITMS-91055",
  ]

  @Test func findingsCarryTheAppStoreCodeTheyPredict() throws {
    let report = try SampleSDKs.scan()
    let coded = report.targets.flatMap { target in
      target.findings.compactMap { finding in
        finding.appStoreCode.map { "\(SampleSDKs.relative(target.path)) \(finding.rule.rawValue) \($0.rawValue)" }
      }
    }
    #expect(coded.sorted() == Self.expectedCodes)
  }

  @Test func commonSDKsAreRecognisedByNameIdentifierAndDefinitions() throws {
    let report = try SampleSDKs.scan()
    let detected = report.targets.filter { !$0.commonSDKs.isEmpty }
    #expect(
      detected.map { SampleSDKs.relative($0.path) } == [
        "FMDB.framework", "MergedDBKit.framework", "Renamed.xcframework", "StickerKit.framework",
        "VendorAdsKit.framework",
      ])
    let fmdb = try #require(detected.first?.commonSDKs.first)
    #expect(fmdb.sdk == "FMDB" && fmdb.confidence == .identifier && fmdb.includedIn.isEmpty)
    #expect(Set(fmdb.evidence.map(\.via)) == [.bundleName, .bundleIdentifier])
    #expect(Set(fmdb.evidence.map(\.symbol)) == ["FMDB", "dev.sdkvet.samples.FMDB"])
    // VendorAdsKit's FBSDK-prefixed classes of its own prove nothing; Alamofire's type descriptors
    // prove its module is compiled in (issue 33).
    let vendor = try #require(detected.last)
    let binary = "VendorAdsKit.framework/VendorAdsKit"
    let alamofire = try #require(vendor.commonSDKs.first)
    #expect(vendor.commonSDKs.count == 1 && alamofire.sdk == "Alamofire" && alamofire.confidence == .module)
    #expect(alamofire.includedIn.map(SampleSDKs.relative) == [binary])
    #expect(alamofire.evidence.map(\.symbol) == ["_$s9Alamofire7SessionCMn"])
    #expect(alamofire.evidence.allSatisfy { $0.via == .definition && $0.architecture == "arm64" })
    let finding = try #require(vendor.findings.first { $0.rule == .listedSDKWithoutManifest })
    #expect(finding.severity == .error && finding.appStoreCode == .missingManifest)
    #expect(finding.message.contains("\(binary) includes Alamofire (recognised by types of its Swift module"))
  }

  /// GamingKit (shaped like FBSDKGamingServicesKit) defines its own FBSDK-prefixed classes and
  /// links FBSDKCoreKit as a framework: it includes no listed SDK (issue 33).
  @Test func ownClassesWithAListedPrefixAndALinkedSDKAreNoClaim() throws {
    let report = try SampleSDKs.scan()
    let gaming = try #require(report.targets.first { SampleSDKs.relative($0.path) == "GamingKit.framework" })
    #expect(gaming.commonSDKs.isEmpty)
    #expect(gaming.findings.isEmpty)
  }

  /// StickerKit defines every class the catalog documents as OneSignalOutcomes' own, as App Store
  /// Connect named Stipop ("…/Stipop, which includes OneSignalOutcomes").
  @Test func aBinaryDefiningAnotherSDKsDocumentedClassesIncludesIt() throws {
    let report = try SampleSDKs.scan()
    let sticker = try #require(report.targets.first { SampleSDKs.relative($0.path) == "StickerKit.framework" })
    #expect(sticker.commonSDKs.map(\.sdk) == ["OneSignalOutcomes"])
    #expect(sticker.commonSDKs.first?.confidence == .classes)
    let finding = try #require(sticker.findings.first)
    #expect(sticker.findings.count == 1 && finding.appStoreCode == .missingManifest)
    #expect(finding.message.contains("StickerKit.framework/StickerKit includes OneSignalOutcomes"))
  }

  /// A copy of FBAEMKit.xcframework renamed Renamed.xcframework keeps its framework's bundle
  /// identifier and install name: it is FBAEMKit, unsigned (ITMS-91065) and without its manifest.
  @Test func aRenamedXCFrameworkIsStillTheListedSDK() throws {
    let report = try SampleSDKs.scan()
    let renamed = try #require(report.targets.first { SampleSDKs.relative($0.path) == "Renamed.xcframework" })
    let detection = try #require(renamed.commonSDKs.first)
    #expect(renamed.commonSDKs.count == 1 && detection.sdk == "FBAEMKit" && detection.confidence == .identifier)
    #expect(detection.includedIn.isEmpty)
    #expect(
      Set(detection.evidence.map(\.symbol)) == ["@rpath/FBAEMKit.framework/FBAEMKit", "com.facebook.sdk.FBAEMKit"])
    #expect(Set(detection.evidence.map(\.via)) == [.binaryName, .bundleIdentifier])
    let unsigned = try #require(renamed.findings.first { $0.rule == .listedSDKUnsigned })
    #expect(unsigned.severity == .error && unsigned.appStoreCode?.rawValue == "ITMS-91065")
  }

  /// MergedDBKit defines every class FMDB's headers declare (the catalog's documented classes,
  /// with their source): that identifies FMDB inside another framework, so the missing manifest
  /// is an error with ITMS-91061, and the evidence is exactly those classes.
  @Test func aFrameworkDefiningEveryDocumentedClassIncludesTheSDK() throws {
    let report = try SampleSDKs.scan()
    let merged = try #require(report.targets.first { SampleSDKs.relative($0.path) == "MergedDBKit.framework" })
    let detection = try #require(merged.commonSDKs.first)
    #expect(merged.commonSDKs.count == 1 && detection.sdk == "FMDB" && detection.confidence == .classes)
    #expect(detection.includedIn.map(SampleSDKs.relative) == ["MergedDBKit.framework/MergedDBKit"])
    #expect(
      detection.evidence.map(\.symbol) == [
        "_OBJC_CLASS_$_FMDatabase", "_OBJC_CLASS_$_FMDatabasePool", "_OBJC_CLASS_$_FMDatabaseQueue",
        "_OBJC_CLASS_$_FMResultSet",
      ])
    let finding = try #require(merged.findings.first { $0.rule == .listedSDKWithoutManifest })
    #expect(finding.severity == .error && finding.appStoreCode == .missingManifest)
    #expect(finding.message.contains("MergedDBKit includes FMDB (recognised by every class its headers declare"))
  }

  /// ExtendingKit conforms to FBSDKShareKit's protocol and extends its type: the manglings of
  /// those start with `FBSDKShareKit`, but a framework's own conformances and extensions are not
  /// the SDK's code, so nothing is detected and nothing is said about FBSDKShareKit.
  @Test func aFrameworkExtendingAListedSDKIsNotSaidToIncludeIt() throws {
    let report = try SampleSDKs.scan()
    let extending = try #require(report.targets.first { SampleSDKs.relative($0.path) == "ExtendingKit.framework" })
    #expect(extending.commonSDKs.isEmpty)
    #expect(extending.findings.isEmpty)
  }

  @Test func hostsComeFromCStringsNSStringLiteralsAndELFReadOnlyData() throws {
    let report = try SampleSDKs.scan()
    var withHosts = report.targets.filter { !$0.hosts.isEmpty }
    #expect(
      withHosts.map { SampleSDKs.relative($0.path) } == [
        "HostRolesKit.framework", "HostsKit.framework", "linux/libhosts-aarch64.so", "linux/libhosts-x86_64.so",
      ])
    // URL literals with another role are no hosts: type URLs, App Store links, help pages,
    // placeholders, metric keys (issue 33).
    #expect(withHosts.removeFirst().hosts.map(\.host) == ["api.hostroleskit.io"])
    for elf in withHosts.dropFirst() {
      #expect(elf.hosts.map(\.host) == ["app-measurement.com", "config.hostskit.example.com"])
      #expect(elf.hosts.allSatisfy { $0.binary == elf.path } && elf.findings.isEmpty)
    }
    let hosts = try #require(withHosts.first?.hosts)
    #expect(
      hosts.map(\.host) == ["api2.branch.io", "app.adjust.com", "graph.facebook.com", "status.hostskit.example"])
    #expect(hosts.allSatisfy { SampleSDKs.relative($0.binary) == "HostsKit.framework/HostsKit" })
    let finding = try #require(withHosts.first?.findings.first { $0.rule == .trackingDomainUndeclared })
    #expect(finding.severity == .warning)
    #expect(finding.evidence.map(\.symbol) == ["app.adjust.com", "graph.facebook.com"])
    #expect(finding.evidence.allSatisfy { $0.via == .string })
  }

  @Test func eachRuleFiresExactlyOnItsSamples() throws {
    let report = try SampleSDKs.scan()
    var actual: [RuleID: [String]] = [:]
    for target in report.targets {
      for finding in target.findings { actual[finding.rule, default: []].append(SampleSDKs.relative(target.path)) }
    }
    for rule in RuleID.allCases {
      #expect((actual[rule] ?? []).sorted() == Self.expected[rule] ?? [], "\(rule.rawValue)")
    }
  }

  @Test func findingDetailsMatchTheContract() throws {
    let report = try SampleSDKs.scan()
    let target = { (path: String) in report.targets.first { SampleSDKs.relative($0.path) == path } }
    #expect(
      target("SwiftSelectorsKit.framework")?.findings.first?.category == "NSPrivacyAccessedAPICategoryActiveKeyboards")
    #expect(
      target("UnusedDeclKit.framework")?.findings.first?.category == "NSPrivacyAccessedAPICategoryActiveKeyboards")
    #expect(target("NoManifestKit.framework")?.usedCategories == ["NSPrivacyAccessedAPICategoryDiskSpace"])
    let missing = target("SampleApp.app")?.findings.filter { $0.rule == .missingPurposeString }.map(\.message) ?? []
    #expect(missing.contains { $0.contains("NSLocationWhenInUseUsageDescription") })
    #expect(
      missing.contains { $0.contains("NSMicrophoneUsageDescription") && $0.contains("Frameworks/MicKit.framework") })
    let style = target("SampleApp.app")?.findings.filter { $0.rule == .purposeStringStyle }.compactMap(\.file).map(
      SampleSDKs.relative)
    #expect(style == ["SampleApp.app/Info.plist", "SampleApp.app/en.lproj/InfoPlist.strings"])
    #expect(
      Set(target("SampleApp.app")?.permissions.map(\.resource) ?? []) == [
        "camera", "location-when-in-use", "microphone",
      ])
    #expect(target("MacKit.framework")?.binaries.count == 1)
    let flat = target("FlatMacKit.framework")
    #expect(flat?.privacyManifest.map(SampleSDKs.relative) == "FlatMacKit.framework/Resources/PrivacyInfo.xcprivacy")
    #expect(flat?.findings.isEmpty == true, "a framework laid out without links reads its root Resources/")
    #expect(
      target("linux/libfilestat.so")?.usedCategories == [
        "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryFileTimestamp",
      ])
  }

  @Test func linksAddNoTargets() throws {
    let paths = try SampleSDKs.scan().targets.map { SampleSDKs.relative($0.path) }
    #expect(!paths.contains { $0.hasPrefix("links/") })
    #expect(Set(paths).count == paths.count)
  }
}
