import AuditModel
import PrivacyAudit
import ScanFiles
import TargetDiscovery

import struct PrivacyCatalog.CatalogMatch

/// A report of SDKs read from archives: a framework inside an `.ipa` with its signature
/// receipt, and an xcframework inside a zip inside a tarball, so every format's archive paths,
/// checksums, receipts and SARIF's nested artifacts have a golden file; and the paths the scan
/// could not use (an entry under a link leading out, a folder named like an archive's inside, a
/// missing input), so every format's list of what was not read has one too.
enum SyntheticArchiveReport {
  static let ipa = "Downloads/Demo.ipa"
  static let framework = ipa + "!/Payload/Demo.app/Frameworks/AudioKit.framework"
  static let frameworkBinary = ScanPath(reportText: framework + "/AudioKit")
  static let bundle = "Downloads/vendor.tar.gz"
  static let nested = bundle + "!/sdk/Stats.xcframework.zip"
  static let xcframework = nested + "!/Stats.xcframework"

  static let receipts = [
    SignatureReceipt(
      path: ScanPath(reportText: ipa + "!/Signatures/AudioKit.xcframework-ios.signature"),
      xcframework: "AudioKit.xcframework",
      signed: true, signatureType: "AppleDeveloperProgram", signatureIdentifier: "A1B2C3D4E5",
      library: "AudioKit.framework"),
    SignatureReceipt(
      path: ScanPath(reportText: ipa + "!/Signatures/Stats.xcframework-ios.signature"),
      xcframework: "Stats.xcframework", signed: false),
  ]

  static let report: AuditReport = {
    let stat = Evidence(
      symbol: "_stat", via: .import, binary: frameworkBinary, architecture: "arm64", member: nil,
      library: "/usr/lib/libSystem.B.dylib")
    let statfs = Evidence(
      symbol: "_statfs", via: .import, binary: ScanPath(reportText: xcframework + "/ios-arm64/libStats.a"),
      architecture: "arm64",
      member: "stats.o", library: nil)
    let audio = TargetReport(
      path: ScanPath(reportText: framework), kind: .framework,
      embeddedIn: ScanPath(reportText: ipa + "!/Payload/Demo.app"),
      binaries: [BinarySummary(path: frameworkBinary, format: .machO, architectures: ["arm64"])],
      usedCategories: [SyntheticReport.fileTimestamp],
      apiUses: [APIUse(category: SyntheticReport.fileTimestamp, api: "stat", evidence: stat)],
      findings: [
        Finding(
          rule: .missingPrivacyManifest, severity: .error, subject: .category(SyntheticReport.fileTimestamp),
          message: "AudioKit uses \(SyntheticReport.fileTimestamp) and has no privacy manifest.", evidence: [stat])
      ],
      signatureReceipts: [receipts[0]])
    let stats = TargetReport(
      path: ScanPath(reportText: xcframework), kind: .xcframework,
      binaries: [
        BinarySummary(
          path: ScanPath(reportText: xcframework + "/ios-arm64/libStats.a"), format: .machO, architectures: ["arm64"])
      ],
      usedCategories: [SyntheticReport.diskSpace],
      apiUses: [APIUse(category: SyntheticReport.diskSpace, api: "statfs", evidence: statfs)],
      findings: [
        Finding(
          rule: .missingPrivacyManifest, severity: .error, subject: .category(SyntheticReport.diskSpace),
          message: "Stats uses \(SyntheticReport.diskSpace) and has no privacy manifest.", evidence: [statfs])
      ])
    return AuditReport(
      targets: [audio, stats],
      archives: [
        DiscoveredArchive(
          path: ScanPath(ipa), format: "ZIP 2.0 (deflation)", sha256: String(repeating: "ab", count: 32),
          entryCount: 41,
          receipts: receipts),
        DiscoveredArchive(
          path: ScanPath(bundle), format: "GNU tar format, gzip", sha256: String(repeating: "cd", count: 32),
          entryCount: 7),
        DiscoveredArchive(
          path: ScanPath(reportText: nested), format: "ZIP 2.0 (deflation)", sha256: String(repeating: "ef", count: 32),
          entryCount: 5),
      ],
      problems: [
        DiscoveryProblem(
          path: ScanPath(reportText: bundle + "!/Staging/Evil"),
          message:
            "lies under 'Staging', a link that leads out of the archive or to no folder in it (an extractor would write it there, or fail); not read"
        ),
        DiscoveryProblem(
          path: ScanPath("Downloads/Vendor.zip!"),
          message:
            "its name ends in \"!\", which sdkvet's paths use for an archive's inside; not read (rename it to scan it)"),
        DiscoveryProblem(
          path: ScanPath("Downloads/Missing.xcframework"), message: "no such file or folder", isUnusableInput: true),
      ])
  }()
}
