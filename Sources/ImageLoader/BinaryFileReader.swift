package import BinaryImage
import ELFSymbols
import MachOImage
package import ScanFiles

/// Recognises a file's format and hands its bytes to the ELF or Mach-O reader.
///
/// The single entry point that turns a file's bytes into images, so that format dispatch and
/// error attribution live in one place; where the bytes come from is the caller's business.
package enum BinaryFileReader {
  /// Reads the images in `file`.
  /// - Parameters:
  ///   - file: The whole file's bytes.
  ///   - path: The path as given or found; errors and results carry it unchanged.
  ///   - options: Which tables to collect.
  /// - Returns: The file's images and any per-member or per-slice problems.
  /// - Throws: `BinaryError` when the file cannot be read at all: `notBinary`, or a broken header.
  package static func read(_ file: FileBytes, path: String, options: ReadOptions = .all) throws(BinaryError)
    -> BinaryFile
  {
    switch FileMagic(file.bytes) {
    case .elf:
      return try readELF(file, path: path, options: options)
    case .machO, .universal, .javaClass:
      return try MachOReader.read(file, path: path, options: options)
    case .archive:
      if ArchiveFlavor.firstMemberIsELF(file.bytes) {
        return try readELF(file, path: path, options: options)
      }
      return try MachOReader.read(file, path: path, options: options)
    case .unknown:
      throw BinaryError(.notBinary, "not an ELF, Mach-O or ar file")
    }
  }

  /// How many of a file's leading bytes `read` can touch, judged from `leading` (its first bytes)
  /// and its size: a thin Mach-O needs its tables and no more (`MachOReadExtent`); other formats
  /// are read whole. Lets a source that decompresses (an archive entry) decompress no more.
  package static func leadingBytesNeeded(from leading: UnsafeRawBufferPointer, fileSize: Int) -> Int {
    MachOReadExtent.leadingBytesNeeded(from: leading, fileSize: fileSize)
  }

  private static func readELF(_ file: FileBytes, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
    guard ELFReader.isAvailable else {
      throw BinaryError(
        .unsupported, "ELF input, but sdkvet was built without libelf (see README: ELF on macOS)")
    }
    return try ELFReader.read(file, path: path, options: options)
  }
}
