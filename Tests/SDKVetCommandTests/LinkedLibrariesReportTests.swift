import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// What `scan` reports of each target's bundle identifier and each binary's linked libraries and
/// rpaths, on fixtures built with them: Mach-O load kinds and `LC_RPATH`, ELF `DT_NEEDED` and
/// `DT_RUNPATH`, and an xcframework's identifier taken from the frameworks inside it.
@Suite struct LinkedLibrariesReportTests {
  /// Each target's path (after the samples folder), bundle identifier, and per binary its
  /// libraries as `name kind` and its rpaths.
  private static func targets(_ samples: [String]) throws -> [String: (String?, [[String]], [[String]])] {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never"] + samples.map(SampleLocator.sample))
    #expect(run.status == .success)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    var result: [String: (String?, [[String]], [[String]])] = [:]
    for target in (document["targets"] as? [[String: Any]]) ?? [] {
      let binaries = (target["binaries"] as? [[String: Any]]) ?? []
      let path = (target["path"] as? String ?? "").components(separatedBy: "/Samples/").last ?? ""
      result[path] = (
        target["bundleIdentifier"] as? String,
        binaries.map { binary in
          ((binary["linkedLibraries"] as? [[String: String]]) ?? []).map { "\($0["name"] ?? "") \($0["kind"] ?? "")" }
        },
        binaries.map { $0["rpaths"] as? [String] ?? [] }
      )
    }
    return result
  }

  @Test func machOKindsAndRpathsAndTheBundleIdentifier() throws {
    let targets = try Self.targets(["macho/bin/Fixture.framework", "macho/bin/dylib-kinds.dylib"])
    let framework = try #require(targets["macho/bin/Fixture.framework"])
    #expect(framework.0 == "dev.sdkvet.fixtures.Fixture")
    #expect(
      framework.1 == [
        [
          "/System/Library/Frameworks/Foundation.framework/Foundation normal",
          "/System/Library/Frameworks/UIKit.framework/UIKit weak", "/usr/lib/libSystem.B.dylib normal",
          "/usr/lib/libobjc.A.dylib normal",
        ]
      ])
    #expect(framework.2 == [["@loader_path/Frameworks"]])
    let dylib = try #require(targets["macho/bin/dylib-kinds.dylib"])
    #expect(dylib.0 == nil)
    #expect(
      dylib.1.first?.filter { !$0.hasSuffix(" normal") } ?? [] == [
        "/System/Library/Frameworks/Foundation.framework/Foundation upward", "/usr/lib/libobjc.A.dylib lazy",
      ])
  }

  @Test func elfNeededAndRunpath() throws {
    let tool = try #require(try Self.targets(["elf/storage-tool"])["elf/storage-tool"])
    #expect(tool.0 == nil)
    #expect(tool.1 == [["libc.so.6 normal", "libstorageprobe.so.1 normal"]])
    #expect(tool.2 == [["$ORIGIN"]])
  }

  @Test func anXCFrameworkTakesItsFrameworksIdentifier() throws {
    let kit = try #require(try Self.targets(["sdks/GoodKit.xcframework"])["sdks/GoodKit.xcframework"])
    #expect(kit.0 == "dev.sdkvet.samples.GoodKit")
    #expect(kit.1.count == 2 && kit.1.allSatisfy { $0.contains("/usr/lib/libSystem.B.dylib normal") })
  }

  @Test func markdownShowsTheLinksCompactly() {
    let run = CapturedRun(["scan", "--format", "markdown", SampleLocator.sample("macho/bin/dylib-kinds.dylib")])
    #expect(
      run.output.contains(
        "- Links: Foundation.framework (upward), UIKit.framework, libSystem.B.dylib, libobjc.A.dylib (lazy)\n"))
  }
}
