import BinaryImage
import ELFSymbols

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer entry point: every input is written to a scratch file, mapped the way sdkvet maps
/// its inputs, and read by `ELFReader` with every table enabled. The reader may throw
/// `BinaryError`; any crash, trap or AddressSanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzELFReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = FuzzScratchFile.path
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard fd >= 0 else { return 0 }
  var written = 0
  while written < size {
    let count = write(fd, data + written, size - written)
    guard count > 0 else { break }
    written += count
  }
  close(fd)
  guard written == size, let file = try? MappedFile(path: path) else { return 0 }
  _ = try? ELFReader.read(file, path: path, options: .all)
  return 0
}

/// One scratch file per fuzzing process, in shared memory when there is some.
enum FuzzScratchFile {
  static let path: String = {
    let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(folder)/sdkvet-elf-fuzz-\(getpid())"
  }()
}
