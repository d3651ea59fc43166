import BinaryImage

/// Builds an `ArchiveIndex`'s tree from entry headers in archive order, refusing what must not
/// be reachable: names leaving the root, encrypted data, a file where a folder must be.
struct ArchiveTreeBuilder {
  private(set) var nodes = [ArchiveIndex.Node(kind: .directory, parent: 0)]
  private(set) var skipped: [(name: String, reason: String)] = []
  /// Files by canonical path, for tar hard links (which name an earlier entry).
  private var filesByPath: [[String]: Int] = [:]

  mutating func skip(_ name: String, _ reason: String) {
    skipped.append((name, reason))
  }

  /// Adds the entry `header`, the `ordinal`-th of the archive, with its first bytes, or why
  /// they could not be read.
  mutating func add(_ header: ArchiveEntryHeader, ordinal: Int, prefix: [UInt8], failure: String?) {
    let shown = PathBytes.decode(header.name)
    let components: [String]
    switch ArchiveEntryName.components(header.name) {
    case .failure(.empty) where header.kind == .directory: return  // "./", the root itself
    case .failure(let refusal):
      skip(shown, ArchiveEntryName.describe(refusal))
      return
    case .success(let parts): components = parts
    }
    guard let parent = folder(for: components.dropLast(), shown: shown) else { return }
    let name = components[components.count - 1]
    var node = ArchiveIndex.Node(kind: .regular, parent: parent)
    switch header.kind {
    case .directory:
      _ = folder(for: components[...], shown: shown)
      return
    case .regular:
      node.ordinal = ordinal
      node.declaredSize = header.declaredSize ?? 0
      node.prefix = prefix
      node.refusal = header.isEncrypted ? "archive entry is encrypted; sdkvet does not decrypt" : failure
    case .symbolicLink:
      node.kind = .symbolicLink
      node.linkTarget = PathBytes.decode(header.linkTarget ?? [])
    case .hardLink:
      let target = header.linkTarget.flatMap { try? ArchiveEntryName.components($0).get() }
      guard let target, let original = filesByPath[target] else {
        skip(shown, "is a hard link to an entry the archive does not hold before it; not read")
        return
      }
      node = nodes[original]
      node.parent = parent
    case .other:
      skip(shown, "is a device, FIFO or socket; not read")
      return
    }
    if let existing = nodes[parent].children[name], nodes[existing].kind == .directory {
      skip(shown, "is stored both as a folder and as a file; the folder is kept")
      return
    }
    if nodes[parent].children[name] != nil {
      skip(shown, "is stored twice; the later copy is read")
    }
    nodes[parent].children[name] = nodes.count
    if node.kind == .regular { filesByPath[components] = nodes.count }
    nodes.append(node)
  }

  /// The folder at `components`, creating the folders on the way (zip archives often list no
  /// folders); `nil`, with the entry skipped, when a file or link stands where a folder must.
  private mutating func folder(for components: ArraySlice<String>, shown: String) -> Int? {
    var current = 0
    for part in components {
      if let child = nodes[current].children[part] {
        guard nodes[child].kind == .directory else {
          skip(shown, "lies under '\(part)', which the archive stores as a file or link; not read")
          return nil
        }
        current = child
      } else {
        nodes[current].children[part] = nodes.count
        nodes.append(ArchiveIndex.Node(kind: .directory, parent: current))
        current = nodes.count - 1
      }
    }
    return current
  }
}
