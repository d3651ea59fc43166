import BinaryImage
import ScanFiles

/// Builds an `ArchiveIndex`'s tree from entry headers in archive order, refusing what must not
/// be reachable: names leaving the root, encrypted data, a file where a folder must be.
///
/// The tree is what an extractor installs, not what the archive lists: an entry whose path
/// passes through a link stored before it (`Staging -> CleanKit.framework`, then
/// `Staging/CleanKit`) is placed where GNU tar and Python's `tarfile` (with `filter='data'`
/// too) write it, at the link's target (`CleanKit.framework/CleanKit`). A link that leads out
/// of the archive or to no folder in it refuses the entry (an extractor would write it outside,
/// or fail).
///
/// A name stored twice (or two names extractors fold into one: `a\b` and `a/b`, `./a//b` and
/// `a/b`, or a path through a link and the path it leads to) is ambiguous: `unzip`, Xcode,
/// Python's `zipfile` and tar install the copy last in the archive, some libarchive-based tools
/// the first. Every copy stays readable: the last under the name, each earlier one under the
/// name followed by `\copy-N` (no stored name can hold a `\`, which is a separator here), and
/// the name is recorded in `ambiguous`.
struct ArchiveTreeBuilder {
  private(set) var nodes = [ArchiveIndex.Node(kind: .directory, parent: 0)]
  private(set) var skipped: [(name: String, reason: String)] = []
  /// Names stored more than once, by canonical path in the order first seen, with the names their
  /// earlier copies are read under, whether one copy is a folder and whether one was reached
  /// through a link.
  private var duplicates: [(name: String, copies: [String], hasFolder: Bool, throughLink: Bool)] = []
  private var duplicateIndex: [String: Int] = [:]

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
    guard let (parent, folderPath, throughLink) = folder(for: components.dropLast(), shown: shown) else { return }
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
      // A hard link names an earlier entry by its path, through whatever links it passes.
      let target = header.linkTarget.flatMap { try? ArchiveEntryName.components($0).get() }
      guard let target,
        case .node(let original, _) = ArchiveIndex.resolve(target, in: nodes, followingFinalLink: false),
        nodes[original].kind == .regular
      else {
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
      noteDuplicate(
        (folderPath + [name]).joined(separator: "/"), readAs: copy, hasFolder: isFolder, throughLink: throughLink)
      if isFolder {
        // The folder keeps the name (its entries are under it); the file is read as the copy.
        nodes[parent].children[copy] = nodes.count
        nodes.append(node)
        return
      }
      nodes[parent].children[copy] = existing
    }
    nodes[parent].children[name] = nodes.count
    nodes.append(node)
  }

  /// Each name stored more than once, with why it matters and where every copy is read.
  var ambiguous: [(name: String, reason: String)] {
    duplicates.map { duplicate in
      let count = duplicate.copies.count + 1
      let copies = duplicate.copies.map { "'\($0)'" }.joined(separator: ", ")
      let reason =
        if duplicate.hasFolder {
          "is stored both as a folder and as a file; extractors differ in which they install: the folder is read under the name, the file as \(copies)"
        } else if duplicate.throughLink {
          "is stored \(count) times, once through a link to its folder that tar extractors write through; they install the last copy, unzip may install it beside the folder: every copy is read, the last under the name, the earlier as \(copies)"
        } else {
          "is stored \(count) times (or under names extractors fold into one); unzip and Xcode install the last copy, some tools the first: every copy is read, the last under the name, the earlier as \(copies)"
        }
      return (duplicate.name, reason)
    }
  }

  private mutating func noteDuplicate(_ name: String, readAs copy: String, hasFolder: Bool, throughLink: Bool) {
    if let index = duplicateIndex[name] {
      duplicates[index].copies.append(copy)
      duplicates[index].hasFolder = duplicates[index].hasFolder || hasFolder
      duplicates[index].throughLink = duplicates[index].throughLink || throughLink
    } else {
      duplicateIndex[name] = duplicates.count
      duplicates.append((name, [copy], hasFolder, throughLink))
    }
  }

  /// `NAME\copy-N` with the first N not yet taken among `siblings`.
  private static func copyName(_ name: String, in siblings: [String: Int]) -> String {
    var number = 1
    while siblings["\(name)\\copy-\(number)"] != nil { number += 1 }
    return "\(name)\\copy-\(number)"
  }

  /// The folder at `components`, creating the folders on the way (zip archives often list no
  /// folders), with its canonical path and whether a link led there: a link on the way is
  /// followed as an extractor writing through it would. `nil`, with the entry skipped, when a
  /// file stands where a folder must, or a link leads out of the archive or to no folder in it.
  private mutating func folder(for components: ArraySlice<String>, shown: String) -> (
    node: Int, path: [String], throughLink: Bool
  )? {
    var current = 0
    var path: [String] = []
    var throughLink = false
    for part in components {
      guard let child = nodes[current].children[part] else {
        nodes[current].children[part] = nodes.count
        nodes.append(ArchiveIndex.Node(kind: .directory, parent: current))
        current = nodes.count - 1
        path.append(part)
        continue
      }
      switch nodes[child].kind {
      case .directory:
        current = child
        path.append(part)
      case .symbolicLink:
        guard
          case .node(let target, let canonical) = ArchiveIndex.resolve(
            path + [part], in: nodes, followingFinalLink: true),
          nodes[target].kind == .directory
        else {
          skip(
            shown,
            "lies under '\(part)', a link that leads out of the archive or to no folder in it (an extractor would write it there, or fail); not read"
          )
          return nil
        }
        (current, path, throughLink) = (target, canonical, true)
      case .regular:
        skip(shown, "lies under '\(part)', which the archive stores as a file; not read")
        return nil
      }
    }
    return (current, path, throughLink)
  }
}
