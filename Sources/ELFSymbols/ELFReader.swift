public import BinaryImage

/// Reads ELF objects, shared objects, executables and ar archives of them through libelf.
public enum ELFReader {
  /// Whether this build can read ELF (false on macOS built without the `LibELF` trait).
  public static var isAvailable: Bool { false }

  /// Reads every image in an ELF file or an archive of ELF objects.
  public static func read(_ file: MappedFile, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
    throw BinaryError(.unsupported, "ELF: not implemented yet")
  }
}
