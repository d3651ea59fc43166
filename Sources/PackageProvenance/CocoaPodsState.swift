import Foundation
import ScanFiles

/// What one `Pods` folder's lock file says about each pod: `Podfile.lock` beside the folder,
/// else its copy `Pods/Manifest.lock`.
struct CocoaPodsState {
  /// Each pod's version and origin, by pod name (subspecs folded into their pod).
  private(set) var pods: [String: PackageRecord] = [:]
  /// Whether the folder is CocoaPods' at all: a lock file or `Pods.xcodeproj` is there.
  private(set) var isManaged = false
  /// Problems in the lock file read.
  private(set) var issues: [LockFileIssue] = []

  init(folder: ScanPath, project: ScanPath, reader: StateFileReader) {
    let lock = [project.appending("Podfile.lock"), folder.appending("Manifest.lock")].lazy.compactMap { file in
      reader.read(file).map { (file: file, contents: $0) }
    }.first
    isManaged = lock != nil || reader.exists(folder.appending("Pods.xcodeproj"))
    guard let (lockFile, contents) = lock else { return }
    switch contents {
    case .success(let data):
      let (root, parsed) = LockYAMLParser.parse(String(decoding: data, as: UTF8.self), file: lockFile)
      var collector = parsed
      read(root, issues: &collector)
      collector.issue.map { issues.append($0) }
    case .failure(let issue):
      issues.append(issue)
    }
  }

  /// The record for `pod`: its name, and what the lock file says about it.
  func record(pod: String) -> PackageRecord {
    pods[pod] ?? PackageRecord(manager: .cocoaPods, name: pod)
  }

  /// `PODS` (`- Name (version)`, `- Name/Subspec (version):` with dependencies below), then the
  /// origin sections: `SPEC REPOS` (repository → pods), `EXTERNAL SOURCES` and `CHECKOUT OPTIONS`
  /// (pod → `:git`, `:path`, `:podspec`, `:http`, `:branch`, `:commit`).
  private mutating func read(_ root: LockYAMLNode, issues: inout IssueCollector) {
    guard case .mapping(let sections) = root.content else {
      issues.add(line: root.line, "the lock file is not a mapping of sections")
      return
    }
    // Psych, which CocoaPods reads the file with, keeps the last of a key given twice.
    let section = { (name: String) in sections.last { $0.key == name }?.value }
    for name in Set(sections.map(\.key)) where sections.filter({ $0.key == name }).count > 1 {
      issues.add(
        line: sections.last { $0.key == name }?.value.line ?? root.line,
        "the section \(name) is given more than once; CocoaPods reads the last")
    }
    guard let list = section("PODS") else {
      issues.add(line: root.line, "there is no PODS section")
      return
    }
    let items = Self.items(of: list, issues: &issues)
    pods.reserveCapacity(items.count)
    var listed = Set<Substring>()
    for item in items {
      let entry = Self.mappingKeys(of: item).first ?? item.scalar ?? ""
      guard let (name, version) = Self.nameAndVersion(entry) else {
        issues.add(line: item.line, "expected a pod as `Name (version)`")
        continue
      }
      let pod = String(name.prefix { $0 != "/" })
      // CocoaPods keeps the version of a pod's last entry; a subspec names its pod's version again.
      if let earlier = pods[pod]?.version, earlier != version {
        issues.add(
          line: item.line, "\(pod) is listed at \(earlier) and at \(version); CocoaPods reads the last, \(version)")
      } else if !listed.insert(name).inserted {
        issues.add(line: item.line, "\(name) is listed more than once")
      }
      pods[pod] = PackageRecord(manager: .cocoaPods, name: pod, version: version)
    }
    for (repository, names) in Self.entries(of: section("SPEC REPOS"), issues: &issues) {
      for name in Self.items(of: names, issues: &issues).compactMap(\.scalar) where pods[name]?.source == nil {
        pods[name] = pods[name]?.completed(source: repository)
      }
    }
    for sectionName in ["CHECKOUT OPTIONS", "EXTERNAL SOURCES"] {
      for (pod, options) in Self.entries(of: section(sectionName), issues: &issues) {
        guard let record = pods[pod] else { continue }
        let option = Dictionary(Self.entries(of: options, issues: &issues).map { ($0, $1.scalar) }) { first, _ in first
        }
        let origin = [":git", ":path", ":podspec", ":http"].lazy.compactMap { option[$0] ?? nil }.first
        pods[pod] = record.completed(
          source: origin, revision: option[":commit"] ?? nil, branch: option[":branch"] ?? nil)
      }
    }
  }

  /// `Name (version)` → (`Name`, `version`).
  private static func nameAndVersion(_ text: String) -> (Substring, String)? {
    let bytes = text.utf8
    guard bytes.last == UInt8(ascii: ")"), let open = bytes.lastIndex(of: UInt8(ascii: "(")),
      open > bytes.startIndex, bytes[bytes.index(before: open)] == UInt8(ascii: " ")
    else { return nil }
    // `(`, `)` and the space are ASCII, so these byte indices are character boundaries.
    let name = text[..<bytes.index(before: open)]
    let version = text[bytes.index(after: open)..<bytes.index(before: bytes.endIndex)]
    guard !name.isEmpty, !version.isEmpty else { return nil }
    return (name, String(version))
  }

  private static func mappingKeys(of node: LockYAMLNode) -> [String] {
    if case .mapping(let entries) = node.content { entries.map(\.key) } else { [] }
  }

  /// A sequence's items; a problem when the node is something else (an empty value is no items).
  private static func items(of node: LockYAMLNode, issues: inout IssueCollector) -> [LockYAMLNode] {
    switch node.content {
    case .sequence(let items): return items
    case .scalar(""): return []
    default:
      issues.add(line: node.line, "expected a list of `- item` lines")
      return []
    }
  }

  /// A mapping's entries (key, value); a problem when the node is something else.
  private static func entries(of node: LockYAMLNode?, issues: inout IssueCollector) -> [(String, LockYAMLNode)] {
    guard let node else { return [] }
    switch node.content {
    case .mapping(let entries): return entries.map { ($0.key, $0.value) }
    case .scalar(""): return []
    default:
      issues.add(line: node.line, "expected `key: value` lines")
      return []
    }
  }
}
