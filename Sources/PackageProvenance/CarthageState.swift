import Foundation
import JSONDocuments
import ScanFiles

/// What one `Carthage/Build` folder and the project's `Cartfile.resolved` say: which project
/// built each framework (`Build/.<Project>.version`, JSON `{"commitish", "<platform>": [{"name", "hash"}]}`)
/// and where each project comes from (`github "Owner/Repo" "1.2.3"`, `git "URL" "ref"`, `binary "URL" "1.0"`).
struct CarthageState {
  /// At most this many `.version` files are read per `Build` folder (a real project has dozens).
  static let maximumVersionFiles = 1_000
  /// The platform folders Carthage builds plain frameworks into.
  static let platformFolders: Set<String> = ["iOS", "Mac", "tvOS", "watchOS", "visionOS"]

  /// The project that built each framework, and its commitish.
  private var builtBy: [String: (project: String, commitish: String?)] = [:]
  /// Each project's pinned reference and origin, from `Cartfile.resolved`.
  private var resolved: [String: (reference: String, source: String)] = [:]
  /// The projects of `binary` lines, in the file's order.
  private var binaryProjects: [String] = []
  /// The projects a `.version` file was read for, and the names of the bundles in the `Build`
  /// folder and its platform folders: a `binary` project of either name is accounted for.
  private var accountedNames: Set<String> = []
  /// Problems in the files read.
  private(set) var issues: [LockFileIssue] = []

  init(folder: ScanPath, project: ScanPath, reader: StateFileReader) {
    let entries = reader.entries(of: folder)
    let versionFiles = entries.filter { $0.hasPrefix(".") && $0.hasSuffix(".version") }
    let platformEntries = entries.filter(Self.platformFolders.contains).flatMap {
      reader.entries(of: folder.appending($0))
    }
    accountedNames = Set((entries + platformEntries).map { String($0.prefix { $0 != "." }) })
    if versionFiles.count > Self.maximumVersionFiles {
      issues.append(
        LockFileIssue(
          file: folder,
          message: "holds \(versionFiles.count) version files; the first \(Self.maximumVersionFiles) were read"))
    }
    for name in versionFiles.prefix(Self.maximumVersionFiles) {
      let file = folder.appending(name)
      let project = String(name.dropFirst().dropLast(".version".count))
      accountedNames.insert(project)
      readVersionFile(file, project: project, reader: reader)
    }
    let cartfile = project.appending("Cartfile.resolved")
    switch reader.read(cartfile) {
    case .success(let data)?: readCartfile(String(decoding: data, as: UTF8.self), file: cartfile)
    case .failure(let issue)?: issues.append(issue)
    case nil: break
    }
  }

  /// The record for `framework`: the project that built it (the framework's own name when no
  /// version file lists it), its version or revision, and its origin. A framework that no
  /// version file lists and no project is named after comes from the one `binary` spec that no
  /// version file or bundle name accounts for, when there is exactly one: a binary spec is
  /// named after its JSON file (`appsflyer-ios`), not after the frameworks it holds.
  func record(framework: String) -> PackageRecord {
    let built = builtBy[framework]
    let name = built?.project ?? (resolved[framework] == nil ? unaccountedBinaryProject : nil) ?? framework
    let reference = resolved[name]?.reference ?? built?.commitish
    let isCommit = reference.map(Self.isCommit) ?? false
    return PackageRecord(
      manager: .carthage, name: name, version: isCommit ? nil : reference, revision: isCommit ? reference : nil,
      source: resolved[name]?.source)
  }

  /// The one `binary` project with no version file and no bundle of its name, if there is
  /// exactly one.
  private var unaccountedBinaryProject: String? {
    let candidates = binaryProjects.filter { !accountedNames.contains($0) }
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// A full Git commit hash, as Carthage pins a branch or commit.
  private static func isCommit(_ reference: String) -> Bool {
    reference.utf8.count == 40 && reference.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private mutating func readVersionFile(_ file: ScanPath, project: String, reader: StateFileReader) {
    guard let contents = reader.read(file) else { return }
    var collector = IssueCollector(file: file)
    switch contents {
    case .success(let data):
      guard let document = JSONNode.parse(data, issues: &collector) else { break }
      let commitish = document.string("commitish", issues: &collector)
      let platforms = (try? document.members().map(\.key).sorted()) ?? []
      for platform in platforms where platform != "commitish" && platform != "configuration" {
        guard let list = document.member(platform, issues: &collector), case .array = list.element else { continue }
        for entry in list.elements(issues: &collector) {
          guard let framework = entry.string("name", issues: &collector) else { continue }
          if builtBy[framework] == nil { builtBy[framework] = (project, commitish) }
        }
      }
    case .failure(let issue):
      issues.append(issue)
    }
    collector.issue.map { issues.append($0) }
  }

  /// `Cartfile.resolved`: one `kind "origin" "reference"` per line.
  private mutating func readCartfile(_ text: String, file: ScanPath) {
    var collector = IssueCollector(file: file)
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      guard let (kind, origin, reference) = Self.fields(line), ["github", "git", "binary"].contains(kind) else {
        collector.add(line: index + 1, "expected `github|git|binary \"origin\" \"reference\"`")
        continue
      }
      let isURL = origin.contains("://")
      var project = String(origin.split(separator: "/").last ?? Substring(origin))
      for suffix in [".git", ".json"] where project.hasSuffix(suffix) { project.removeLast(suffix.count) }
      let source = kind == "github" && !isURL ? "https://github.com/" + origin : origin
      if resolved[project] == nil {
        resolved[project] = (reference, source)
        if kind == "binary" { binaryProjects.append(project) }
      }
    }
    collector.issue.map { issues.append($0) }
  }

  /// `word "a" "b"` → (`word`, `a`, `b`); quotes hold no escapes in Carthage's files.
  private static func fields(_ line: String) -> (String, String, String)? {
    let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
    guard parts.count == 5, parts[2] == " ", parts[4].isEmpty, !parts[1].isEmpty, !parts[3].isEmpty else { return nil }
    return (parts[0].trimmingCharacters(in: .whitespaces), String(parts[1]), String(parts[3]))
  }
}
