import AuditModel
import BinaryImage
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanFiles
import TargetDiscovery
import Testing

@Suite("Required-reason declaration rules")
struct DeclarationRuleTests {
  let sdk = "Sdk.framework"

  @Test func missingManifestFiresForMachOUse() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_stat"]))
    let report = try Fixture.audit(Fixture.framework(binaries: [binary]))
    let findings = report.findings(.missingPrivacyManifest, at: sdk)
    #expect(findings.count == 1)
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.evidence.map(\.symbol) == ["_stat"])
    #expect(findings.first?.evidence.first?.library == "/usr/lib/libSystem.B.dylib")
    #expect(report.target(sdk)?.usedCategories == [Fixture.fileTimestamp])
    #expect(report.findings(.undeclaredAPICategory, at: sdk).isEmpty)
  }

  @Test func missingManifestNotForDeclaredUseOrOwnDefinition() throws {
    let declared = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_stat"]))
    let manifest = try Fixture.manifest([Fixture.api(Fixture.fileTimestamp, "C617.1")])
    let report = try Fixture.audit(Fixture.framework(binaries: [declared], manifest: manifest))
    #expect(report.target(sdk)?.findings.isEmpty == true)

    let ownDefinition = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(definitions: ["_stat"], selectors: []))
    let defined = try Fixture.audit(Fixture.framework(binaries: [ownDefinition]))
    #expect(defined.findings(.missingPrivacyManifest, at: sdk).isEmpty)
    #expect(defined.target(sdk)?.usedCategories == [])
  }

  @Test func elfTargetReportsUsesButNeverMissingManifest() throws {
    let binary = try Fixture.binary("libx.so", Fixture.image(format: .elf, architecture: "x86_64", imports: ["stat"]))
    let report = try Fixture.audit(Fixture.framework("libx.so", kind: .sharedObject, binaries: [binary]))
    #expect(report.findings(.missingPrivacyManifest, at: "libx.so").isEmpty)
    #expect(report.target("libx.so")?.usedCategories == [Fixture.fileTimestamp])
    #expect(report.target("libx.so")?.apiUses.first?.evidence.symbol == "stat")
  }

  @Test func macOSOnlyUseIsANote() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(platforms: ["macos"], imports: ["_stat"]))
    let report = try Fixture.audit(Fixture.framework(binaries: [binary]))
    #expect(report.findings(.missingPrivacyManifest, at: sdk).map(\.severity) == [.note])
  }

  @Test func undeclaredFiresOncePerCategory() throws {
    let binary = try Fixture.binary(
      "Sdk.framework/Sdk",
      Fixture.image(imports: ["_stat", "_lstat", "_mach_absolute_time", "_OBJC_CLASS_$_NSUserDefaults"]))
    let manifest = try Fixture.manifest([Fixture.api(Fixture.userDefaults, "CA92.1")])
    let report = try Fixture.audit(Fixture.framework(binaries: [binary], manifest: manifest))
    let findings = report.findings(.undeclaredAPICategory, at: sdk)
    #expect(findings.map(\.category) == [Fixture.fileTimestamp, Fixture.bootTime])
    #expect(findings.first?.evidence.map(\.symbol) == ["_lstat", "_stat"])
    #expect(report.findings(.missingPrivacyManifest, at: sdk).isEmpty)
  }

  @Test func dualCategoryAPIIsSatisfiedByEither() throws {
    let binary = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_getattrlist"]))
    let either = try Fixture.manifest([Fixture.api(Fixture.diskSpace, "E174.1")])
    let satisfied = try Fixture.audit(Fixture.framework(binaries: [binary], manifest: either))
    #expect(satisfied.findings(.undeclaredAPICategory, at: sdk).isEmpty)
    #expect(satisfied.findings(.unusedAPIDeclaration, at: sdk).isEmpty)
    #expect(satisfied.target(sdk)?.usedCategories == [Fixture.diskSpace])

    let neither = try Fixture.manifest([Fixture.api(Fixture.userDefaults, "CA92.1")])
    let unsatisfied = try Fixture.audit(Fixture.framework(binaries: [binary], manifest: neither))
    #expect(
      Set(unsatisfied.findings(.undeclaredAPICategory, at: sdk).compactMap(\.category)) == [
        Fixture.fileTimestamp, Fixture.diskSpace,
      ])
  }

  @Test func selectorAndStubSpellingsCount() throws {
    let binary = try Fixture.binary(
      "Sdk.framework/Sdk",
      Fixture.image(
        imports: ["_objc_msgSend$activeInputModes", "_OBJC_CLASS_$_UITextInputMode", "_OBJC_CLASS_$_NSProcessInfo"],
        selectors: ["systemUptime"]))
    let report = try Fixture.audit(
      Fixture.framework(binaries: [binary], manifest: Fixture.manifest([Fixture.api(Fixture.userDefaults, "CA92.1")])))
    #expect(
      report.findings(.undeclaredAPICategory, at: sdk).compactMap(\.category).sorted()
        == [Fixture.keyboards, Fixture.bootTime].sorted())
    let vias = Set(report.target(sdk)?.apiUses.map(\.evidence.via) ?? [])
    #expect(vias == [.objcStub, .selector])
  }

  @Test func unusedDeclarationFiresOnlyWithoutEvidence() throws {
    let manifest = try Fixture.manifest([Fixture.api(Fixture.bootTime, "35F9.1")])
    let idle = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_malloc"]))
    let report = try Fixture.audit(Fixture.framework(binaries: [idle], manifest: manifest))
    #expect(report.findings(.unusedAPIDeclaration, at: sdk).map(\.category) == [Fixture.bootTime])
    #expect(report.findings(.unusedAPIDeclaration, at: sdk).first?.severity == .note)

    let busy = try Fixture.binary("Sdk.framework/Sdk", Fixture.image(imports: ["_mach_absolute_time"]))
    #expect(
      try Fixture.audit(Fixture.framework(binaries: [busy], manifest: manifest)).findings(
        .unusedAPIDeclaration, at: sdk
      ).isEmpty)
  }

  @Test func xcframeworkSlicesAreJudgedByTheirOwnManifest() throws {
    let device = try Fixture.binary(
      "K.xcframework/ios-arm64/K.framework/K", slice: "ios-arm64", Fixture.image(imports: ["_stat"]))
    let simulator = try Fixture.binary(
      "K.xcframework/ios-arm64_x86_64-simulator/K.framework/K", slice: "ios-arm64_x86_64-simulator",
      Fixture.image(platforms: ["ios-simulator"], imports: ["_stat"]))
    var evidence = Fixture.framework("K.xcframework", kind: .xcframework, binaries: [device, simulator])
    evidence.manifests = [
      Fixture.loaded(
        "K.xcframework/ios-arm64/K.framework/PrivacyInfo.xcprivacy", slice: "ios-arm64",
        try Fixture.manifest([Fixture.api(Fixture.fileTimestamp, "C617.1")]))
    ]
    let report = try Fixture.audit(evidence)
    let missing = report.findings(.missingPrivacyManifest, at: "K.xcframework")
    #expect(missing.count == 1)
    #expect(missing.first?.evidence.map(\.binary) == ["K.xcframework/ios-arm64_x86_64-simulator/K.framework/K"])
    #expect(missing.first?.message.contains("ios-arm64_x86_64-simulator") == true)
  }

  /// `unused-api-declaration` is one note per category, naming the slices whose manifests declare
  /// it in vain; a slice whose binary could not be read gives no verdict, and the advice is for
  /// the SDK's user (issue 25).
  @Test func unusedDeclarationsAreOneNotePerCategoryWithoutVerdictsFromUnreadableSlices() throws {
    let slices = ["ios-arm64", "macos-arm64", "tvos-arm64"]
    var binaries = try slices.dropLast().map { slice in
      try Fixture.binary("K.xcframework/\(slice)/K.framework/K", slice: slice, Fixture.image(imports: ["_malloc"]))
    }
    binaries.append(
      ScannedBinary(
        file: TargetFile(path: "K.xcframework/tvos-arm64/K.framework/K", slice: "tvos-arm64"),
        failure: BinaryError(.malformed, "not a binary")))
    var evidence = Fixture.framework("K.xcframework", kind: .xcframework, binaries: binaries)
    evidence.manifests = try slices.map { slice in
      Fixture.loaded(
        "K.xcframework/\(slice)/K.framework/PrivacyInfo.xcprivacy", slice: slice,
        try Fixture.manifest([Fixture.api(Fixture.fileTimestamp, "C617.1")]))
    }
    let unused = try Fixture.audit(evidence).findings(.unusedAPIDeclaration, at: "K.xcframework")
    #expect(unused.count == 1)
    let message = unused.first?.message ?? ""
    #expect(message.contains("slices ios-arm64, macos-arm64") && !message.contains("tvos"), "\(message)")
    #expect(message.contains("ask its vendor"))
  }
}
