import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// The signatures `info` and `scan --format json` print for `Samples/signatures`.
@Suite struct SignatureCommandTests {
  static let root = SampleLocator.sample("signatures")

  @Test func infoShowsEveryBinarysAndEveryXCFrameworksSignature() {
    let info = CapturedRun(["info", Self.root])
    #expect(info.status == .success)
    let lines = info.output.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasSuffix(": xcframework") }.count == 10)
    #expect(
      lines.filter { $0.hasPrefix("    signature: ") }.count == 19,
      "nine signed binaries (StaticInnerKit's archive carries none) and ten xcframeworks")
    #expect(
      lines.contains {
        $0.hasPrefix(
          "    signature: AppleDeveloperProgram:SDKVET1234, identifier dev.sdkvet.samples.TeamSignedKit, flags 0x0, hashes sha1+sha256, cdhash "
        ) && $0.contains(", team SDKVET1234 (code directory and certificate agree), certificate SHA-256 ")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("    signature: unverified, identifier dev.sdkvet.samples.ForgedTeamKit")
          && $0.contains("code directory team SDKVET1234 (no certificate team), certificate not parsed (")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("    signature: AppleDeveloperProgram:OTHER56789, identifier dev.sdkvet.samples.TeamMismatchKit")
          && $0.contains("code directory team SDKVET1234 differs from certificate team OTHER56789")
      })
    #expect(lines.contains("    signature: unsigned"))
    #expect(lines.contains("    sealed, missing: ios-arm64/GoodKit.framework/Headers/GoodKit.h"))
    #expect(lines.contains("    not sealed: ios-arm64/GoodKit.framework/Extra.txt"))
    #expect(lines.contains { $0.contains("ad-hoc, identifier GoodKit, flags 0x20002 (adhoc, linker-signed)") })
  }

  @Test func infoJSONListsXCFrameworksAfterTheFiles() throws {
    let info = CapturedRun(["info", "--format", "json", Self.root + "/SelfSignedKit.xcframework"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.map { $0["container"] as? String } == ["mach-o", "xcframework"])
    let bundle = try #require(files.last?["signature"] as? [String: Any])
    #expect((bundle["signer"] as? String)?.hasPrefix("SelfSigned:") == true)
    #expect((bundle["seal"] as? [String: Any])?["intact"] as? Bool == true)
    let image = try #require((files.first?["images"] as? [[String: Any]])?.first?["signature"] as? [String: Any])
    #expect(image["certificateSHA256"] as? String == bundle["certificateSHA256"] as? String)
  }

  @Test func scanJSONCarriesSignaturesPerBinaryAndPerXCFramework() throws {
    let scan = CapturedRun(["scan", "--format", "json", "--fail-on", "never", Self.root])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(scan.output.utf8)) as? [String: Any])
    let targets = try #require(document["targets"] as? [[String: Any]])
    let signers = targets.map { (($0["signature"] as? [String: Any])?["signer"] as? String) ?? "none" }
    #expect(signers.count == 10)
    #expect(signers.filter { $0 == "AppleDeveloperProgram:SDKVET1234" }.count == 4)
    let team = try #require(targets.first { ($0["path"] as? String)?.hasSuffix("TeamSignedKit.xcframework") == true })
    let binary = try #require((team["binaries"] as? [[String: Any]])?.first)
    let slices = try #require(binary["signature"] as? [[String: Any]])
    #expect(slices.map { $0["architecture"] as? String } == ["arm64"])
    #expect(slices.first?["teamIdentifier"] as? String == "SDKVET1234")
    #expect(slices.first?["certificateTeamIdentifier"] as? String == "SDKVET1234")
    #expect(slices.first?["teamsAgree"] as? Bool == true && slices.first?["cmsSignsCodeDirectory"] as? Bool == true)
    let forged = try #require(targets.first { ($0["path"] as? String)?.hasSuffix("ForgedTeamKit.xcframework") == true })
    let forgedSignature = try #require(forged["signature"] as? [String: Any])
    #expect(forgedSignature["signer"] as? String == "unverified")
    #expect(forgedSignature["teamIdentifier"] as? String == "SDKVET1234")
    #expect(forgedSignature["certificateTeamIdentifier"] is NSNull)
    #expect(slices.first?["linkerSigned"] as? Bool == false)
  }
}
