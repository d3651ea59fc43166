public import BinaryImage

/// Reads Mach-O files: thin images, universal files and ar archives of Mach-O objects.
public enum MachOReader {
  /// Reads every image of a Mach-O, universal or archive file.
  public static func read(_ bytes: UnsafeRawBufferPointer, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
    throw BinaryError(.unsupported, "Mach-O: not implemented yet")
  }
}
