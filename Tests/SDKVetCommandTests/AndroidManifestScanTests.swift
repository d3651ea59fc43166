import Foundation
import TestSupport
import Testing

/// An `.aar` whose `AndroidManifest.xml` is broken, oversized or hostile (the sample's manifest
/// replaced with `zip`): the scan runs in a child process under its address-space and time
/// limits, the manifest is one clear line on standard error, and the archive's libraries are
/// reported as usual, without permissions.
@Suite(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct AndroidManifestScanTests {
  /// Scans a copy of `Samples/archives/NativeFile.aar` whose manifest is `manifest`, or has none.
  private func scan(manifest: Data?) throws -> (run: ChildProcess.Outcome, aar: String) {
    let zip = try #require(ReferenceTools.onPath("zip"), "zip is not installed; Scripts/setup installs it")
    let tree = try TemporaryTree()
    let aar = tree.root + "/Vendor.aar"
    try FileManager.default.copyItem(atPath: SampleLocator.sample("archives/NativeFile.aar"), toPath: aar)
    if let manifest {
      try FileManager.default.createDirectory(atPath: tree.root + "/manifest", withIntermediateDirectories: false)
      try manifest.write(to: URL(fileURLWithPath: tree.root + "/manifest/AndroidManifest.xml"))
      _ = try ReferenceTools.output(of: zip, ["-q", "-j", aar, tree.root + "/manifest/AndroidManifest.xml"])
    } else {
      _ = try ReferenceTools.output(of: zip, ["-q", "-d", aar, "AndroidManifest.xml"])
    }
    var child = ChildProcess()
    child.addressSpaceMiB = 1024
    return (child.run(["scan", "--format", "json", aar]), aar)
  }

  @Test(arguments: [
    (
      "<manifest><uses-permission android:name=\"x\"></manifest>",
      "not a readable Android manifest (malformed XML at line 1)"
    ),
    ("<manifest/>" + String(repeating: " ", count: 8 << 20), "larger than 8 MiB"),
    (
      "<manifest>" + String(repeating: "<a>", count: 4_000) + String(repeating: "</a>", count: 4_000) + "</manifest>",
      "not a readable Android manifest (it nests deeper than 256 levels at line 1)"
    ),
    (
      "<manifest " + (0..<700_000).map { "a\($0)=\"\"" }.joined(separator: " ") + "/>",
      "not a readable Android manifest (a tag holds more than 1000 attributes)"
    ),
    (
      "<!DOCTYPE m [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><manifest>&b;</manifest>",
      "not a readable Android manifest (the XML declares entities, which Android manifests do not use)"
    ),
  ])
  func aBadManifestIsOneLineAndTheLibrariesAreReported(manifest: String, reason: String) throws {
    let (run, aar) = try scan(manifest: Data(manifest.utf8))
    try expectOneLine("cannot be read (\(reason))", run, aar)
  }

  @Test func aMissingManifestIsOneLine() throws {
    let (run, aar) = try scan(manifest: nil)
    try expectOneLine("is missing, though every .aar carries one", run, aar)
  }

  /// Checks the bounds, that standard error is `problem` alone, and that the libraries are reported.
  private func expectOneLine(_ problem: String, _ run: ChildProcess.Outcome, _ aar: String) throws {
    #expect(!run.timedOut)
    #expect(run.peakMiB < 200, "\(run.peakMiB) MiB")
    #expect(run.status == 1)  // discovery problems fail the scan
    #expect(
      run.error.split(separator: "\n") == [
        "sdkvet: \(aar)!/AndroidManifest.xml: \(problem); the library's permissions are not known"
      ])
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let target = try #require((report["targets"] as? [[String: Any]])?.first)
    #expect(target["androidPermissions"] is NSNull)
    #expect((target["binaries"] as? [Any])?.count == 2)
    let uses = (target["apiUses"] as? [[String: Any]] ?? []).compactMap { $0["symbol"] as? String }
    #expect(uses == ["stat", "stat"])
  }
}
