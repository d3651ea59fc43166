import BinaryImage

@testable import ELFSymbols

#if canImport(CLibELF)
  /// The section headers of an ELF file a test holds as bytes, read through libelf, and a
  /// section's bytes sliced from the file: for the tests that compare code or `.eh_frame` with
  /// llvm-objdump section by section (the x86 decoder's, the FDE ranges').
  struct ELFSectionHeaders {
    /// Every section from section 1 on.
    let all: [ELFSection]

    /// Reads the section headers of `image`, bytes of a `FileBytes` (private, writable memory,
    /// as `LibELF.open` needs).
    init(_ image: ByteReader) throws(BinaryError) {
      let elf = try LibELF.open(memory: UnsafeMutableRawBufferPointer(mutating: image.bytes))
      defer { LibELF.end(elf) }
      all = try LibELF.sections(elf)
    }

    /// The bytes of `section` in `image`.
    func contents(_ section: ELFSection, in image: ByteReader) throws(BinaryError) -> UnsafeRawBufferPointer {
      try image.slice(at: section.fileOffset, count: section.size, "ELF section \(section.name)").bytes
    }
  }
#endif
