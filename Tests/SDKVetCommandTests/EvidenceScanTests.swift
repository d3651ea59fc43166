import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `Samples/evidence` (issue 33): what a binary proves, through the CLI. A stripped framework's
/// linked-in SDK is seen through its export trie; a folder without a binary is one `no-binary`
/// warning, not a listed SDK; a slice its `Info.plist` lists and that is not there is unreadable.
@Suite struct EvidenceScanTests {
  private static let stripped = SampleLocator.sample("evidence/StrippedVendorKit.framework")

  /// The findings of a JSON scan report, each as `rule severity`, and the whole document.
  private static func scan(_ path: String) throws -> (findings: [[String: Any]], document: [String: Any]) {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never", path])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let targets = (document["targets"] as? [[String: Any]]) ?? []
    return (targets.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }, document)
  }

  private static func rules(_ findings: [[String: Any]]) -> [String] {
    findings.map { "\($0["rule"] as? String ?? "?") \($0["severity"] as? String ?? "?")" }
  }

  @Test func aStrippedFrameworksLinkedInSDKIsSeenInItsExportTrie() throws {
    let (findings, _) = try Self.scan(Self.stripped)
    #expect(Self.rules(findings) == ["listed-sdk-without-manifest error"], "a module descriptor proves the SDK")
    #expect((findings.first?["message"] as? String)?.contains("includes SnapKit") == true)
    let evidence = (findings.first?["evidence"] as? [[String: Any]]) ?? []
    #expect(evidence.map { $0["symbol"] as? String } == ["_$s7SnapKit15ConstraintMakerCMn"])
  }

  @Test func symbolsDefinedListsWhatOnlyTheExportTrieHolds() throws {
    let run = CapturedRun(["symbols", "--defined", "--format", "tsv", Self.stripped + "/StrippedVendorKit"])
    #expect(run.status == .success, "\(run.error)")
    let names = run.output.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(3).first
    }
    #expect(
      Set(names.map(String.init)) == [
        "_$s7SnapKit10ConstraintCMn", "_$s7SnapKit15ConstraintMakerCMn", "_$s7SnapKit10ConstraintC8activateyyF",
        "_strippedvendor_show", "_OBJC_CLASS_$_SVKBannerView", "_OBJC_METACLASS_$_SVKBannerView",
      ], "\(run.output)")
  }

  @Test func aFolderNamedLikeAListedSDKWithoutABinaryIsOneWarning() throws {
    let path = SampleLocator.sample("evidence/FBLPromises.xcframework")
    let run = CapturedRun(["scan", "--format", "json", path])
    #expect(run.status == .success, "a warning does not fail the scan")
    #expect(run.error.isEmpty, "no discovery problem besides the finding: \(run.error)")
    let (findings, _) = try Self.scan(path)
    #expect(Self.rules(findings) == ["no-binary warning"])
  }

  @Test func aSliceTheInfoPlistListsAndThatIsMissingIsUnreadable() throws {
    let path = SampleLocator.sample("evidence/MissingSliceKit.xcframework")
    let (findings, _) = try Self.scan(path)
    #expect(Self.rules(findings) == ["unreadable-binary error", "unsigned-binary-sdk note"])
    let message = findings.first?["message"] as? String ?? ""
    #expect(
      message.hasSuffix(
        "ios-arm64_x86_64-simulator/MissingSliceKit.framework/MissingSliceKit: listed in Info.plist, not present."),
      "\(message)")
    let text = CapturedRun(["scan", path]).output
    #expect(text.contains("App Store cannot tell: a binary could not be read"))
  }

  /// A framework that compiled five listed SDKs into its own binary defines every class and C
  /// symbol the catalog documents for each (issue 33): it includes them, seen in its export trie
  /// (stripped) and in a static archive's symbol table alike.
  @Test(arguments: ["evidence/BundledLibsKit.framework", "evidence/bin/libbundledlibs.a"])
  func definedDocumentedSymbolsAndClassesIncludeTheirSDKs(sample: String) throws {
    let (findings, _) = try Self.scan(SampleLocator.sample(sample))
    let listed = findings.filter { $0["rule"] as? String == "listed-sdk-without-manifest" }
    let included = listed.compactMap { finding -> String? in
      guard let message = finding["message"] as? String, let range = message.range(of: " includes ") else { return nil }
      return String(message[range.upperBound...].prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }
    #expect(
      included.sorted() == ["BoringSSL / openssl_grpc", "FBLPromises", "OneSignalExtension", "OpenSSL", "nanopb"],
      "\(listed.map { $0["message"] ?? "" })")
    #expect(listed.allSatisfy { $0["severity"] as? String == "error" })
    let evidence = listed.flatMap { ($0["evidence"] as? [[String: Any]]) ?? [] }.compactMap { $0["symbol"] as? String }
    #expect(evidence.contains("_SSL_CTX_dane_enable") && evidence.contains("_OBJC_CLASS_$_FBLPromise"))
  }

  /// A framework that imports all of them from another library includes none.
  @Test func importingTheSymbolsAndClassesIncludesNoSDK() throws {
    let (findings, _) = try Self.scan(SampleLocator.sample("evidence/ImportingLibsKit.framework"))
    #expect(!findings.contains { ($0["rule"] as? String)?.hasPrefix("listed-sdk") == true }, "\(findings)")
  }
}
