import AuditModel
import BinaryImage
import Foundation
import ImageLoader
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// `Samples/signatures` (built by its `make-signatures.py`): each signature rule fires exactly on
/// its sample, and what sdkvet reads from every signed sample equals what an independent reader
/// (`Scripts/signature-differential`: lief and openssl) and the generator's own record find.
@Suite("Samples/signatures") struct SignatureSampleTests {
  static let root = SampleLocator.sample("signatures")
  /// The signed samples: every xcframework and signed binary here, and the signed Mach-O fixtures.
  static let signedPaths: [String] = {
    let names = [
      "AdHocKit", "CopiedSignatureKit", "ForgedTeamKit", "InnerUnsignedKit", "SealBrokenKit", "SelfSignedKit",
      "TeamMismatchKit", "TeamSignedKit", "UnsignedKit",
    ]
    let kits = names.flatMap { ["\($0).xcframework", "\($0).xcframework/ios-arm64/GoodKit.framework/GoodKit"] }
    return (kits + ["StaticInnerKit.xcframework"]).map { root + "/" + $0 }
      + ["Fixture.framework/Fixture", "tool", "team-signed.dylib"].map { SampleLocator.sample("macho/bin/" + $0) }
  }()

  static func scan() throws -> AuditReport {
    ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [root]).report
  }

  @Test func eachSignatureRuleFiresExactlyOnItsSample() throws {
    let report = try Self.scan()
    let rules: [RuleID] = [.unsignedBinarySDK, .signatureInnerUnsigned, .signatureSealMismatch, .signatureUnverified]
    var actual: [RuleID: [String]] = [:]
    for target in report.targets {
      for finding in target.findings {
        actual[finding.rule, default: []].append(String(target.path.description.dropFirst(Self.root.count + 1)))
      }
    }
    #expect(actual[.unsignedBinarySDK]?.sorted() == ["AdHocKit.xcframework", "UnsignedKit.xcframework"])
    // StaticInnerKit's inner framework is a static archive, which no signature can cover.
    #expect(actual[.signatureInnerUnsigned] == ["InnerUnsignedKit.xcframework"])
    #expect(actual[.signatureSealMismatch] == ["SealBrokenKit.xcframework"])
    #expect(
      actual[.signatureUnverified]?.sorted()
        == ["CopiedSignatureKit.xcframework", "ForgedTeamKit.xcframework", "TeamMismatchKit.xcframework"])
    #expect(Set(actual.keys).subtracting(rules).isEmpty, "only signature rules fire here: \(actual)")
    let seal = report.targets.first { $0.path.description.hasSuffix("SealBrokenKit.xcframework") }?.signature?.seal
    #expect(seal?.missing == ["ios-arm64/GoodKit.framework/Headers/GoodKit.h"])
    #expect(seal?.unsealed == ["ios-arm64/GoodKit.framework/Extra.txt"])
  }

  @Test func signersAreClassifiedAsXcodeDoes() throws {
    let report = try Self.scan()
    let signer = { (name: String) in
      report.targets.first { $0.path.description.hasSuffix("/\(name).xcframework") }?.signature?.signer.description
    }
    #expect(signer("TeamSignedKit") == "AppleDeveloperProgram:SDKVET1234")
    #expect(signer("StaticInnerKit") == "AppleDeveloperProgram:SDKVET1234")
    #expect(signer("SelfSignedKit")?.hasPrefix("SelfSigned:") == true)
    #expect(signer("AdHocKit") == "ad-hoc")
    #expect(signer("UnsignedKit") == "unsigned")
    #expect(signer("ForgedTeamKit") == "unverified", "a team in the code directory names nobody")
    #expect(signer("CopiedSignatureKit") == "unverified", "a CMS made over another code directory")
    #expect(signer("TeamMismatchKit") == "AppleDeveloperProgram:OTHER56789", "the certificate's team")
    let inner = report.targets.first { $0.path.description.hasSuffix("/InnerUnsignedKit.xcframework") }
    #expect(inner?.binaries.first?.signatures.map(\.signer) == [.adHoc])
  }

  /// The fields the differential compares, in the shape `Scripts/signature-differential` and
  /// `expected.json` write them.
  struct Fields: Decodable, Equatable {
    struct Directory: Decodable, Equatable {
      var identifier: String
      var team: String?
      var flags: UInt32
      var hashType: UInt8
      var cdhash: String?
    }
    var directories: [Directory]
    var cmsPresent: Bool
    var certificateSHA256: String?

    init(_ info: CodeSignatureInfo) {
      directories = info.directories.map { directory in
        let hashType: UInt8 =
          switch directory.hashType {
          case .sha1: 1
          case .sha256: 2
          case .sha256Truncated: 3
          case .sha384: 4
          case .unknown(let value): value
          }
        return Directory(
          identifier: directory.identifier, team: directory.teamIdentifier, flags: directory.flags, hashType: hashType,
          cdhash: directory.cdhash)
      }
      cmsPresent = info.cmsSize > 0
      certificateSHA256 = info.certificate.sha256
    }
  }

  /// What sdkvet reads at `path`: an xcframework's `_CodeSignature/`, or a Mach-O file's first slice.
  static func sdkvetFields(_ path: String) throws -> Fields? {
    if path.hasSuffix(".xcframework") {
      let target = TargetDiscovery().discover([path]).targets.first
      guard case .signed(let info)? = target?.signature?.state else { return nil }
      return Fields(info)
    }
    let bytes = try LocalFileSystem().contents(of: ScanPath(path), limit: ReadLimits.binaryBytes)
    let file = try BinaryFileReader.read(bytes, path: path, options: ReadOptions(definedSymbols: false))
    return file.images.first?.machO?.signature.map(Fields.init)
  }

  @Test func readerMatchesTheGeneratorsRecord() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/expected.json"))
    let expected = try JSONDecoder().decode([String: Fields].self, from: data)
    #expect(expected.count == 13)
    for (relative, fields) in expected {
      #expect(try Self.sdkvetFields(Self.root + "/" + relative) == fields, "\(relative)")
    }
  }

  @Test func readerMatchesLIEFAndOpenSSL() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [SampleLocator.packageRoot + "/Scripts/signature-differential"] + Self.signedPaths
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 2 && message.contains("cannot install lief") {
      print("SignatureSampleTests: differential skipped: \(message)")
      return
    }
    #expect(process.terminationStatus == 0, "\(message)")
    let oracle = try JSONDecoder().decode([String: Fields?].self, from: data)
    #expect(oracle.count == Self.signedPaths.count)
    var signed = 0
    for path in Self.signedPaths {
      let theirs = oracle[path] ?? nil
      #expect(try Self.sdkvetFields(path) == theirs, "\(path)")
      if theirs != nil { signed += 1 }
    }
    #expect(signed == Self.signedPaths.count - 1, "every sample but UnsignedKit.xcframework is signed")
  }
}

/// Apple's ITMS-91065 check goes by the SDK's name: a listed SDK's xcframework without a
/// signature is one even when no slice can be read.
@Suite struct ListedUnsignedByNameTests {
  @Test func listedXCFrameworkWithUnreadableSlicesIsStillUnsigned() throws {
    let tree = try TemporaryTree()
    try tree.plist(
      "FMDB.xcframework/Info.plist",
      ["AvailableLibraries": [["LibraryIdentifier": "ios-arm64", "LibraryPath": "FMDB.framework"]]])
    try tree.plist("FMDB.xcframework/ios-arm64/FMDB.framework/Info.plist", ["CFBundleExecutable": "FMDB"])
    try tree.file("FMDB.xcframework/ios-arm64/FMDB.framework/FMDB")  // Mach-O magic, nothing after it
    let report = ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [tree.root]).report
    let rules = Set(report.targets.flatMap(\.findings).map(\.rule))
    #expect(rules.contains(.unreadableBinary))
    #expect(rules.contains(.listedSDKUnsigned), "\(rules)")
    #expect(rules.contains(.listedSDKWithoutManifest), "\(rules)")
  }
}
