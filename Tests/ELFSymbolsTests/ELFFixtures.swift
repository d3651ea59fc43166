import BinaryImage
import ELFSymbols
import Foundation
import ScanFiles
import TestSupport

/// Reads the committed ELF fixtures in `Samples/elf` for the tests.
enum ELFFixtures {
  /// Every well-formed fixture, as paths relative to `Samples/elf`.
  static let wellFormed = [
    "libstorageprobe.so", "storage-tool", "boot_clock.o", "libprobes.a", "libprobes-bsd.a",
    "portable-i386.o", "libportable-i386.so", "portable-ppc64.o", "libportable-ppc64.so", "portable-mips.o",
    "libforeign-armv7.so", "foreign-s390x.o",
  ]

  /// Every deliberately broken fixture the reader must reject (`broken/sections-past-end.so` is
  /// not one: the loader never reads section headers, and neither do we for a shared library).
  static let broken = [
    "broken/truncated-header.so", "broken/truncated.so", "broken/bad-symtab-entsize.o", "broken/corrupt-member.a",
    "broken/not-a-library.so",
  ]

  /// The absolute path of a fixture.
  static func path(_ relative: String) -> String {
    SampleLocator.sample("elf/" + relative)
  }

  /// Reads a fixture through `ELFReader`.
  static func read(_ relative: String, options: ReadOptions = .all) throws(BinaryError) -> BinaryFile {
    let path = path(relative)
    return try ELFReader.read(FileBytes(path: path, limit: ReadLimits.binaryBytes), path: path, options: options)
  }

  /// Reads `bytes` through `ELFReader` from a scratch file.
  static func readScratch(_ bytes: [UInt8]) throws -> BinaryFile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-elf-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try ELFReader.read(FileBytes(path: url.path, limit: ReadLimits.binaryBytes), path: url.path, options: .all)
  }

  /// The image's symbols as `name → symbol` for the ones `include` accepts.
  static func symbols(_ image: Image, where include: (Symbol) -> Bool = { _ in true }) -> [String: Symbol] {
    var result: [String: Symbol] = [:]
    for symbol in image.symbols where include(symbol) {
      result[image.names.string(symbol.name)] = symbol
    }
    return result
  }
}
