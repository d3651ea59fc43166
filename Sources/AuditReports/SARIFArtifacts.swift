import ScanFiles
import TargetDiscovery

/// The run's `artifacts`: every archive the targets were read from, with its SHA-256 in
/// `hashes`, and every archive entry a result points into, as an artifact whose `parentIndex` is
/// its archive's (SARIF 2.1.0 §3.24.3, nested artifacts). A path inside an archive,
/// `ARCHIVE!/ENTRY`, is located by `index` into this list; any other path by its URI alone.
struct SARIFArtifacts {
  private let archives: [ScanPath: DiscoveredArchive]
  /// The artifacts, in the order they were first needed (archives first).
  private(set) var artifacts: [JSONValue] = []
  private var locations: [JSONValue] = []
  private var indices: [ScanPath: Int] = [:]

  init(archives: [DiscoveredArchive]) {
    self.archives = Dictionary(archives.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    for archive in archives { _ = index(of: archive.path) }
  }

  /// The `artifactLocation` of `path` (as the report writes it): with an `index` when it is an
  /// archive or lies in one.
  mutating func location(of path: ScanPath) -> JSONValue {
    guard let index = index(of: path) else { return ArtifactURI.location(of: path.description) }
    guard case .object(let members) = locations[index] else { return locations[index] }
    return .object(members + [("index", .int(index))])
  }

  private mutating func index(of path: ScanPath) -> Int? {
    if let known = indices[path] { return known }
    let container = innermostArchive(holding: path)
    guard container != nil || archives[path] != nil else { return nil }
    var location = ArtifactURI.location(of: path.description)
    var members: [(key: String, value: JSONValue)] = []
    if let container, let parent = index(of: container) {
      let inside = ScanPath(segments: Array(path.segments.dropFirst(container.segments.count)))
      location = .object([("uri", .string(ArtifactURI.percentEncoded(inside.description)))])
      members.append(("parentIndex", .int(parent)))
    }
    members.insert(("location", location), at: 0)
    if let archive = archives[path] {
      members.append(("hashes", .object([("sha-256", .string(archive.sha256))])))
      members.append(
        ("properties", .object([("format", .string(archive.format)), ("entries", .int(archive.entryCount))])))
    }
    artifacts.append(.object(members))
    locations.append(location)
    indices[path] = artifacts.count - 1
    return artifacts.count - 1
  }

  /// The innermost opened archive that `path` lies in.
  private func innermostArchive(holding path: ScanPath) -> ScanPath? {
    var holder = path.archive
    while let archive = holder, archives[archive] == nil { holder = archive.archive }
    return holder
  }
}
