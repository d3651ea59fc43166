import Foundation
import SDKVetCommand
import TestSupport
import Testing

@Suite struct InputErrorTests {
  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func nonBinaryNamedDirectlyIsAnErrorButSkippedInAFolderThatHoldsABinary() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("notes.txt")
    try Data("hello".utf8).write(to: text)

    let direct = CapturedRun(["symbols", text.path])
    #expect(direct.status == .failure)
    #expect(direct.error == "sdkvet: \(text.path): not an ELF, Mach-O or ar file\n")

    let onlyText = CapturedRun(["symbols", folder.path])
    #expect(onlyText.status == .failure)
    #expect(onlyText.error == "sdkvet: \(folder.path): holds no app, SDK, library or binary sdkvet reads\n")

    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("macho/bin/dylib-kinds.dylib"),
      toPath: folder.appendingPathComponent("lib.dylib").path)
    let walked = CapturedRun(["symbols", folder.path])
    #expect(walked.status == .success)
    #expect(walked.error.isEmpty)
  }

  @Test func symlinkLoopsEndTheWalk() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("loop"), withDestinationURL: folder)
    let run = CapturedRun(["symbols", "--format", "tsv", folder.path])
    #expect(run.status == .failure)
    #expect(run.output == "file\tarch\tmember\tsymbol\tversion\tlibrary\tbinding\n")
    #expect(run.error == "sdkvet: \(folder.path): holds no app, SDK, library or binary sdkvet reads\n")
  }

  @Test func missingFileIsReportedAndOthersStillRun() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun(["symbols", "--format", "json", folder.path + "/absent", folder.path])
    #expect(run.status == .failure)
    #expect(run.error.contains("absent: no such file or folder"))
    let document = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    #expect(document?["schemaVersion"] as? Int == 1)
    #expect((document?["files"] as? [Any])?.isEmpty == true)
  }
}
