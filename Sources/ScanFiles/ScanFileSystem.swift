public import BinaryImage
public import Foundation

/// The file system a scan walks and reads: the one seam through which discovery finds targets
/// and the engine reads their binaries and documents, so a host can hand sdkvet files that are
/// not on the local disk (an archive's entries, bytes in memory).
///
/// The look-ups answer the `Errno` that explains a failure, so a message can say why a folder
/// could not be read; a caller for whom any failure means "not there" asks `try? ….get()`.
public protocol ScanFileSystem: Sendable {
  /// The status of `path` itself, not following a final symbolic link (`lstat`).
  func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno>
  /// The status of what `path` leads to, following symbolic links (`stat`).
  func status(_ path: ScanPath) -> Result<FileStatus, Errno>
  /// The path with every symbolic link resolved, absolute (`realpath`).
  func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno>
  /// The target text of the symbolic link at `path` (`readlink`).
  func linkTarget(_ path: ScanPath) -> Result<String, Errno>
  /// The names in the folder, without `.` and `..`, in no particular order.
  func directoryEntries(_ path: ScanPath) -> Result<[String], Errno>
  /// The folder's entries with their `lstat` status, in no particular order; an entry whose
  /// status cannot be read is left out. What a walk asks of every folder, answered in one go:
  /// the local disk looks each name up in the open folder instead of walking its whole path
  /// again. The default asks `directoryEntries(_:)` and `linkStatus(_:)` of each entry.
  func listing(_ path: ScanPath) -> Result<[FolderEntry], Errno>
  /// The folder's entries as `listing(_:)` gives them, each regular file's with up to `count` of
  /// its first bytes (`FolderEntry.leadingBytes`): a walk that judges every file by its magic
  /// asks for both at once, and the local disk opens each file in the open folder, its status
  /// read from the open file. The default is `listing(_:)`, no bytes read.
  func listing(_ path: ScanPath, leadingBytes count: Int) -> Result<[FolderEntry], Errno>
  /// Up to `limit` bytes from the start of the regular file at `path`, with the file's whole size.
  /// - Throws: `BinaryError` of kind `io` when it cannot be opened or read, or is not a regular file.
  func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes
  /// Up to `limit` bytes from the start of the regular file at `path`, of which the caller uses
  /// only as many as `needed` says from the first bytes and the file's size (a reader's tables).
  /// A source that copies or decompresses to read (an archive entry, a file not mapped) reads no
  /// further than that; the default reads as `contents(of:limit:)` does.
  /// - Throws: `BinaryError` as `contents(of:limit:)` does.
  func contents(
    of path: ScanPath, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes
}

extension ScanFileSystem {
  /// Lists the folder through `directoryEntries(_:)`, then `linkStatus(_:)` of each entry.
  public func listing(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    listingEachEntryLookedUp(path)
  }

  /// Lists the folder through `listing(_:)`; the caller reads the files' first bytes itself.
  public func listing(_ path: ScanPath, leadingBytes count: Int) -> Result<[FolderEntry], Errno> {
    listing(path)
  }

  /// `directoryEntries(_:)`, then `linkStatus(_:)` of each entry: the listing of a file system
  /// that has no faster one.
  package func listingEachEntryLookedUp(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    directoryEntries(path).map { names in
      names.compactMap { name in
        (try? linkStatus(path.appending(name)).get()).map { FolderEntry(name: name, status: $0) }
      }
    }
  }

  /// Reads as `contents(of:limit:)` does.
  public func contents(
    of path: ScanPath, limit: Int, needing needed: (_ leading: UnsafeRawBufferPointer, _ fileSize: Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    try contents(of: path, limit: limit)
  }

  /// The bytes of a manifest, `Info.plist` or strings file at `path`, or why there are none: a
  /// file larger than `ReadLimits.documentBytes` is not read past the limit and is refused as
  /// "larger than 8 MiB". Discovery and the engine read every document through this.
  public func document(at path: ScanPath) -> Result<Data, BinaryError> {
    let limit = ReadLimits.documentBytes
    do throws(BinaryError) {
      let file = try contents(of: path, limit: limit)
      guard file.fileSize <= limit else {
        return .failure(BinaryError(.io, "larger than \(ReadLimits.describe(limit))"))
      }
      return .success(Data(file.bytes))
    } catch {
      return .failure(error)
    }
  }

  /// Whether `path` is a regular file, following links.
  public func isRegularFile(_ path: ScanPath) -> Bool {
    (try? status(path).get())?.kind == .regular
  }

  /// Whether `path` is a folder, following links.
  public func isDirectory(_ path: ScanPath) -> Bool {
    (try? status(path).get())?.kind == .directory
  }
}
