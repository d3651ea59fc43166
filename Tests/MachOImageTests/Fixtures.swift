import Foundation
import TestSupport

/// The Mach-O fixtures under `Samples/macho`, found on disk so new ones are tested automatically.
enum Fixtures {
  /// Every well-formed fixture (`Samples/macho/bin`, recursively; `Info.plist` files excluded).
  static let good: [String] = files(under: SampleLocator.sample("macho/bin"))
  /// Every deliberately broken fixture (`Samples/macho/broken`).
  static let broken: [String] = files(under: SampleLocator.sample("macho/broken"))
  /// Stripped images whose definitions are only in their export trie (`Samples/evidence`):
  /// `LC_DYLD_EXPORTS_TRIE` and `LC_DYLD_INFO_ONLY`'s.
  static let strippedExports = [
    SampleLocator.sample("evidence/StrippedVendorKit.framework/StrippedVendorKit"),
    SampleLocator.sample("evidence/bin/libstripped-dyldinfo.dylib"),
  ]
  /// Inputs the fuzzer once crashed on (`Fuzz/corpus/macho`).
  static let fuzzFindings: [String] = files(under: SampleLocator.packageRoot + "/Fuzz/corpus/macho")

  /// The path of a fixture in `Samples/macho/bin`.
  static func good(_ name: String) -> String { SampleLocator.sample("macho/bin/" + name) }

  /// Files listed by the `MACHO_DIFFERENTIAL_FILES` environment variable (colon-separated), or
  /// the good fixtures: `Scripts/macho-differential` uses it to run the differential test on any file.
  static var differential: [String] {
    guard let list = ProcessInfo.processInfo.environment["MACHO_DIFFERENTIAL_FILES"], !list.isEmpty else { return good }
    return list.split(separator: ":").map(String.init)
  }

  static func files(under root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [String] = []
    for case let relative as String in walker {
      let path = root + "/" + relative
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        continue
      }
      if relative.hasSuffix(".plist") || relative.hasSuffix(".md") { continue }
      found.append(path)
    }
    return found.sorted()
  }

  /// The file's bytes.
  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
