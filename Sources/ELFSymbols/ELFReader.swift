package import BinaryImage
package import ScanFiles

/// Reads ELF objects, shared objects, executables and ar archives of them through libelf.
///
/// Files are handed to libelf with `elf_memory` over the caller's bytes rather than opened again
/// by descriptor: the bytes are already read (private and writable, so libelf may convert a
/// foreign byte order in place without touching the file), nothing is read twice, and bytes that
/// never were a file on disk (an archive's entry) are read the same way.
package enum ELFReader {
  #if canImport(CLibELF)
    /// Whether this build can read ELF (false on macOS built without the `LibELF` trait).
    package static var isAvailable: Bool { true }

    /// Reads every image in an ELF file or an archive of ELF objects.
    /// - Parameters:
    ///   - file: The whole file, in a private, writable buffer (see `FileBytes`).
    ///   - path: The path as given, carried into the result.
    ///   - options: Which symbols to collect.
    /// - Returns: One image for an ELF file, one per object member for an archive, with
    ///   unreadable members in `problems`.
    /// - Throws: `BinaryError` when the file as a whole cannot be read.
    package static func read(_ file: FileBytes, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
      let bytes = file.mutableBytes
      switch FileMagic(file.bytes) {
      case .elf:
        try ELFHeaderCheck.validate(file.bytes)
        let elf = try LibELF.open(memory: bytes)
        defer { LibELF.end(elf) }
        var image = try ELFImageReader.read(elf, member: nil, options: options)
        image.byteRange = 0..<bytes.count
        return BinaryFile(path: path, container: .elf, images: [image])
      case .archive:
        let (images, problems) = try ELFArchiveReader.read(file, options: options)
        return BinaryFile(path: path, container: .archive, images: images, problems: problems)
      default:
        throw BinaryError(.notBinary, "not an ELF file or ar archive")
      }
    }
  #else
    /// Whether this build can read ELF (false on macOS built without the `LibELF` trait).
    package static var isAvailable: Bool { false }

    /// Always throws: this build has no libelf.
    package static func read(_ file: FileBytes, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
      throw BinaryError(.unsupported, "ELF input, but sdkvet was built without libelf")
    }
  #endif
}
