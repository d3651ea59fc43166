import Foundation
import SDKVetCommand
import TestSupport
import Testing

/// `sdkvet scan Samples/packages` in every format, against the contract in
/// `Samples/packages/README.md`.
@Suite struct PackageScanTests {
  private static let root = SampleLocator.sample("packages")

  private func run(_ format: String) -> CapturedRun {
    CapturedRun(["scan", "--format", format, "--fail-on", "never", Self.root])
  }

  private func relative(_ path: String?) -> String {
    guard let path else { return "" }
    return path.hasPrefix(Self.root + "/") ? String(path.dropFirst(Self.root.count + 1)) : path
  }

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Every target's package, all eight fields (`NSNull` where unknown).
  static let expected: [String: [String: String?]] = [
    "SwiftPMApp/.build/artifacts/goodkit/GoodKit/GoodKit.xcframework": [
      "manager": "swiftpm", "name": "goodkit", "version": "2.1.0", "branch": nil,
      "revision": "3f1c2a9e0b7d4c5a6e8f9a0b1c2d3e4f5a6b7c8d", "source": "https://github.com/example/GoodKit.git",
      "artifactURL": "https://github.com/example/GoodKit/releases/download/2.1.0/GoodKit.xcframework.zip",
      "checksum": "6a1f0c7e2b9d48f3a5c0e1d2b3a4f5e6d7c8b9a0f1e2d3c4b5a6978877665544",
    ],
    "XcodeApp/SourcePackages/artifacts/statickit/StaticKit/StaticKit.xcframework": [
      "manager": "swiftpm", "name": "statickit", "version": nil, "branch": "main",
      "revision": "0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c", "source": "https://github.com/example/StaticKit",
      "artifactURL": nil, "checksum": nil,
    ],
    "PodsApp/Pods/TrackerKit/TrackerKit.framework": [
      "manager": "cocoapods", "name": "TrackerKit", "version": "3.2.1", "branch": nil, "revision": nil,
      "source": "trunk", "artifactURL": nil, "checksum": nil,
    ],
    "PodsApp/Pods/ConsentKit/Frameworks/ConsentKit.framework": [
      "manager": "cocoapods", "name": "ConsentKit", "version": "1.4.0", "branch": nil, "revision": nil,
      "source": "trunk", "artifactURL": nil, "checksum": nil,
    ],
    "PodsApp/Pods/NoManifestKit/NoManifestKit.framework": [
      "manager": "cocoapods", "name": "NoManifestKit", "version": "0.9.2", "branch": nil,
      "revision": "9c8b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b", "source": "https://git.example.com/NoManifestKit.git",
      "artifactURL": nil, "checksum": nil,
    ],
    "CarthageApp/Carthage/Build/GoodKit.xcframework": [
      "manager": "carthage", "name": "GoodKit", "version": "2.1.0", "branch": nil, "revision": nil,
      "source": "https://downloads.example.com/carthage/GoodKit.json", "artifactURL": nil, "checksum": nil,
    ],
    "CarthageApp/Carthage/Build/iOS/UnusedDeclKit.framework": [
      "manager": "carthage", "name": "Toolbox", "version": nil, "branch": nil,
      "revision": "5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d", "source": "https://git.example.com/Toolbox.git",
      "artifactURL": nil, "checksum": nil,
    ],
    "BrokenLockApp/Pods/TrackerKit/TrackerKit.framework": [
      "manager": "cocoapods", "name": "TrackerKit", "version": nil, "branch": nil, "revision": nil, "source": nil,
      "artifactURL": nil, "checksum": nil,
    ],
  ]

  private static let brokenLock = "BrokenLockApp/Podfile.lock"
  private static let brokenMessage =
    "Podfile.lock cannot be read in full, so this package's version and origin may be missing: line 2: expected a pod as `Name (version)` (and 2 more problems)."

  /// A package object as compared: every key present, `null` as `nil`.
  private func fields(_ value: Any?) -> [String: String?]? {
    guard let object = value as? [String: Any] else { return nil }
    return object.mapValues { $0 as? String }
  }

  @Test func jsonCarriesEachTargetsPackageAndTheCountsPerManager() throws {
    let document = try json(run("json").output)
    let targets = try #require(document["targets"] as? [[String: Any]])
    let packages = Dictionary(uniqueKeysWithValues: targets.map { (relative($0["path"] as? String), $0["package"]) })
    #expect(packages.count == Self.expected.count)
    for (path, expected) in Self.expected {
      #expect(fields(packages[path] ?? nil) == expected, "\(path)")
    }
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["packages"] as? [String: Int] == ["swiftpm": 2, "cocoapods": 4, "carthage": 2])
    let malformed = targets.flatMap { target in
      (target["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "malformed-lock-file" }.map {
        (relative(target["path"] as? String), relative($0["file"] as? String), $0["message"] as? String)
      }
    }
    #expect(malformed.count == 1)
    #expect(malformed.first?.0 == "BrokenLockApp/Pods/TrackerKit/TrackerKit.framework")
    #expect(malformed.first?.1 == Self.brokenLock)
    #expect(malformed.first?.2 == Self.brokenMessage)
  }

  @Test func textShowsThePackageLineAndCountsPerManager() {
    let text = run("text").output
    #expect(text.contains("\n  package   TrackerKit 3.2.1 (CocoaPods), from trunk\n"))
    #expect(
      text.contains(
        "\n  package   statickit (SwiftPM), branch main, revision 0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c,\n"))
    #expect(text.contains("\n  package   TrackerKit (CocoaPods)\n"))
    #expect(text.contains("line 2: expected a pod as `Name (version)` (and 2 more problems).\n"))
    #expect(
      text.hasSuffix("\n8 targets (2 from SwiftPM, 4 from CocoaPods, 2 from Carthage), 3 errors, 1 warning, 5 notes\n"))
  }

  @Test func markdownListsThePackage() {
    let markdown = run("markdown").output
    #expect(markdown.contains("\n- Package: ConsentKit 1.4.0 (CocoaPods), from `trunk`\n"))
    #expect(
      markdown.contains(
        "\n- Package: goodkit 2.1.0 (SwiftPM), revision `3f1c2a9e0b7d4c5a6e8f9a0b1c2d3e4f5a6b7c8d`, from `https://github.com/example/GoodKit.git`, artifact `https://github.com/example/GoodKit/releases/download/2.1.0/GoodKit.xcframework.zip`, checksum `6a1f0c7e2b9d48f3a5c0e1d2b3a4f5e6d7c8b9a0f1e2d3c4b5a6978877665544`\n"
      ))
    #expect(
      markdown.contains(
        ": 8 targets (2 from SwiftPM, 4 from CocoaPods, 2 from Carthage), 3 errors, 1 warning, 5 notes."))
  }

  @Test func sarifCarriesThePackageInResultsAndProfiles() throws {
    let log = try json(run("sarif").output)
    let runs = try #require(log["runs"] as? [[String: Any]])
    let profiles = try #require((runs.first?["properties"] as? [String: Any])?["profiles"] as? [[String: Any]])
    for profile in profiles {
      let path = relative(profile["path"] as? String)
      #expect(fields(profile["package"]) == Self.expected[path], "\(path)")
    }
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    for result in results {
      let properties = try #require(result["properties"] as? [String: Any])
      #expect(fields(properties["package"]) == Self.expected[relative(properties["target"] as? String)])
    }
    let malformed = try #require(results.first { $0["ruleId"] as? String == "malformed-lock-file" })
    #expect(malformed["ruleIndex"] as? Int == 19)
    #expect(malformed["level"] as? String == "warning")
    let location = (malformed["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
    #expect(uri?.hasSuffix("/" + Self.brokenLock) == true)
  }

  /// The lock file is a warning: the default gate (error) is not closed by it alone.
  @Test func aMalformedLockFileIsAWarningAndTheScanGoesOn() {
    let lockOnly = CapturedRun(["scan", "--fail-on", "warning", Self.root + "/BrokenLockApp"])
    #expect(lockOnly.status == .failure)
    #expect(lockOnly.error.isEmpty)
    #expect(lockOnly.output.contains("warning  malformed-lock-file"))
    #expect(lockOnly.output.contains("  package   TrackerKit (CocoaPods)\n"))
  }
}
