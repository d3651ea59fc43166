import BinaryImage
import ELFSymbols
import Foundation
import TestSupport
import Testing

/// Replays every input the fuzzer (Scripts/fuzz-elf) ever saved in Fuzz/corpus/elf: each must be
/// read or rejected with a `BinaryError`, never crash.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFRegressionCorpusTests {
  static let folder = SampleLocator.packageRoot + "/Fuzz/corpus/elf"

  static var inputs: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasSuffix(".md") }.sorted()
  }

  @Test func corpusFolderExists() {
    #expect(FileManager.default.fileExists(atPath: Self.folder))
  }

  @Test(arguments: inputs)
  func savedInputIsReadOrRejected(_ name: String) {
    let path = Self.folder + "/" + name
    do {
      _ = try ELFReader.read(FileBytes(path: path, limit: ReadLimits.binaryBytes), path: path, options: .all)
    } catch {
      #expect(!error.message.isEmpty)
    }
  }
}
