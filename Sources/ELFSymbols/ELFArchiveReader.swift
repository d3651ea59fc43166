import ScanFiles

#if canImport(CLibELF)
  import BinaryImage

  /// Reads an ar archive of ELF objects: `ArArchive` (the walker Mach-O archives use too) finds
  /// the members, and each object member is handed to libelf from memory.
  ///
  /// A member that cannot be read becomes a problem attributed to it and the walk goes on; a
  /// corrupt member header ends the walk (nothing after it can be located), also as a problem.
  enum ELFArchiveReader {
    /// Reads every object member of the archive `file`.
    static func read(_ file: FileBytes, options: ReadOptions) throws(BinaryError) -> (
      images: [Image], problems: [BinaryError]
    ) {
      var archive = try ArArchive(file.bytes)
      var images: [Image] = []
      var problems: [BinaryError] = []
      do throws(BinaryError) {
        while let member = try archive.next() {
          do throws(BinaryError) {
            let bytes = UnsafeMutableRawBufferPointer(rebasing: file.mutableBytes[member.range])
            var image = try readObject(bytes, member: member, options: options)
            image.byteRange = member.range
            images.append(image)
          } catch {
            problems.append(error.located(member: member.name))
          }
        }
      } catch {
        problems.append(error)
      }
      return (images, problems)
    }

    private static func readObject(
      _ bytes: UnsafeMutableRawBufferPointer, member: ArArchive.Member, options: ReadOptions
    ) throws(BinaryError) -> Image {
      switch FileMagic(UnsafeRawBufferPointer(bytes)) {
      case .elf:
        try ELFHeaderCheck.validate(UnsafeRawBufferPointer(bytes))
        let object = try LibELF.open(memory: bytes)
        defer { LibELF.end(object) }
        return try ELFImageReader.read(object, member: member.name, options: options)
      case .archive:
        throw BinaryError(
          .unsupported, "ELF archive: nested archives are not read", offset: UInt64(member.range.lowerBound))
      default:
        throw BinaryError(
          .notBinary, "ELF archive: member is not an ELF object", offset: UInt64(member.range.lowerBound))
      }
    }
  }
#endif
