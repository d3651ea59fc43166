import Foundation
import JSONDocuments
import ScanFiles

/// A package as SwiftPM pinned it: from `Package.resolved` or `workspace-state.json`.
struct SwiftPMPin: Hashable {
  var version: String?
  var branch: String?
  var revision: String?
  var location: String?
}

/// A binary artifact SwiftPM downloaded, from `workspace-state.json`.
struct SwiftPMArtifact: Hashable {
  var url: String?
  var checksum: String?
}

/// What one SwiftPM state folder (`.build` or `SourcePackages`) and its project's
/// `Package.resolved` files say, keyed by package identity (lowercased, as SwiftPM compares them).
struct SwiftPMState {
  /// Pins from `Package.resolved` (the first file naming an identity wins).
  var pins: [String: SwiftPMPin] = [:]
  /// Pins from `workspace-state.json`'s dependencies.
  var dependencies: [String: SwiftPMPin] = [:]
  /// Artifacts from `workspace-state.json`, by identity then target name.
  var artifacts: [String: [String: SwiftPMArtifact]] = [:]
  /// Problems in the files read.
  var issues: [LockFileIssue] = []

  /// Reads `<folder>/workspace-state.json` and the `Package.resolved` files of `project`: at its
  /// root, and in each `*.xcodeproj/project.xcworkspace` and `*.xcworkspace` under it.
  init(folder: ScanPath, project: ScanPath, reader: StateFileReader) {
    var resolvedFiles = [project.appending("Package.resolved")]
    for name in reader.entries(of: project) {
      if name.hasSuffix(".xcodeproj") {
        resolvedFiles.append(
          project.appending(name).appending("project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
      } else if name.hasSuffix(".xcworkspace") {
        resolvedFiles.append(project.appending(name).appending("xcshareddata/swiftpm/Package.resolved"))
      }
    }
    for file in resolvedFiles {
      guard let contents = reader.read(file) else { continue }
      var collector = IssueCollector(file: file)
      if case .success(let data) = contents, let document = JSONNode.parse(data, issues: &collector) {
        for (identity, pin) in Self.resolvedPins(document, issues: &collector) where pins[identity] == nil {
          pins[identity] = pin
        }
      }
      if case .failure(let issue) = contents { issues.append(issue) }
      collector.issue.map { issues.append($0) }
    }
    let stateFile = folder.appending("workspace-state.json")
    guard let contents = reader.read(stateFile) else { return }
    var collector = IssueCollector(file: stateFile)
    switch contents {
    case .success(let data):
      if let document = JSONNode.parse(data, issues: &collector) { readWorkspace(document, issues: &collector) }
    case .failure(let issue):
      issues.append(issue)
    }
    collector.issue.map { issues.append($0) }
  }

  /// The record for the artifact of `targetName` in package `identity`.
  func record(identity: String, targetName: String?) -> PackageRecord {
    let key = identity.lowercased()
    let pin = pins[key] ?? dependencies[key]
    let artifact = targetName.flatMap { artifacts[key]?[$0] }
    return PackageRecord(
      manager: .swiftPM, name: identity, version: pin?.version, branch: pin?.branch, revision: pin?.revision,
      source: pin?.location ?? dependencies[key]?.location, artifactURL: artifact?.url, checksum: artifact?.checksum)
  }

  /// `Package.resolved` version 1 (`object.pins[].package`/`repositoryURL`) or 2 and 3
  /// (`pins[].identity`/`location`); the pin `state` is the same in all three.
  private static func resolvedPins(_ document: JSONNode, issues: inout IssueCollector) -> [(String, SwiftPMPin)] {
    guard case .object = document.element else {
      issues.add("$: expected an object")
      return []
    }
    let isVersion1 = document.member("pins", issues: &issues) == nil
    guard
      let list = isVersion1
        ? document.member("object", issues: &issues)?.member("pins", issues: &issues)
        : document.member("pins", issues: &issues)
    else {
      issues.add("$: has no pins (not a Package.resolved of version 1, 2 or 3)")
      return []
    }
    return list.elements(issues: &issues).compactMap { entry -> (String, SwiftPMPin)? in
      var pin = pin(state: entry.member("state", issues: &issues), issues: &issues)
      let identity: String?
      if isVersion1 {
        pin.location = entry.string("repositoryURL", issues: &issues)
        identity = pin.location.map(Self.identity(ofLocation:)) ?? entry.string("package", issues: &issues)
      } else {
        pin.location = entry.string("location", issues: &issues)
        identity = entry.string("identity", issues: &issues)
      }
      guard let identity else {
        issues.add("\(entry.path): names no package")
        return nil
      }
      return (identity.lowercased(), pin)
    }
  }

  /// A pin's `state` (`version`, `branch`, `revision`), or the `checkoutState` of a workspace dependency.
  private static func pin(state: JSONNode?, issues: inout IssueCollector) -> SwiftPMPin {
    guard let state else { return SwiftPMPin() }
    return SwiftPMPin(
      version: state.string("version", issues: &issues), branch: state.string("branch", issues: &issues),
      revision: state.string("revision", issues: &issues))
  }

  /// SwiftPM's identity of a package location: its last path component without `.git`, lowercased.
  static func identity(ofLocation location: String) -> String {
    let last = ScanPath(location).lastComponent.map(String.init) ?? location
    return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
  }

  /// `object.dependencies[]` (`packageRef`, `state.checkoutState`) and `object.artifacts[]`
  /// (`packageRef`, `targetName`, `source.url`, `source.checksum`).
  private mutating func readWorkspace(_ document: JSONNode, issues: inout IssueCollector) {
    guard let object = document.member("object", issues: &issues) else {
      issues.add("$: has no object (not a workspace-state.json)")
      return
    }
    for entry in object.member("dependencies", issues: &issues)?.elements(issues: &issues) ?? [] {
      guard let reference = entry.member("packageRef", issues: &issues),
        let identity = reference.string("identity", issues: &issues)
      else { continue }
      var pin = Self.pin(
        state: entry.member("state", issues: &issues)?.member("checkoutState", issues: &issues), issues: &issues)
      pin.location = reference.string("location", issues: &issues)
      dependencies[identity.lowercased()] = pin
    }
    for entry in object.member("artifacts", issues: &issues)?.elements(issues: &issues) ?? [] {
      guard let identity = entry.member("packageRef", issues: &issues)?.string("identity", issues: &issues),
        let targetName = entry.string("targetName", issues: &issues)
      else { continue }
      let source = entry.member("source", issues: &issues)
      artifacts[identity.lowercased(), default: [:]][targetName] = SwiftPMArtifact(
        url: source?.string("url", issues: &issues), checksum: source?.string("checksum", issues: &issues))
    }
  }
}
