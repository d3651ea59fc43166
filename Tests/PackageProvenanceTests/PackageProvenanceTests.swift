import Foundation
import PackageProvenance
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

@Suite("Package records from the managers' files")
struct PackageProvenanceTests {
  /// Writes `files` (relative path → text) into a new tree and attributes `targets` (relative
  /// paths) scanned from `root` (relative; the tree's own root when empty).
  private func attribute(
    _ files: [String: String], targets: [String], root: String = "", links: [String: String] = [:]
  ) throws -> (tree: TemporaryTree, records: [String: PackageAttribution]) {
    let tree = try TemporaryTree()
    for (path, text) in files { try tree.file(path, Array(text.utf8)) }
    for (path, destination) in links { try tree.link(path, to: destination) }
    let rootPath = root.isEmpty ? tree.root : tree.root + "/" + root
    let discovered = targets.map { DiscoveredTarget(path: ScanPath(tree.root + "/" + $0), kind: .xcframework) }
    let records = PackageProvenance().attribute(discovered, roots: [ScanPath(rootPath)])
    return (tree, Dictionary(uniqueKeysWithValues: records.map { (tree.relative($0.key), $0.value) }))
  }

  @Test func packageResolvedVersion1NamesThePackageByItsRepository() throws {
    let resolved = """
      {"object": {"pins": [{"package": "Good", "repositoryURL": "https://example.com/org/GoodKit.git",
        "state": {"branch": null, "revision": "abc", "version": "1.2.3"}}]}, "version": 1}
      """
    let (_, records) = try attribute(
      ["Package.resolved": resolved], targets: [".build/artifacts/goodkit/GoodKit/GoodKit.xcframework"])
    let attribution = records[".build/artifacts/goodkit/GoodKit/GoodKit.xcframework"]
    #expect(
      attribution?.record
        == PackageRecord(
          manager: .swiftPM, name: "goodkit", version: "1.2.3", revision: "abc",
          source: "https://example.com/org/GoodKit.git"))
    #expect(attribution?.issues == [])
  }

  @Test func workspaceStateAloneGivesThePinAndTheArtifact() throws {
    let state = """
      {"object": {"artifacts": [{"packageRef": {"identity": "vendor-sdk"}, "targetName": "Vendor",
        "source": {"type": "remote", "url": "https://example.com/Vendor.xcframework.zip", "checksum": "ff00"}}],
        "dependencies": [{"packageRef": {"identity": "vendor-sdk", "location": "https://example.com/vendor-sdk"},
        "state": {"checkoutState": {"revision": "r1", "version": "4.0.0"}, "name": "sourceControlCheckout"}}]},
        "version": 7}
      """
    let target = "App/SourcePackages/artifacts/vendor-sdk/Vendor/Vendor.xcframework"
    let (_, records) = try attribute(["App/SourcePackages/workspace-state.json": state], targets: [target])
    #expect(
      records[target]?.record
        == PackageRecord(
          manager: .swiftPM, name: "vendor-sdk", version: "4.0.0", revision: "r1",
          source: "https://example.com/vendor-sdk",
          artifactURL: "https://example.com/Vendor.xcframework.zip", checksum: "ff00"))
  }

  @Test func aWrongTypeIsNamedByItsJSONPathAndTheRestIsUsed() throws {
    let resolved = """
      {"pins": [{"identity": "a", "state": {"version": 3, "revision": "r"}}, {"location": "x"}], "version": 2}
      """
    let target = ".build/artifacts/a/A/A.xcframework"
    let (_, records) = try attribute(["Package.resolved": resolved], targets: [target])
    let issue = records[target]?.issues.first
    #expect(issue?.message == "$.pins[0].state.version: expected a string")
    #expect(issue?.line == nil)
    #expect(issue?.moreProblems == 1)  // the second pin names no package
    #expect(records[target]?.record.revision == "r")
  }

  /// The parser refuses nesting past 256 levels, so a hostile file is one issue, not a crash.
  @Test(arguments: [
    (String(repeating: "[", count: 4_000_000), "is nested deeper than 256 levels"),
    ("[1, 2]", "$: expected an object"),
    ("{\"pins\": {}}", "$.pins: expected an array"),
  ])
  func aHostileOrMisshapenPackageResolvedIsOneIssue(text: String, message: String) throws {
    let target = ".build/artifacts/a/A/A.xcframework"
    let (_, records) = try attribute(["Package.resolved": text], targets: [target])
    #expect(records[target]?.issues.count == 1)
    #expect(records[target]?.issues.first?.message.hasPrefix(message) == true)
    #expect(records[target]?.issues.first?.moreProblems == 0)
    #expect(records[target]?.record == PackageRecord(manager: .swiftPM, name: "a"))
  }

  @Test func aJSONSyntaxErrorIsNamedByLine() throws {
    let target = ".build/artifacts/a/A/A.xcframework"
    let text = "{\n  \"pins\": [\n    {\"identity\": \"a\"}\n    {\"identity\": \"b\"}\n  ]\n}\n"
    let (_, records) = try attribute(["Package.resolved": text], targets: [target])
    #expect(records[target]?.issues.first?.line == 4)
    #expect(records[target]?.issues.first?.message.hasPrefix("is not valid JSON") == true)
  }

  @Test func invalidJSONIsOneIssueNamingTheFile() throws {
    let target = "Carthage/Build/Kit.xcframework"
    let (tree, records) = try attribute(
      ["Carthage/Build/.Kit.version": "{\"commitish\": ", "Cartfile.resolved": "github \"org/Kit\" \"1.0\"\n"],
      targets: [target])
    let issue = records[target]?.issues.first
    #expect(tree.relative(issue?.file ?? "") == "Carthage/Build/.Kit.version")
    #expect(issue?.message.hasPrefix("is not valid JSON") == true)
    #expect(
      records[target]?.record
        == PackageRecord(manager: .carthage, name: "Kit", version: "1.0", source: "https://github.com/org/Kit"))
  }

  @Test func aBadCartfileLineIsNamedByNumber() throws {
    let cartfile = """
      # resolved
      github "org/One" "1.0"
      github org/Two 2.0
      git "https://example.com/Three.git" "0123456789abcdef0123456789abcdef01234567"
      """
    let targets = ["Carthage/Build/iOS/Three.framework", "Carthage/Build/iOS/One.framework"]
    let (tree, records) = try attribute(["Cartfile.resolved": cartfile], targets: targets)
    let issue = records[targets[0]]?.issues.first
    #expect(tree.relative(issue?.file ?? "") == "Cartfile.resolved")
    #expect(issue?.line == 3)
    #expect(records[targets[0]]?.record.revision == "0123456789abcdef0123456789abcdef01234567")
    #expect(records[targets[0]]?.record.version == nil)
    #expect(records[targets[1]]?.record.version == "1.0")
  }

  /// A binary spec is named after its JSON file, not after the framework it downloads
  /// (issue 33): with no version file, the one binary spec no bundle or version file accounts
  /// for is the framework's origin; with two such specs, neither is chosen.
  @Test func aBinarySpecIsTheOriginOfTheFrameworkNothingElseAccountsFor() throws {
    let cartfile = """
      binary "https://example.com/Carthage/appsflyer-ios.json" "6.12.2"
      binary "https://example.com/GoodKit.json" "2.1.0"
      github "org/Toolbox" "1.0"
      """
    let targets = [
      "Carthage/Build/AppsFlyerLib.xcframework", "Carthage/Build/GoodKit.xcframework",
      "Carthage/Build/iOS/Toolbox.framework",
    ]
    var files = Dictionary(uniqueKeysWithValues: targets.map { ($0 + "/Info.plist", "") })
    files["Cartfile.resolved"] = cartfile
    let (_, records) = try attribute(files, targets: targets)
    #expect(
      records[targets[0]]?.record
        == PackageRecord(
          manager: .carthage, name: "appsflyer-ios", version: "6.12.2",
          source: "https://example.com/Carthage/appsflyer-ios.json"))
    #expect(records[targets[1]]?.record.source == "https://example.com/GoodKit.json")
    #expect(records[targets[2]]?.record.source == "https://github.com/org/Toolbox")
    files["Cartfile.resolved"] = cartfile + "\nbinary \"https://example.com/other.json\" \"1.0\"\n"
    let ambiguous = try attribute(files, targets: targets).records
    #expect(ambiguous[targets[0]]?.record == PackageRecord(manager: .carthage, name: "AppsFlyerLib"))
  }

  @Test func podsNeedALockFileOrTheirProject() throws {
    let target = "Pods/Kit/Kit.xcframework"
    #expect(try attribute(["Pods/Kit/README": ""], targets: [target]).records.isEmpty)
    let project = try attribute(["Pods/Pods.xcodeproj/project.pbxproj": ""], targets: [target]).records
    #expect(project[target]?.record == PackageRecord(manager: .cocoaPods, name: "Kit"))
    let manifest = try attribute(["Pods/Manifest.lock": "PODS:\n  - Kit/Core (2.0)\n"], targets: [target]).records
    #expect(manifest[target]?.record == PackageRecord(manager: .cocoaPods, name: "Kit", version: "2.0"))
  }

  /// Lock files as CocoaPods reads them (issue 22, case 9): a byte-order mark and CRLF line
  /// ends, trailing comments, and the last of a pod or section given twice, with a warning.
  @Test(
    arguments: [
      ("\u{FEFF}PODS:\r\n  - Kit (2.0)\r\n\r\nCOCOAPODS: 1.15.2\r\n", "2.0", nil),
      ("PODS: # the pods\n  - Kit (2.0) # pinned\n", "2.0", nil),
      (
        "PODS:\n  - Kit (1.0)\n  - Kit (2.0)\n", "2.0", "Kit is listed at 1.0 and at 2.0; CocoaPods reads the last, 2.0"
      ),
      ("PODS:\n  - Kit (1.0)\nPODS:\n  - Kit (3.0)\n", "3.0", "the section PODS is given more than once"),
      ("PODS:\n  - Kit (2.0)\n  - Kit/Core (2.0)\n", "2.0", nil),
    ] as [(String, String, String?)])
  func podfileLockReadAsCocoaPodsReadsIt(lock: String, version: String, warning: String?) throws {
    let target = "Pods/Kit/Kit.xcframework"
    let attribution = try attribute(["Podfile.lock": lock], targets: [target]).records[target]
    #expect(attribution?.record.version == version)
    if let warning {
      #expect(attribution?.issues.contains { $0.message.contains(warning) } == true, "\(attribution?.issues ?? [])")
    } else {
      #expect(attribution?.issues.isEmpty == true, "\(attribution?.issues ?? [])")
    }
  }

  @Test func cocoaPodsOwnFoldersAreNotPods() throws {
    let lock = ["Pods/Manifest.lock": "PODS:\n  - Kit (2.0)\n"]
    let records = try attribute(
      lock, targets: ["Pods/Target Support Files/Kit/Kit.xcframework", "Pods/Kit.xcframework"]
    ).records
    #expect(records.isEmpty)
  }

  /// Files outside the scanned root are not read, directly or through a link.
  @Test func nothingOutsideTheRootIsRead() throws {
    let lock = "PODS:\n  - Kit (2.0)\n"
    let target = "App/Pods/Kit/Kit.xcframework"
    let inside = try attribute(["App/Podfile.lock": lock], targets: [target], root: "App").records
    #expect(inside[target]?.record.version == "2.0")
    let podsOnly = try attribute(["App/Podfile.lock": lock], targets: [target], root: "App/Pods").records
    #expect(podsOnly.isEmpty)
    let linked = try attribute(
      ["outside.lock": lock, "App/Pods/Pods.xcodeproj/x": ""], targets: [target], root: "App",
      links: ["App/Podfile.lock": "../outside.lock"]
    ).records
    #expect(linked[target]?.record == PackageRecord(manager: .cocoaPods, name: "Kit"))
  }
}
