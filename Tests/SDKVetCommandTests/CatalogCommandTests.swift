import Foundation
import SDKVetCommand
import Synchronization
import Testing

@Suite struct CatalogCommandTests {
  @Test func markdownListsEveryCategoryAndReasonCode() {
    let run = CapturedRun(["catalog"])
    #expect(run.status == .success)
    for category in ["FileTimestamp", "SystemBootTime", "DiskSpace", "ActiveKeyboards", "UserDefaults"] {
      #expect(run.output.contains("NSPrivacyAccessedAPICategory\(category)"))
    }
    for code in ["DDA9.1", "35F9.1", "85F4.1", "3EC4.1", "CA92.1", "C56D.1", "0A2A.1", "B728.1"] {
      #expect(run.output.contains(code), "\(code) missing")
    }
    #expect(run.output.contains("NSCameraUsageDescription"))
  }

  @Test func jsonRoundTripsAsAnOverlay() throws {
    let json = CapturedRun(["catalog", "--format", "json"])
    #expect(json.status == .success)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    #expect((document["categories"] as? [Any])?.count == 5)

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(json.output.utf8).write(to: URL(fileURLWithPath: path))
    let again = CapturedRun(["catalog", "--format", "json", "--catalog", path])
    #expect(again.status == .success, "\(again.error)")
    #expect(again.output == json.output)
  }

  @Test func unreadableOverlayFailsWithExitOne() {
    let run = CapturedRun(["catalog", "--format", "json", "--catalog", "/"])
    #expect(run.status == .failure)
    #expect(run.error == "sdkvet: error: /: $: is a folder, not a regular file\n")
    #expect(run.output.isEmpty)
  }

  private func overlay(_ json: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString).json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func overlayTextWithControlCharactersIsEscapedInMarkdown() throws {
    let path = try overlay(
      #"""
      {"schemaVersion": 1, "sources": [{"title": "t\u0007", "url": "https://x.example/a b)\u001b"}],
       "apis": [{"id": "evil", "name": "evil\u001b]0;x\u0007", "advisory": true,
        "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"], "note": "line\r\nsdkvet: error: forged",
        "spellings": [{"name": "_evil", "kind": "c-function", "format": "mach-o"}]}]}
      """#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["catalog", "--catalog", path])
    #expect(run.status == .success, "\(run.error)")
    #expect(!run.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F })
    #expect(run.output.contains(#"`evil\x1b]0;x\x07`"#))
    #expect(run.output.contains(#"line\\r\\nsdkvet\: error\: forged"#))
    #expect(run.output.contains("[t\\\\x07](https://x.example/a%20b%29%1B)"))
    #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("sdkvet: error: forged") })
  }

  @Test func overlayErrorsQuoteTheFileEscaped() throws {
    let path = try overlay(
      #"""
      {"schemaVersion": 1, "apis": [{"id": "evil", "name": "evil", "categories": ["NSPrivacyAccessedAPICategoryFileTimestamp"],
        "spellings": [{"name": "_evil\u001b[2J\nsdkvet: error: forged", "kind": "c-function"}]}]}
      """#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = CapturedRun(["catalog", "--catalog", path])
    #expect(run.status == .failure)
    #expect(run.error.contains(#"'_evil\x1b[2J\nsdkvet: error: forged' is empty or contains white space"#))
    #expect(!run.error.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F })
    #expect(run.error.split(separator: "\n").count == 1)
  }

  /// Standard output that fails (a full disk) turns a printed catalog into exit status 1.
  @Test func outputThatCannotBeWrittenFailsTheCommand() {
    let error = Mutex<[UInt8]>([])
    let streams = OutputStreams(
      writeOutput: { _ in }, writeError: { bytes in error.withLock { $0.append(contentsOf: bytes) } },
      outputFailure: { "No space left on device" })
    #expect(SDKVet.main(arguments: ["catalog"], streams: streams) == .failure)
    #expect(
      error.withLock { String(decoding: $0, as: UTF8.self) }
        == "sdkvet: error: cannot write the output: No space left on device\n")
  }

  @Test func catalogTakesNoPaths() {
    let run = CapturedRun(["catalog", "Samples"])
    #expect(run.status == .usage)
    #expect(run.error.contains("Unexpected argument 'Samples'"))
  }
}
