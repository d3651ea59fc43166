import Foundation
import TestSupport
import Testing

/// Hostile `_CodeSignature/` folders, each in a copy of `Samples/signatures/TeamSignedKit` scanned
/// by the real `sdkvet` in a child process next to a good SDK: a code directory whose lengths and
/// offsets lie, a CMS blob nested two million levels deep, a `CodeResources` sealing 100,000
/// files that do not exist. Each must be one clear answer, within the bounds of
/// `HostileInputTests`, with the good SDK's result intact.
@Suite struct HostileSignatureTests {
  static let good = "NoManifestKit.framework"

  /// A tree with the good SDK and a copy of TeamSignedKit whose `_CodeSignature/<file>` is `bytes`.
  private func tree(replacing file: String, with bytes: [UInt8]) throws -> TemporaryTree {
    let tree = try TemporaryTree()
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("sdks/" + Self.good), toPath: tree.root + "/" + Self.good)
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("signatures/TeamSignedKit.xcframework"), toPath: tree.root + "/Kit.xcframework")
    try Data(bytes).write(to: URL(fileURLWithPath: tree.root + "/Kit.xcframework/_CodeSignature/" + file))
    return tree
  }

  /// The words as big-endian bytes, as signature blobs store them.
  private static func bigEndian(_ words: [UInt32]) -> [UInt8] {
    words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
  }

  private func scan(_ tree: TemporaryTree, _ context: Comment) -> String {
    let run = ChildProcess().run(["scan", "--format", "json", tree.root])
    #expect(!run.timedOut, context)
    #expect(run.signal == nil, context)
    #expect(run.peakMiB < HostileInputTests.peakLimitMiB, context)
    #expect(run.output.contains("\"missing-privacy-manifest\""), "good SDK's result lost: \(context)")
    return run.output
  }

  @Test func codeDirectoryWhoseLengthsAndOffsetsLieIsOneUnreadableSignature() throws {
    let directory = Self.bigEndian([
      0xfade_0c02, 0xffff_ffff, 0x20400, 0, 0xffff_fff0, 0xffff_fff0, 0xffff_ffff, 0xffff_ffff,
    ])
    let output = scan(try tree(replacing: "CodeDirectory", with: directory), "lying code directory")
    #expect(output.contains("\"unsigned-binary-sdk\""))
    #expect(output.contains("has a signature that cannot be read (code directory (length): "))
  }

  @Test func cmsNestedTwoMillionLevelsIsAnUnverifiedSignature() throws {
    let nested =
      Self.bigEndian([0xfade_0b01, 8 + 4_000_000])
      + Array(repeating: [UInt8]([0x30, 0x80]), count: 2_000_000).flatMap { $0 }
    let output = scan(try tree(replacing: "CodeSignature", with: nested), "deep CMS")
    #expect(output.contains("\"signer\": \"unverified\""), "a code directory's team names nobody")
    #expect(output.contains("certificate not parsed: CMS: nested deeper than 24 levels"))
    #expect(output.contains("\"signature-unverified\""))
  }

  @Test func sealOfAHundredThousandMissingFilesIsOneFinding() throws {
    var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>files2</key><dict>"
    for index in 0..<100_000 { plist += "<key>missing/\(index)</key><dict/>" }
    plist += "</dict></dict></plist>\n"
    let output = scan(try tree(replacing: "CodeResources", with: Array(plist.utf8)), "huge seal")
    #expect(output.components(separatedBy: "\"signature-seal-mismatch\"").count == 3, "one finding and its count")
    #expect(output.contains("and 99995 more"))
  }
}
