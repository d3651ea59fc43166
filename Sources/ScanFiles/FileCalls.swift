import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every C library call through which sdkvet touches the file system, each returning its result
/// or the `Errno` that explains the failure: one place to read what a scan does to files, and to
/// port. Paths go to the system as their exact bytes (`PathBytes`).
package enum FileCalls {
  /// `lstat(2)` when `followingLinks` is false, else `stat(2)`.
  static func status(_ path: String, followingLinks: Bool) -> Result<stat, Errno> {
    var info = stat()
    let result = PathBytes.withCString(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
    return result == 0 ? .success(info) : .failure(.current)
  }

  /// `realpath(3)`.
  static func resolvedPath(_ path: String) -> Result<String, Errno> {
    guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return .failure(.current) }
    defer { free(resolved) }
    return .success(PathBytes.decode(cString: resolved))
  }

  /// `readlink(2)`, for a target of at most 4,095 bytes (`PATH_MAX` on Linux).
  static func linkTarget(_ path: String) -> Result<String, Errno> {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { base in PathBytes.withCString(path) { readlink($0, base, raw.count) } } ?? -1
    }
    guard count >= 0 else { return .failure(.current) }
    guard count < buffer.count else { return .failure(.nameTooLong) }
    return .success(PathBytes.decode(buffer[0..<count]))
  }

  /// `opendir(3)`, `readdir(3)`, `closedir(3)`: the names in a folder, without `.` and `..`.
  static func directoryEntries(_ path: String) -> Result<[String], Errno> {
    forEachEntry(inFolder: path) { _, name, _, _ in name }
  }

  /// The entries of a folder with their `lstat` status, each looked up in the open folder
  /// (`fstatat(2)` on the folder's descriptor, a final link not followed): one name's look-up,
  /// not the whole path's. An entry whose status cannot be read is left out.
  static func listing(_ path: String) -> Result<[(name: String, status: stat)], Errno> {
    forEachEntry(inFolder: path) { folder, name, cName, _ in
      linkStatus(ofEntry: cName, in: folder).map { (name, $0) }
    }
  }

  /// The entries of a folder as `listing(_:)` gives them, except that each regular file (by the
  /// type `readdir` reports) is opened in the open folder, never through a link and never
  /// waiting on a FIFO swapped in for it: its status is the open file's (`fstat(2)`), with up
  /// to `count` of its first bytes (`pread(2)`). Any other entry, one of unknown type, and a
  /// file that cannot be opened are looked up as `listing(_:)` does, with no bytes.
  ///
  /// The entries of a folder of `lookedUpTogether` or more are looked up on every core, a few to
  /// a worker: discovery walks on one thread, and a folder of headers is four system calls a
  /// file, while the workers that read the binaries it found wait for the next ones.
  static func listing(
    _ path: String, leadingBytes count: Int
  ) -> Result<[ListedEntry], Errno> {
    withEntries(inFolder: path) { _, name, cName, type in
      (name: name, cName: Array(UnsafeBufferPointer(start: cName, count: strlen(cName) + 1)), type: type)
    } finish: { folder, names in
      let look = { @Sendable (index: Int) -> ListedEntry? in
        let (name, cName, type) = names[index]
        return cName.withUnsafeBufferPointer { buffer in
          guard let cName = buffer.baseAddress else { return nil }
          if type == regularFileType, let opened = openedStatusAndLeadingBytes(of: cName, in: folder, count: count) {
            return (name, opened.status, opened.leadingBytes)
          }
          return linkStatus(ofEntry: cName, in: folder).map { (name, $0, nil) }
        }
      }
      guard names.count >= lookedUpTogether else { return names.indices.compactMap(look) }
      let found = Mutex([ListedEntry?](repeating: nil, count: names.count))
      let batches = (names.count + lookedUpTogether - 1) / lookedUpTogether
      DispatchQueue.concurrentPerform(iterations: batches) { batch in
        for index in (batch * lookedUpTogether)..<min(names.count, (batch + 1) * lookedUpTogether) {
          let entry = look(index)
          found.withLock { $0[index] = entry }
        }
      }
      return found.withLock { $0.compactMap { $0 } }
    }
  }

  /// The entries a worker of `listing(_:leadingBytes:)` looks up at a time, and the fewest it
  /// shares out.
  private static let lookedUpTogether = 4

  /// A folder entry as `listing(_:leadingBytes:)` gives it.
  typealias ListedEntry = (name: String, status: stat, leadingBytes: [UInt8]?)

  /// The type `readdir` gives a regular file (`DT_REG`).
  private static let regularFileType = UInt8(DT_REG)

  /// `fstatat(2)` of the entry `name` of the open folder, a final link not followed.
  private static func linkStatus(ofEntry name: UnsafePointer<CChar>, in folder: Int32) -> stat? {
    var info = stat()
    return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
  }

  /// The status of the entry `name` of the open folder, opened as a file, and up to `count` of
  /// its first bytes when it is a regular file (none when they cannot be read); `nil` when it
  /// cannot be opened (a link, a file gone since the listing).
  private static func openedStatusAndLeadingBytes(
    of name: UnsafePointer<CChar>, in folder: Int32, count: Int
  ) -> (status: stat, leadingBytes: [UInt8]?)? {
    let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFREG else { return (info, nil) }
    var bytes = [UInt8](repeating: 0, count: count)
    let outcome = bytes.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { Self.read(fd, into: $0, count: raw.count, at: 0) } ?? .success(0)
    }
    switch outcome {
    case .success(let got): bytes.removeSubrange(got...)
    case .failure: bytes = []
    }
    return (info, bytes)
  }

  /// Calls `body` with the folder's descriptor and each entry's name (decoded, and as the C
  /// string `readdir` gave) and type (`d_type`, `DT_UNKNOWN` where the file system does not
  /// say), without `.` and `..`; keeps what it returns.
  private static func forEachEntry<Entry>(
    inFolder path: String,
    _ body: (_ folder: Int32, _ name: String, _ cName: UnsafePointer<CChar>, _ type: UInt8) -> Entry?
  ) -> Result<[Entry], Errno> {
    withEntries(inFolder: path, body) { _, entries in entries }
  }

  /// `finish` of what `forEachEntry` keeps, called while the folder's descriptor is still open.
  private static func withEntries<Entry, Outcome>(
    inFolder path: String,
    _ body: (_ folder: Int32, _ name: String, _ cName: UnsafePointer<CChar>, _ type: UInt8) -> Entry?,
    finish: (_ folder: Int32, _ entries: [Entry]) -> Outcome
  ) -> Result<Outcome, Errno> {
    guard let (directory, folder) = openFolder(path) else { return .failure(.current) }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
      let type = entry.pointee.d_type
      let kept = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
          // "." and ".." are the only names that start with a dot and end right after one or two.
          name[0] == 0x2E && (name[1] == 0 || name[1] == 0x2E && name[2] == 0)
            ? nil : body(folder, PathBytes.decode(cString: name), name, type)
        }
      }
      if let kept { entries.append(kept) }
    }
    return .success(finish(folder, entries))
  }

  #if canImport(Darwin)
    /// What `opendir(3)` answers: Darwin's headers show the `DIR` structure, other C libraries hide it.
    private typealias FolderStream = UnsafeMutablePointer<DIR>
  #else
    /// What `opendir(3)` answers: Darwin's headers show the `DIR` structure, other C libraries hide it.
    private typealias FolderStream = OpaquePointer
  #endif

  /// The folder at `path` opened for reading its entries, and its descriptor, which `closedir`
  /// closes; `nil` with `errno` set when it cannot be opened.
  private static func openFolder(_ path: String) -> (directory: FolderStream, descriptor: Int32)? {
    #if canImport(Glibc)
      // glibc's `opendir` opens the folder in one call (close-on-exec, never blocking), and its
      // `dirfd` is a function.
      guard let directory = PathBytes.withCString(path, { opendir($0) }) else { return nil }
      return (directory, dirfd(directory))
    #else
      // Opened as a descriptor first (`fdopendir`): `dirfd` is a macro in some of Apple's SDKs,
      // which Swift cannot call.
      let folder = PathBytes.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK) }
      guard folder >= 0 else { return nil }
      guard let directory = fdopendir(folder) else {
        let failure = errno
        close(folder)
        errno = failure
        return nil
      }
      return (directory, folder)
    #endif
  }

  /// `open(2)` for reading, never waiting (a FIFO swapped in for a file does not block).
  static func openForReading(_ path: String) -> Result<Int32, Errno> {
    let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    return fd >= 0 ? .success(fd) : .failure(.current)
  }

  /// `fstat(2)`: what kind of file `fd` is, and its size.
  package static func kindAndSize(of fd: Int32) -> Result<(kind: FileKindName?, size: Int), Errno> {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.current) }
    return .success((FileKindName(mode: UInt32(info.st_mode)), Int(exactly: info.st_size) ?? 0))
  }

  /// `close(2)`; the error it reports (a write that failed late, on a network file system).
  @discardableResult
  package static func closeFile(_ fd: Int32) -> Errno? {
    close(fd) == 0 ? nil : .current
  }

  /// `open(2)` creating a new file for writing, never an existing one and never through a link
  /// (`O_EXCL`, `O_NOFOLLOW`): the temporary file an output is written to before it is renamed
  /// into place.
  package static func createExclusively(_ path: String) -> Result<Int32, Errno> {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    let fd = PathBytes.withCString(path) { open($0, flags, 0o666) }
    return fd >= 0 ? .success(fd) : .failure(.current)
  }

  /// `open(2)` for writing to something that is not a regular file (a device such as
  /// `/dev/null`, a FIFO): never created, never emptied.
  package static func openStreamForWriting(_ path: String) -> Result<Int32, Errno> {
    let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CLOEXEC) }
    return fd >= 0 ? .success(fd) : .failure(.current)
  }

  /// `access(2)` for `W_OK | X_OK`: whether a file can be created in the folder `path`.
  package static func canCreateFiles(in path: String) -> Result<Void, Errno> {
    PathBytes.withCString(path) { access($0, W_OK | X_OK) } == 0 ? .success(()) : .failure(.current)
  }

  /// `fsync(2)`: the file's bytes on disk before it replaces another.
  package static func synchronize(_ fd: Int32) -> Errno? {
    fsync(fd) == 0 ? nil : .current
  }

  /// `rename(2)`: `source` replaces `destination` in one step; a link at `destination` is
  /// replaced, never followed.
  package static func move(_ source: String, over destination: String) -> Errno? {
    let result = PathBytes.withCString(source) { from in PathBytes.withCString(destination) { to in rename(from, to) } }
    return result == 0 ? nil : .current
  }

  /// `unlink(2)`.
  @discardableResult
  package static func remove(_ path: String) -> Errno? {
    PathBytes.withCString(path) { unlink($0) } == 0 ? nil : .current
  }

  /// `pread(2)` until `count` bytes are read from `offset` or the file ends, retrying interrupts;
  /// how many were read.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Result<Int, Errno>
  {
    var done = 0
    while done < count {
      let got = pread(fd, buffer + done, count - done, off_t(offset + done))
      if got > 0 {
        done += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        return .failure(.current)
      }
    }
    return .success(done)
  }

  /// `mmap(2)` of `count` bytes of `fd` as private, writable memory.
  static func mapPrivately(_ fd: Int32, count: Int) -> Result<UnsafeMutableRawPointer, Errno> {
    guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
      return .failure(.current)
    }
    return .success(address)
  }

  /// `madvise(2)` with `MADV_POPULATE_READ` (Linux 5.14): maps every page of the mapping at
  /// `address` in one call, read-only, so none is copied until written. Elsewhere, on an older
  /// kernel, or when the file shrank, nothing happens and the pages fault in as they are read.
  static func populate(_ address: UnsafeMutableRawPointer, count: Int) {
    #if canImport(Glibc)
      // The advice's number, not the C library's name for it: headers older than glibc 2.35
      // lack the name, and a kernel older than the advice refuses it with EINVAL.
      let populateRead: Int32 = 22
      _ = madvise(address, count, populateRead)
    #endif
  }

  /// Whether populating a mapping (`populate`) costs less than the page faults it saves on the
  /// kernel this process runs on (`populatingPays(kernelRelease:)`); `false` where there is no
  /// populate. Asked once per process.
  static let populatingPays: Bool = {
    #if canImport(Glibc)
      var system = utsname()
      guard uname(&system) == 0 else { return true }
      let release = withUnsafeBytes(of: &system.release) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      return populatingPays(kernelRelease: release)
    #else
      return false
    #endif
  }()

  /// Whether a Linux kernel of `release` (as `uname -r` prints it: `6.1.0-28-amd64`) maps a
  /// file's pages a few at a time. Before 6.16 a read fault of an ext4 file maps at most the
  /// 64 KiB around it, and a reader that reaches across a static archive's members took a fault
  /// for each: populating the mapping at once cut a scan's CPU time by 15%. From 6.16 ext4 keeps
  /// a file's cached pages in large folios and a fault maps the folio, so the scan takes as many
  /// faults either way and populating only added its own cost (a scan 7% slower on 6.18). A
  /// release that cannot be read keeps the populate.
  package static func populatingPays(kernelRelease release: String) -> Bool {
    let numbers = release.split(separator: ".", maxSplits: 2).prefix(2).map {
      Int($0.prefix { ("0"..."9").contains($0) })
    }
    guard numbers.count == 2, let major = numbers[0], let minor = numbers[1] else { return true }
    return (major, minor) < (6, 16)
  }

  /// `count` bytes of memory for `ReadBuffers`, aligned to 2 MiB and, on Linux, asked to be backed
  /// by huge pages (`MADV_HUGEPAGE`, honoured where transparent huge pages are on for it): a
  /// buffer reused for every file costs a page fault for each 2 MiB the first time, not for each
  /// 4 KiB. Freed by `freeReusableBuffer`; `nil` when the memory cannot be had.
  static func allocateReusableBuffer(count: Int) -> UnsafeMutableRawPointer? {
    var start: UnsafeMutableRawPointer?
    guard posix_memalign(&start, hugePageSize, count) == 0, let start else { return nil }
    #if canImport(Glibc)
      _ = madvise(start, count, MADV_HUGEPAGE)
    #endif
    return start
  }

  /// Frees memory from `allocateReusableBuffer`.
  static func freeReusableBuffer(_ start: UnsafeMutableRawPointer) {
    free(start)
  }

  /// The size of a transparent huge page on x86-64, and on arm64 with 4 KiB pages.
  private static let hugePageSize = 2 << 20

  /// `munmap(2)`.
  static func unmap(_ address: UnsafeMutableRawPointer, count: Int) {
    munmap(address, count)
  }
}
