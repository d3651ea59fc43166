public import BinaryImage
import ELFSymbols
import MachOImage

/// Opens one file, recognises its format and hands it to the ELF or Mach-O reader.
///
/// The single entry point every command uses to turn a path into images, so that format
/// dispatch, memory mapping and error attribution live in one place.
public enum BinaryFileReader {
  /// Reads the file at `path`.
  /// - Parameters:
  ///   - path: The path as given or found; errors and results carry it unchanged.
  ///   - options: Which tables to collect.
  /// - Returns: The file's images and any per-member or per-slice problems.
  /// - Throws: `BinaryError` when the file cannot be read at all: `io`, `notBinary`, or a broken header.
  public static func read(path: String, options: ReadOptions = .all) throws(BinaryError) -> BinaryFile {
    let file = try MappedFile(path: path)
    switch FileMagic(file.bytes) {
    case .elf:
      return try readELF(file, path: path, options: options)
    case .machO, .universal:
      return try MachOReader.read(file.bytes, path: path, options: options)
    case .archive:
      if ArchiveFlavor.firstMemberIsELF(file.bytes) {
        return try readELF(file, path: path, options: options)
      }
      return try MachOReader.read(file.bytes, path: path, options: options)
    case .unknown:
      throw BinaryError(.notBinary, "not an ELF, Mach-O or ar file")
    }
  }

  private static func readELF(_ file: MappedFile, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile
  {
    guard ELFReader.isAvailable else {
      throw BinaryError(
        .unsupported, "ELF input, but sdkvet was built without libelf (see README: ELF on macOS)")
    }
    return try ELFReader.read(file, path: path, options: options)
  }
}
