import BinaryImage
import ScanFiles

/// Builds an `ArchiveIndex`'s tree from entry headers in archive order, refusing what must not
/// be reachable: names leaving the root, encrypted data, a file where a folder must be.
///
/// A name stored twice (or two names extractors fold into one: `a\b` and `a/b`, `./a//b` and
/// `a/b`) is ambiguous: `unzip`, Xcode and Python's `zipfile` install the copy last in the
/// archive, some libarchive-based tools the first. Every copy stays readable: the last under the
/// name, each earlier one under the name followed by `\copy-N` (no stored name can hold a `\`,
/// which is a separator here), and the name is recorded in `ambiguous`.
struct ArchiveTreeBuilder {
  private(set) var nodes = [ArchiveIndex.Node(kind: .directory, parent: 0)]
  private(set) var skipped: [(name: String, reason: String)] = []
  /// Names stored more than once, by canonical path in the order first seen, with the names their
  /// earlier copies are read under and whether one copy is a folder.
  private var duplicates: [(name: String, copies: [String], hasFolder: Bool)] = []
  private var duplicateIndex: [String: Int] = [:]
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
    if let existing = nodes[parent].children[name] {
      let copy = Self.copyName(name, in: nodes[parent].children)
      let isFolder = nodes[existing].kind == .directory
      noteDuplicate(components.joined(separator: "/"), readAs: copy, hasFolder: isFolder)
      if isFolder {
        // The folder keeps the name (its entries are under it); the file is read as the copy.
        nodes[parent].children[copy] = nodes.count
        nodes.append(node)
        return
      }
      nodes[parent].children[copy] = existing
    }
    nodes[parent].children[name] = nodes.count
    if node.kind == .regular { filesByPath[components] = nodes.count }
    nodes.append(node)
  }

  /// Each name stored more than once, with why it matters and where every copy is read.
  var ambiguous: [(name: String, reason: String)] {
    duplicates.map { duplicate in
      let count = duplicate.copies.count + 1
      let copies = duplicate.copies.map { "'\($0)'" }.joined(separator: ", ")
      let reason =
        duplicate.hasFolder
        ? "is stored both as a folder and as a file; extractors differ in which they install: the folder is read under the name, the file as \(copies)"
        : "is stored \(count) times (or under names extractors fold into one); unzip and Xcode install the last copy, some tools the first: every copy is read, the last under the name, the earlier as \(copies)"
      return (duplicate.name, reason)
    }
  }

  private mutating func noteDuplicate(_ name: String, readAs copy: String, hasFolder: Bool) {
    if let index = duplicateIndex[name] {
      duplicates[index].copies.append(copy)
      duplicates[index].hasFolder = duplicates[index].hasFolder || hasFolder
    } else {
      duplicateIndex[name] = duplicates.count
      duplicates.append((name, [copy], hasFolder))
    }
  }

  /// `NAME\copy-N` with the first N not yet taken among `siblings`.
  private static func copyName(_ name: String, in siblings: [String: Int]) -> String {
    var number = 1
    while siblings["\(name)\\copy-\(number)"] != nil { number += 1 }
    return "\(name)\\copy-\(number)"
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
