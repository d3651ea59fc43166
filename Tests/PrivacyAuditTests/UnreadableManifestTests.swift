import AuditModel
import Foundation
import PrivacyAudit
import ScanFiles
import TargetDiscovery
import Testing

/// A manifest whose file could not be read says nothing of what it declares: it is reported as
/// unread, never as invalid, nothing it may declare is taken as missing, and the verdict stays
/// open ("could not read" is never "declares none").
@Suite struct UnreadableManifestTests {
  static let sdk = "Sdk.framework"
  static let unread = LoadedFile(
    file: TargetFile(path: ScanPath(sdk + "/PrivacyInfo.xcprivacy")), contents: .unreadable("larger than 8 MiB"))

  /// A framework whose binary reads file timestamps and the advertising identifier.
  static func framework(manifests: [LoadedFile]) throws -> TargetEvidence {
    let binary = try Fixture.binary(
      sdk + "/Sdk",
      Fixture.image(
        imports: ["_stat", "_OBJC_CLASS_$_ASIdentifierManager"], selectors: ["sharedManager", "advertisingIdentifier"]))
    var evidence = Fixture.framework(binaries: [binary])
    evidence.target.manifests = manifests.map(\.file)
    evidence.manifests = manifests
    return evidence
  }

  @Test func anUnreadManifestLeavesTheVerdictOpen() throws {
    let report = try Fixture.audit(Self.framework(manifests: [Self.unread]))
    let target = try #require(report.target(Self.sdk))
    #expect(target.findings.map(\.rule) == [.unreadablePrivacyManifest], "\(target.findings.map(\.rule))")
    #expect(target.findings.first?.severity == .error)
    #expect(target.findings.first?.message.contains("larger than 8 MiB") == true)
    #expect(target.appStoreVerdict.outcome == .cannotTell)
    #expect(target.appStoreVerdict.unknownBecause == [.unreadablePrivacyManifest])
    #expect(target.usedCategories == [Fixture.fileTimestamp])
  }

  /// Read, the same binary against a manifest that declares nothing is rejected: the open
  /// verdict above comes from the unread file, not from the binary.
  @Test func theSameManifestReadDeclaringNothingIsRejected() throws {
    let empty = Fixture.loaded(Self.sdk + "/PrivacyInfo.xcprivacy", try Fixture.manifest([]))
    let report = try Fixture.audit(Self.framework(manifests: [empty]))
    let rules = Set(try #require(report.target(Self.sdk)).findings.map(\.rule))
    #expect(rules.isSuperset(of: [.undeclaredAPICategory, .trackingUndeclared]), "\(rules)")
    #expect(report.target(Self.sdk)?.appStoreVerdict.outcome == .willReject)
  }

  /// `privacy-report`: a bundle whose manifest could not be read says its declarations are
  /// incomplete and is asked no question (its gap is not known); read and declaring nothing, the
  /// same code is asked one.
  @Test func thePrivacyPictureAsksNoQuestionOfAnUnreadManifest() throws {
    let location = Fixture.image(
      imports: ["_OBJC_CLASS_$_CLLocationManager"], selectors: ["requestWhenInUseAuthorization"])
    let binary = try Fixture.binary(Self.sdk + "/Sdk", location)
    let picture = { (manifest: LoadedFile) throws -> PrivacyPicture in
      var evidence = Fixture.framework(binaries: [binary])
      evidence.target.manifests = [manifest.file]
      evidence.manifests = [manifest]
      return PrivacyPicture(report: try Fixture.audit(evidence), catalog: try Fixture.catalog())
    }
    let unread = try picture(Self.unread)
    #expect(unread.bundles.map(\.readEveryManifest) == [false])
    #expect(unread.questions.isEmpty)
    let read = try picture(Fixture.loaded(Self.sdk + "/PrivacyInfo.xcprivacy", try Fixture.manifest([])))
    #expect(read.bundles.map(\.readEveryManifest) == [true])
    #expect(read.questions.map(\.bundle) == [ScanPath(Self.sdk)])
  }

  /// Only the slices an unread manifest covers go unjudged: another slice, whose manifest was
  /// read and lacks the category, is still reported.
  @Test func aSliceWhoseManifestWasReadIsStillJudged() throws {
    let root = "Vendor.xcframework"
    let slices = ["ios-arm64", "tvos-arm64"]
    let binaries = try slices.map { slice in
      try Fixture.binary(root + "/\(slice)/Vendor.framework/Vendor", slice: slice, Fixture.image(imports: ["_stat"]))
    }
    let read = Fixture.loaded(
      root + "/tvos-arm64/Vendor.framework/PrivacyInfo.xcprivacy", slice: "tvos-arm64",
      try Fixture.manifest([Fixture.api(Fixture.userDefaults, "CA92.1")]))
    let unread = LoadedFile(
      file: TargetFile(path: ScanPath(root + "/ios-arm64/Vendor.framework/PrivacyInfo.xcprivacy"), slice: "ios-arm64"),
      contents: .unreadable("refused"))
    var evidence = Fixture.framework(root, kind: .xcframework, binaries: binaries)
    evidence.target.manifests = [unread.file, read.file]
    evidence.manifests = [unread, read]
    let report = try Fixture.audit(evidence)
    let undeclared = report.findings(.undeclaredAPICategory, at: root)
    #expect(undeclared.count == 1)
    #expect(undeclared.first?.message.contains("in slice tvos-arm64") == true, "\(undeclared)")
    #expect(undeclared.first?.evidence.allSatisfy { $0.binary.description.contains("tvos-arm64") } == true)
    #expect(report.findings(.unreadablePrivacyManifest, at: root).count == 1)
    #expect(report.findings(.invalidPrivacyManifest, at: root).isEmpty)
    #expect(report.target(root)?.appStoreVerdict.outcome == .willReject)
  }
}
