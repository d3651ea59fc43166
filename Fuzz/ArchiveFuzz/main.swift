import ArchiveFileSystem
import BinaryImage
import ScanFiles
import TargetDiscovery

/// libFuzzer entry point: opens the input as an archive and walks everything it holds.
///
/// The property checked is the house rule for untrusted input: opening the archive, listing every
/// folder, resolving and reading every entry (links included, in and out of the archive) returns
/// or throws `BinaryError`, and never traps, reads out of bounds or runs away.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  let fileSystem = ArchiveMountingFileSystem(base: OneFile(path: "/fuzz/input", bytes: FileBytes(copying: bytes)))
  guard case .success(let archive) = fileSystem.mountArchive(at: ScanPath("/fuzz/input")) else { return 0 }
  var pending = [archive.root]
  var visited = 0
  while let folder = pending.popLast(), visited < 10_000 {
    for name in (try? fileSystem.directoryEntries(folder).get()) ?? [] {
      visited += 1
      let path = folder.appending(name)
      _ = fileSystem.resolvedPath(path)
      _ = fileSystem.linkTarget(path)
      switch (try? fileSystem.linkStatus(path).get())?.kind {
      case .directory: pending.append(path)
      case .regular: _ = try? fileSystem.contents(of: path, limit: 1 << 20)
      case .symbolicLink: _ = fileSystem.status(path)
      default: break
      }
    }
  }
  return 0
}

/// A file system holding one file, the fuzzer's input.
struct OneFile: ScanFileSystem {
  let path: ScanPath
  let bytes: FileBytes

  func linkStatus(_ path: ScanPath) -> Result<FileStatus, Errno> { status(path) }
  func status(_ path: ScanPath) -> Result<FileStatus, Errno> {
    path == self.path
      ? .success(FileStatus(kind: .regular, identity: FileIdentity(device: 1, inode: 1))) : .failure(.noSuchFile)
  }
  func resolvedPath(_ path: ScanPath) -> Result<ScanPath, Errno> {
    path == self.path ? .success(path) : .failure(.noSuchFile)
  }
  func linkTarget(_ path: ScanPath) -> Result<String, Errno> { .failure(.invalidArgument) }
  func directoryEntries(_ path: ScanPath) -> Result<[String], Errno> { .failure(.notADirectory) }
  func contents(of path: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    guard path == self.path else { throw BinaryError(.io, "no such file") }
    return bytes
  }
}
