import Foundation
import TestSupport
import Testing

/// `sdkvet scan` over a folder where one manifest, one bundle `Info.plist` and one xcframework
/// `Info.plist` are binary plists whose shared references expand to 2^41 values
/// (`Fuzz/DocumentFuzz/make-hostile-inputs.py` writes them). The scan runs in a child process
/// under a 1 GiB address-space limit and a 30 s time limit: each hostile file must give one clear
/// line, within 200 MiB, and every other target its usual result.
@Suite("Hostile property lists in a scanned folder")
struct HostilePropertyListScanTests {
  static let corpus = SampleLocator.packageRoot + "/Fuzz/corpus/documents/"
  static let expansion = "not a readable property list (it expands beyond 1000000 objects through shared references)"

  /// A hostile document of the fuzz corpus, without the byte that tells the fuzzer what it is.
  private func hostile(_ name: String) throws -> Data {
    Data(try Data(contentsOf: URL(fileURLWithPath: Self.corpus + name)).dropFirst())
  }

  @Test func eachHostileFileGivesOneLineAndTheRestIsIntact() throws {
    let tree = try TemporaryTree()
    let root = URL(fileURLWithPath: tree.root)
    let copy = { (sample: String, name: String) throws -> URL in
      let destination = root.appendingPathComponent(name)
      try FileManager.default.copyItem(at: URL(fileURLWithPath: SampleLocator.sample(sample)), to: destination)
      return destination
    }
    let good = try copy("sdks/TrackerKit.framework", "Good.framework")
    let manifestBomb = try copy("sdks/TrackerKit.framework", "ManifestBomb.framework")
    try hostile("hostile-manifest-bplist-shared-references")
      .write(to: manifestBomb.appendingPathComponent("PrivacyInfo.xcprivacy"))
    let plistBomb = try copy("sdks/TrackerKit.framework", "PlistBomb.framework")
    try hostile("hostile-infoplist-bplist-shared-references").write(to: plistBomb.appendingPathComponent("Info.plist"))
    try FileManager.default.moveItem(
      at: plistBomb.appendingPathComponent("TrackerKit"), to: plistBomb.appendingPathComponent("PlistBomb"))
    let xcframeworkBomb = try copy("sdks/StaticKit.xcframework", "Bomb.xcframework")
    try hostile("hostile-infoplist-bplist-shared-references")
      .write(to: xcframeworkBomb.appendingPathComponent("Info.plist"))

    var child = ChildProcess()
    child.addressSpaceMiB = 1024
    let scan = child.run(["scan", "--format", "json", root.path])
    #expect(!scan.timedOut)
    #expect(scan.status == 1)  // discovery problems fail the scan
    #expect(scan.peakMiB < 200)
    #expect(
      scan.error.split(separator: "\n") == [
        "sdkvet: \(xcframeworkBomb.path): Info.plist cannot be read (\(Self.expansion)); "
          + "library slices were found by walking the folder",
        "sdkvet: \(plistBomb.path)/Info.plist: cannot be read (\(Self.expansion)); "
          + "the executable was looked for under the bundle's name",
      ])
    let targets = try Self.targets(scan.output)
    #expect(targets.count == 4)
    let manifestFindings = try #require(targets[manifestBomb.path]?["findings"] as? [[String: Any]])
    let invalid = manifestFindings.filter { $0["rule"] as? String == "invalid-privacy-manifest" }
    #expect(
      invalid.map { $0["message"] as? String } == [
        "The manifest is \(Self.expansion); check it with `plutil -lint`."
      ])
    // The framework whose Info.plist could not be read still has its binary, found by name.
    let binaries = try #require(targets[plistBomb.path]?["binaries"] as? [[String: Any]])
    #expect(binaries.map { $0["path"] as? String } == [plistBomb.appendingPathComponent("PlistBomb").path])

    let alone = child.run(["scan", "--format", "json", good.path])
    let expected = try #require(try Self.targets(alone.output)[good.path])
    #expect(NSDictionary(dictionary: try #require(targets[good.path])).isEqual(to: expected))
  }

  /// The report's targets by path.
  private static func targets(_ json: String) throws -> [String: [String: Any]] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let targets = try #require(report["targets"] as? [[String: Any]])
    return Dictionary(targets.compactMap { target in (target["path"] as? String).map { ($0, target) } }) { a, _ in a }
  }
}
