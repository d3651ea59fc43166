import ArchiveFileSystem
import BinaryImage
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
  guard case .success(let archive) = fileSystem.mountArchive(at: "/fuzz/input") else { return 0 }
  var pending = [archive.root]
  var visited = 0
  while let folder = pending.popLast(), visited < 10_000 {
    for name in fileSystem.directoryEntries(folder) ?? [] {
      visited += 1
      let path = folder + "/" + name
      _ = fileSystem.resolvedPath(path)
      _ = fileSystem.linkTarget(path)
      switch fileSystem.linkStatus(path)?.kind {
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
  let path: String
  let bytes: FileBytes

  func linkStatus(_ path: String) -> FileStatus? { status(path) }
  func status(_ path: String) -> FileStatus? {
    path == self.path ? FileStatus(kind: .regular, identity: FileIdentity(device: 1, inode: 1)) : nil
  }
  func resolvedPath(_ path: String) -> String? { path == self.path ? path : nil }
  func linkTarget(_ path: String) -> String? { nil }
  func directoryEntries(_ path: String) -> [String]? { nil }
  func contents(of path: String, limit: Int) throws(BinaryError) -> FileBytes {
    guard path == self.path else { throw BinaryError(.io, "no such file") }
    return bytes
  }
}
