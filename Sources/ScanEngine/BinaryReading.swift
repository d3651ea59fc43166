package import BinaryImage
import ImageLoader
package import ScanFiles
import TargetDiscovery

/// Reads one binary through the file system seam, within `ReadLimits.binaryBytes`, then through
/// the reader its format needs; a file that shrank while it was read is one `io` error.
package enum BinaryReading {
  /// Reads the binary at `path` from `fileSystem`.
  /// - Throws: `BinaryError` when the file cannot be read at all (`io`, `notBinary`, a broken header).
  package static func read(_ path: ScanPath, from fileSystem: some ScanFileSystem, options: ReadOptions)
    throws(BinaryError)
    -> BinaryFile
  {
    try read(path, from: fileSystem, options: options) { _, binary in binary }
  }

  /// Reads the binary at `path` and hands `body` its images together with the bytes they were
  /// read from, for a second pass over them (call sites) before the bytes are released.
  package static func read<Result>(
    _ path: ScanPath, from fileSystem: some ScanFileSystem, options: ReadOptions,
    then body: (FileBytes, BinaryFile) -> Result
  ) throws(BinaryError) -> Result {
    let limit = ReadLimits.binaryBytes
    let file = try fileSystem.contents(of: path, limit: limit, needing: BinaryFileReader.leadingBytesNeeded)
    guard file.fileSize <= limit else {
      throw BinaryError(.io, "larger than \(ReadLimits.describe(limit)); not read")
    }
    let binary = try BinaryFileReader.read(file, path: path.description, options: options)
    let result = body(file, binary)
    guard !file.shrankWhileRead else {
      throw BinaryError(.io, "the file shrank while it was read (a build or sync writing it?); scan it again")
    }
    return result
  }
}
