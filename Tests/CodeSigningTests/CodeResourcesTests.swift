import CodeSigning
import Foundation
import PropertyLists
import Testing

/// The seal of `_CodeSignature/CodeResources` on hand-built property lists: which key it reads,
/// and which files it expects and covers.
@Suite struct CodeResourcesTests {
  /// A `CodeResources` root with `entries` under `key`.
  static func root(_ entries: [String: PropertyListValue], key: String = "files2") -> PropertyListValue {
    .dictionary([key: .dictionary(entries), "rules2": .dictionary([:])])
  }

  static let hash = PropertyListValue.dictionary(["hash2": .data(Data(repeating: 1, count: 32))])

  @Test func readsFiles2ThenFilesAndNothingElse() throws {
    #expect(try #require(CodeResources(Self.root(["a": Self.hash]))).files == ["a": false])
    #expect(try #require(CodeResources(Self.root(["b": .data(Data())], key: "files"))).files == ["b": false])
    #expect(CodeResources(.dictionary(["rules2": .dictionary([:])])) == nil)
    #expect(CodeResources(.array([])) == nil)
  }

  @Test func optionalFilesMayBeMissing() throws {
    let seal = try #require(
      CodeResources(
        Self.root([
          "Headers/A.h": Self.hash,
          "Resources/B.png": .dictionary(["hash2": .data(Data()), "optional": .boolean(true)]),
        ])))
    #expect(seal.compared(with: []) { _ in false }.missing == ["Headers/A.h"])
    #expect(seal.compared(with: []) { _ in true }.missing.isEmpty)
    #expect(seal.compared(with: ["Headers/A.h"]) { _ in false } == ([], []))
    #expect(seal.compared(with: ["Resources/B.png"]) { _ in false }.missing == ["Headers/A.h"])
  }

  /// Nested code seals what is below it; the default rules never seal `Info.plist` and `PkgInfo`
  /// at the root, `.DS_Store` anywhere, `*.lproj/locversion.plist`, or the signature itself.
  @Test func unsealedLeavesOutNestedCodeAndWhatTheDefaultRulesOmit() throws {
    let seal = try #require(
      CodeResources(
        Self.root([
          "Headers/A.h": Self.hash, "Frameworks/Inner.framework": .dictionary(["cdhash": .data(Data())]),
        ])))
    #expect(seal.nestedCode == ["Frameworks/Inner.framework"])
    let present = [
      "Headers/A.h", "Frameworks/Inner.framework/Inner", "Info.plist", "PkgInfo", ".DS_Store", "Headers/.DS_Store",
      "en.lproj/locversion.plist", "_CodeSignature/CodeResources", "Headers/B.h", "Sub/Info.plist", "locversion.plist",
      "Frameworks/Inner.frameworkX/File",
    ]
    #expect(
      seal.compared(with: present) { _ in true }.unsealed == [
        "Frameworks/Inner.frameworkX/File", "Headers/B.h", "Sub/Info.plist", "locversion.plist",
      ])
  }
}
