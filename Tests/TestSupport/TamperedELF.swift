import Foundation

/// The tampered copies of `Samples/sdks/linux/libfilestat.so` that
/// `Samples/elf/tamper/make-tampered.py` writes: each hides the library's imports from a reader
/// of section headers while the dynamic loader binds the same ones.
package enum TamperedELF {
  /// The untouched library the variants are made from.
  package static let original = SampleLocator.sample("sdks/linux/libfilestat.so")

  /// Each variant's file name and a phrase the reader's header inconsistencies must contain.
  package static let variants: [(file: String, inconsistency: String)] = [
    ("no-section-headers.so", "no section headers (e_shoff is 0)"),
    ("dynsym-links-itself.so", "is not a string table"),
    ("huge-section-count.so", "e_shnum is 0 and section 0 gives 4294967295 sections"),
    ("four-byte-shndx.so", "SHT_SYMTAB_SHNDX table (4 bytes)"),
    ("other-imports.so", "the section headers show 2 imports the loader does not bind: getpid, getuid"),
  ]

  /// Whether the generator can run: python3 is on `PATH` and this build reads ELF.
  package static var isAvailable: Bool { ReferenceTools.onPath("python3") != nil && ELFSupport.isAvailable }

  /// Runs the generator into a new temporary folder and returns the folder; the caller removes it.
  /// - Throws: when the generator fails or does not write exactly `variants`.
  package static func generate() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-tampered-\(UUID().uuidString)")
    let script = SampleLocator.sample("elf/tamper/make-tampered.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ReferenceTools.onPath("python3") ?? "/usr/bin/python3")
    process.arguments = [script, "--source", original, folder.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard process.terminationStatus == 0, Set(written) == Set(variants.map(\.file)) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path])
    }
    return folder.path
  }
}
