package import BinaryImage
package import ScanFiles

/// Reads Mach-O files: thin images, universal files and ar archives of Mach-O objects,
/// including universal files whose slices are archives.
///
/// The container is interpreted here; each image is read by `ThinImageReader`. A slice or
/// member that cannot be read becomes an entry of `BinaryFile.problems`, attributed to its
/// architecture or member, and the others are still read. When nothing at all could be read,
/// the first problem is thrown instead, so a broken file gives one clear error.
package enum MachOReader {
  /// Reads every image of a Mach-O, universal or archive file.
  /// - Parameters:
  ///   - fileBytes: The file, or of a thin image the leading bytes its tables reach
  ///     (`MachOReadExtent`); it must outlive the call only.
  ///   - path: The path, carried into the result.
  ///   - options: Which tables to read.
  /// - Returns: The images in slice and member order, and per-image problems.
  /// - Throws: `notBinary` for bytes that are not Mach-O (including a Java class file sharing the
  ///   universal magic), `truncated`/`malformed` for a file whose container or only image is broken.
  package static func read(_ fileBytes: FileBytes, path: String, options: ReadOptions) throws(BinaryError) -> BinaryFile
  {
    let bytes = fileBytes.bytes
    let file = ByteReader(bytes)
    var result: BinaryFile
    switch FileMagic(bytes) {
    case .universal:
      result = BinaryFile(path: path, container: .universal)
      let header = try FatHeader(parsing: file)
      for slice in header.slices {
        readSlice(slice, of: file, options: options, into: &result)
      }
    case .machO:
      result = BinaryFile(path: path, container: .machO)
      readImage(file, size: max(fileBytes.fileSize, bytes.count), member: nil, options: options, into: &result)
    case .archive:
      result = BinaryFile(path: path, container: .archive)
      try readArchive(file, architecture: nil, options: options, into: &result)
    case .javaClass:
      throw BinaryError(.notBinary, "not Mach-O (looks like a Java class file)", offset: 4)
    case .elf, .unknown:
      throw BinaryError(.notBinary, "not a Mach-O, universal or ar file")
    }
    if result.images.isEmpty, let first = result.problems.first {
      throw first
    }
    return result
  }

  /// Reads one universal slice: a thin image or an archive.
  private static func readSlice(
    _ slice: FatHeader.Slice, of file: ByteReader, options: ReadOptions, into result: inout BinaryFile
  ) {
    let architecture = slice.architecture
    do throws(BinaryError) {
      let bytes = try file.slice(
        at: slice.offset, count: slice.size, "Mach-O universal slice \(architecture) (offset, size)")
      switch FileMagic(bytes.bytes) {
      case .machO:
        readImage(bytes, size: bytes.count, member: nil, options: options, into: &result)
      case .archive:
        try readArchive(bytes, architecture: architecture, options: options, into: &result)
      default:
        throw BinaryError(
          .malformed, "Mach-O universal slice is neither a Mach-O image nor an archive", offset: bytes.baseOffset)
      }
    } catch {
      result.problems.append(error.located(architecture: architecture))
    }
  }

  /// Reads every member of an archive; members that are not Mach-O are reported, not read.
  private static func readArchive(
    _ bytes: ByteReader, architecture: String?, options: ReadOptions, into result: inout BinaryFile
  ) throws(BinaryError) {
    var archive = try ArArchive(bytes.bytes, baseOffset: bytes.baseOffset)
    do throws(BinaryError) {
      while let member = try archive.next() {
        do throws(BinaryError) {
          let content = try bytes.slice(
            at: member.range.lowerBound, count: member.range.count, "ar member \(member.name)")
          guard FileMagic(content.bytes) == .machO else {
            throw BinaryError(.notBinary, "archive member is not a Mach-O object", offset: content.baseOffset)
          }
          readImage(content, size: content.count, member: member.name, options: options, into: &result)
        } catch {
          result.problems.append(error.located(member: member.name, architecture: architecture))
        }
      }
    } catch {
      result.problems.append(error.located(architecture: architecture))
    }
  }

  /// Reads one thin image, appending it and its problems, or the error that stopped it.
  private static func readImage(
    _ bytes: ByteReader, size: Int, member: String?, options: ReadOptions, into result: inout BinaryFile
  ) {
    do throws(BinaryError) {
      let (image, problems) = try ThinImageReader.read(bytes, size: size, member: member, options: options)
      result.images.append(image)
      result.problems.append(contentsOf: problems)
    } catch {
      let architecture = (try? MachHeader(parsing: bytes))?.architecture
      result.problems.append(error.located(member: member, architecture: architecture))
    }
  }
}
