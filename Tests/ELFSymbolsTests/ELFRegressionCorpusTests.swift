import BinaryImage
import Foundation
import ScanFiles
import TestSupport
import Testing

@testable import ELFSymbols

/// Replays every input the fuzzer (Scripts/fuzz-elf) ever saved in Fuzz/corpus/elf: each must be
/// read or rejected with a `BinaryError`, never crash, and so must what the fuzz target does next:
/// the call-site search of each image and the `.eh_frame` parse.
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
      let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
      let bytes = ByteReader(file.bytes)
      if let sections = try? ELFSectionHeaders(bytes), let frame = sections.all.first(where: { $0.name == ".eh_frame" })
      {
        _ = try? ELFFrameDescriptions(
          try bytes.slice(at: frame.fileOffset, count: frame.size, ".eh_frame"), address: frame.address)
      }
      for image in try ELFReader.read(file, path: path, options: .all).images {
        let query = CallSiteQuery(imports: Set(image.imports.map { image.names.string($0.name) }))
        _ = try ELFCallSites.find(in: file, image: image, query: query)
      }
    } catch {
      #expect(!error.message.isEmpty)
    }
  }
}
