package import BinaryImage
import CodeSigning
package import ScanFiles
import Synchronization
package import TargetDiscovery

#if canImport(CLibArchive)
  import CLibArchive
#endif

/// A `ScanFileSystem` that reads archives in place: a file system over `base` in which every
/// archive discovery opens (`mountArchive(at:)`) is also a folder, `path.archiveRoot`, whose
/// entries are read from the archive's bytes, never extracted.
///
/// Inside an archive, links resolve within the archive (one climbing out is reported as leading
/// outside, as on disk), and an archive inside an archive is opened one level deep, no further.
package struct ArchiveMountingFileSystem: ArchiveMounting {
  /// The file system holding the archives (the local disk, or a host's).
  package let base: any ScanFileSystem
  private let table = MountTable()

  /// Whether this build reads archives: false on macOS built without the `LibArchive` trait,
  /// where every archive is reported as unreadable.
  package static var isAvailable: Bool {
    #if canImport(CLibArchive)
      true
    #else
      false
    #endif
  }

  /// Creates a file system reading archives found in `base`.
  package init(base: any ScanFileSystem) {
    self.base = base
  }

  /// Whether `path` names something inside an archive this file system has opened.
  package func isInsideArchive(_ path: ScanPath) -> Bool {
    table.route(path) != nil
  }

  /// The entry itself inside an archive (a link not followed), else `base`'s answer.
  package func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> {
    guard let (mount, parts) = table.route(path) else { return base.linkStatus(path) }
    return status(of: mount.index.resolve(parts, followingFinalLink: false), in: mount, linkStatus: true)
  }

  /// What an archive entry leads to, following links inside the archive, else `base`'s answer.
  package func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
    guard let (mount, parts) = table.route(path) else { return base.status(path) }
    return status(of: mount.index.resolve(parts, followingFinalLink: true), in: mount, linkStatus: false)
  }

  /// An entry's path with links resolved inside the archive (a link climbing out resolves to
  /// the path outside it leads to), else `base`'s answer.
  package func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> {
    guard let (mount, parts) = table.route(path) else { return base.resolvedPath(path) }
    switch mount.index.resolve(parts, followingFinalLink: true) {
    case .node(_, let canonical):
      return .success(mount.resolvedArchive.archiveRoot.appending(canonical.joined(separator: "/")))
    case .outside(let rest, let absolute): return .success(mount.outsidePath(rest, absolute: absolute))
    case .missing: return .failure(.noSuchFile)
    }
  }

  /// A link entry's stored target text, else `base`'s answer.
  package func linkTarget(_ path: ScanPath) -> Result<String, Errno> {
    guard let (mount, parts) = table.route(path) else { return base.linkTarget(path) }
    guard case .node(let node, _) = mount.index.resolve(parts, followingFinalLink: false) else {
      return .failure(.noSuchFile)
    }
    guard mount.index.nodes[node].kind == .symbolicLink else { return .failure(.invalidArgument) }
    return .success(mount.index.nodes[node].linkTarget)
  }

  /// The names in an archive folder (folders the archive only implies included), else `base`'s answer.
  package func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
    guard let (mount, parts) = table.route(path) else { return base.directoryEntries(path) }
    guard case .node(let node, _) = mount.index.resolve(parts, followingFinalLink: true) else {
      return .failure(.noSuchFile)
    }
    guard mount.index.nodes[node].kind == .directory else { return .failure(.notADirectory) }
    return .success(Array(mount.index.nodes[node].children.keys))
  }

  /// An archive folder's entries with their status, else `base`'s answer.
  package func listing(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    table.route(path) == nil ? base.listing(path) : listingEachEntryLookedUp(path)
  }

  /// `base`'s listing with each regular file's first bytes; an archive folder's entries with
  /// none, which discovery reads through `contents(of:limit:)` as for any file.
  package func listing(_ path: ScanPath, leadingBytes count: Int) -> Result<[FolderEntry], Errno> {
    table.route(path) == nil ? base.listing(path, leadingBytes: count) : listingEachEntryLookedUp(path)
  }

  /// An archive entry's bytes, decompressed from the archive (never more than its declared
  /// size), else `base`'s answer.
  package func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    try contents(of: path, limit: limit) { _, fileSize in fileSize }
  }

  /// An archive entry's leading bytes, decompressed no further than `needed` asks once it has
  /// seen the first ones, else `base`'s answer.
  package func contents(
    of path: ScanPath, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    guard let (mount, parts) = table.route(path) else {
      return try base.contents(of: path, limit: limit, needing: needed)
    }
    guard case .node(let node, _) = mount.index.resolve(parts, followingFinalLink: true) else {
      throw BinaryError(.io, "no such entry in the archive")
    }
    guard mount.index.nodes[node].kind == .regular else {
      throw BinaryError(.io, "is a folder in the archive, not a file")
    }
    return try mount.index.contents(ofNode: node, limit: limit, needing: needed)
  }

  /// Opens the archive at `path` (on `base`, or inside an archive one level deep) as `path.archiveRoot`.
  package func mountArchive(at path: ScanPath) -> Result<MountedArchive, BinaryError> {
    if let mounted = table.mount(of: path) { return .success(mounted.description) }
    let depth = (table.route(path)?.mount.depth ?? 0) + 1
    guard depth <= ArchiveLimits.nestingDepth else {
      return .failure(
        BinaryError(
          .unsupported,
          "is an archive inside an archive inside an archive; sdkvet opens one level of nesting, no further"))
    }
    do throws(BinaryError) {
      let limit = depth > 1 ? ArchiveLimits.entryBytes : ReadLimits.binaryBytes
      let bytes = try contents(of: path, limit: limit)
      guard bytes.fileSize <= limit else {
        throw BinaryError(.unsupported, "archive is larger than \(ReadLimits.describe(limit)); not read")
      }
      let index = try ArchiveIndex(bytes)
      guard let sha256 = Digest.sha256(bytes.bytes) else {
        throw BinaryError(.unsupported, "archive's SHA-256 cannot be computed; not read")
      }
      let root = path.archiveRoot
      let resolvedFile = (try? resolvedPath(path).get()) ?? path
      let problem = { (entry: (name: String, reason: String)) in
        DiscoveryProblem(path: root.appending(entry.name), message: entry.reason)
      }
      let description = MountedArchive(
        path: path, root: root, format: index.formatDescription, sha256: Digest.hex(sha256),
        entryCount: index.entryCount, skipped: index.skipped.map(problem), ambiguous: index.ambiguous.map(problem))
      let mount = Mount(
        index: index, description: description, resolvedArchive: resolvedFile, depth: depth,
        device: table.nextDevice())
      table.add(mount, at: [path, resolvedFile])
      return .success(description)
    } catch {
      return .failure(error)
    }
  }

  /// The status of what a path inside `mount` resolves to. A link leading out of the archive
  /// answers for what it leads to outside, as on disk, so that discovery reports it as leaving
  /// the scanned path.
  private func status(of resolution: ArchiveIndex.Resolution, in mount: Mount, linkStatus: Bool) -> Result<
    FileStatus, Errno
  > {
    if case .outside(let rest, let absolute) = resolution {
      let outside = mount.outsidePath(rest, absolute: absolute)
      return linkStatus ? self.linkStatus(outside) : status(outside)
    }
    guard case .node(let node, _) = resolution else { return .failure(.noSuchFile) }
    let kind: FileStatus.Kind =
      switch mount.index.nodes[node].kind {
      case .directory: .directory
      case .regular: .regular
      case .symbolicLink: .symbolicLink
      }
    return .success(FileStatus(kind: kind, identity: FileIdentity(device: mount.device, inode: UInt64(node))))
  }
}

/// An opened archive and where it sits.
struct Mount: Sendable {
  let index: ArchiveIndex
  let description: MountedArchive
  /// The archive file's path with every link on the way resolved, as `resolvedPath` answers it.
  let resolvedArchive: ScanPath
  /// 1 for an archive on disk, 2 for one inside an archive.
  let depth: Int
  /// The device number its entries' identities carry: one no real file system uses.
  let device: UInt64

  /// The path outside the archive that a link climbing out of it leads to, with its `..`
  /// steps taken (lexically: the path is only named and looked at, never opened as a folder),
  /// from the folder holding the archive, or from `/` for an absolute link.
  func outsidePath(_ rest: String, absolute: Bool) -> ScanPath {
    let folder = absolute ? ScanPath("/") : resolvedArchive.parent ?? resolvedArchive
    var parts = folder.innermost.split(separator: "/")
    for part in rest.split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    let top = folder.isInsideArchive ? "" : "/"
    return ScanPath(segments: folder.segments.dropLast() + [top + parts.joined(separator: "/")])
  }
}

/// The archives opened so far, by the archive file's path (as given and as resolved).
final class MountTable: Sendable {
  private let state = Mutex<(mounts: [ScanPath: Mount], opened: UInt64)>(([:], 0))

  func mount(of archive: ScanPath) -> Mount? {
    state.withLock { $0.mounts[archive] }
  }

  func add(_ mount: Mount, at archives: [ScanPath]) {
    state.withLock { state in
      for archive in archives { state.mounts[archive] = mount }
    }
  }

  func nextDevice() -> UInt64 {
    state.withLock { state in
      state.opened += 1
      return UInt64.max - state.opened
    }
  }

  /// The innermost mounted archive `path` lies in, and the components of `path` inside it.
  func route(_ path: ScanPath) -> (mount: Mount, parts: [String])? {
    guard let archive = path.archive, let mount = mount(of: archive) else { return nil }
    return (mount, path.innermost.split(separator: "/").map(String.init))
  }
}
