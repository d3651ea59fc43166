public import BinaryImage
import ScanFiles

/// The file system as discovery looks things up in it while it walks: the status of a path in a
/// folder the walk has listed comes from that listing, and a path its listing lacks is not there,
/// with no system call; everything else is asked of `base`.
///
/// A bundle's layout and signature are decided by asking after files that are mostly absent
/// (`Versions`, `_CodeSignature/CodeDirectory`, `PrivacyInfo.xcprivacy` in each slice): each
/// was a path looked up from the root, on the walk's critical path. The listing's status is the
/// `lstat` the look-up would have answered; a symbolic link is still followed by `base`.
struct ListedFileSystem: ScanFileSystem {
  let base: any ScanFileSystem
  let listings: FolderListings

  func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> {
    switch listings.presence(of: path) {
    case .listed(let status): .success(status)
    case .absent: .failure(.noSuchFile)
    case .unknown: base.linkStatus(path)
    }
  }

  func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
    switch listings.presence(of: path) {
    case .listed(let status) where status.kind != .symbolicLink: .success(status)
    case .absent: .failure(.noSuchFile)
    case .listed, .unknown: base.status(path)
    }
  }

  func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> { base.resolvedPath(path) }

  func linkTarget(_ path: ScanPath) -> Result<String, Errno> { base.linkTarget(path) }

  func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> {
    listings.children[path].map { .success($0.map(\.name)) } ?? base.directoryEntries(path)
  }

  func listing(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    listings.children[path].map { .success($0) } ?? base.listing(path)
  }

  func listing(_ path: ScanPath, leadingBytes count: Int) -> Result<[FolderEntry], Errno> {
    base.listing(path, leadingBytes: count)
  }

  func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    try base.contents(of: path, limit: limit)
  }

  func contents(
    of path: ScanPath, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    try base.contents(of: path, limit: limit, needing: needed)
  }
}
