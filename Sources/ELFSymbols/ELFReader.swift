public import BinaryImage

/// Reads ELF objects, shared objects, executables and ar archives of them through libelf.
///
/// Files are handed to libelf with `elf_memory` over the caller's mapping rather than opened
/// again by descriptor: the bytes are already mapped (private and writable, so libelf may
/// convert a foreign byte order in place without touching the file), nothing is read twice,
/// and the same path serves BSD archive members that libelf itself cannot delimit.
public enum ELFReader {
  #if canImport(CLibELF)
    /// Whether this build can read ELF (false on macOS built without the `LibELF` trait).
    public static var isAvailable: Bool { true }

    /// Reads every image in an ELF file or an archive of ELF objects.
    /// - Parameters:
    ///   - file: The mapped file; its mapping is private and writable (see `MappedFile`).
    ///   - path: The path as given, carried into the result.
    ///   - options: Which symbols to collect.
    /// - Returns: One image for an ELF file, one per object member for an archive, with
    ///   unreadable members in `problems`.
    /// - Throws: `BinaryError` when the file as a whole cannot be read.
    public static func read(_ file: MappedFile, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
      let bytes = UnsafeMutableRawBufferPointer(mutating: file.bytes)
      switch FileMagic(file.bytes) {
      case .elf:
        try ELFHeaderCheck.validate(file.bytes)
        let elf = try LibELF.open(memory: bytes)
        defer { LibELF.end(elf) }
        let image = try ELFImageReader.read(elf, member: nil, options: options)
        return BinaryFile(path: path, container: .elf, images: [image])
      case .archive:
        let archive = try LibELF.open(memory: bytes)
        defer { LibELF.end(archive) }
        guard LibELF.kind(archive) == .archive else {
          throw BinaryError(.malformed, "ELF archive: libelf does not recognise the archive")
        }
        let (images, problems) = ELFArchiveReader.read(archive, archiveSize: bytes.count, options: options)
        return BinaryFile(path: path, container: .archive, images: images, problems: problems)
      default:
        throw BinaryError(.notBinary, "not an ELF file or ar archive")
      }
    }
  #else
    /// Whether this build can read ELF (false on macOS built without the `LibELF` trait).
    public static var isAvailable: Bool { false }

    /// Always throws: this build has no libelf.
    public static func read(_ file: MappedFile, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile {
      throw BinaryError(.unsupported, "ELF input, but sdkvet was built without libelf")
    }
  #endif
}
