import BinaryImage

/// The identity in an `LC_CODE_SIGNATURE` blob: the code directory's identifier and team ID.
///
/// The payload is a `CS_SuperBlob` (`<kern/cs_blobs.h>`, big-endian): a magic, a length, a
/// count and `{type, offset}` index entries. The entry of type `CSSLOT_CODEDIRECTORY` points at a
/// `CS_CodeDirectory` whose `identOffset` and (from version `0x20200`) `teamOffset` name
/// NUL-terminated strings inside the code directory. Every offset is checked against the blob
/// that contains it.
struct CodeSignature {
  /// The code directory identifier (usually the bundle identifier or file name).
  var identifier: String?
  /// The team identifier, present for signatures made with a developer certificate.
  var teamIdentifier: String?

  /// Reads the signature named by `command` in `image`.
  /// - Throws: `truncated`/`malformed` when the superblob or code directory does not fit.
  init(command: LoadCommand, image: ByteReader) throws(BinaryError) {
    let (offset, size) = try command.linkeditData("Mach-O LC_CODE_SIGNATURE")
    var blob = try image.slice(at: offset, count: size, "Mach-O code signature (dataoff, datasize)")
    blob.byteOrder = .big
    let magic = try blob.peek(UInt32.self, at: 0, "Mach-O code signature: magic")
    guard magic == CodeSigningConstants.embeddedSignature else {
      throw BinaryError(
        .malformed, "Mach-O code signature: magic 0x\(String(magic, radix: 16)) is not a superblob",
        offset: blob.baseOffset)
    }
    let count = try blob.peek(UInt32.self, at: 8, "Mach-O code signature: count")
    let indexSize = try count.checkedMultiplying(8, "Mach-O code signature: count")
    let index = try blob.slice(at: 12, count: indexSize, "Mach-O code signature index")
    var position = 0
    while position < index.count {
      let type = try index.peek(UInt32.self, at: position, "Mach-O code signature: blob type")
      let blobOffset = try index.peek(UInt32.self, at: position + 4, "Mach-O code signature: blob offset")
      position += 8
      guard type == CodeSigningConstants.codeDirectorySlot else { continue }
      let directory = try Self.codeDirectory(in: blob, at: blobOffset)
      identifier = try Self.string(in: directory, offsetField: 20, "Mach-O code directory: identOffset")
      let version = try directory.peek(UInt32.self, at: 8, "Mach-O code directory: version")
      if version >= CodeSigningConstants.supportsTeamID {
        teamIdentifier = try Self.string(in: directory, offsetField: 48, "Mach-O code directory: teamOffset")
      }
      return
    }
  }

  /// The code directory at `offset` in the superblob, sliced to its own `length`.
  private static func codeDirectory(in blob: ByteReader, at offset: UInt32) throws(BinaryError) -> ByteReader {
    let start = Int(truncatingIfNeeded: offset)
    let magic = try blob.peek(UInt32.self, at: start, "Mach-O code directory: magic")
    guard magic == CodeSigningConstants.codeDirectory else {
      throw BinaryError(
        .malformed, "Mach-O code directory: magic 0x\(String(magic, radix: 16))", offset: blob.fileOffset(start))
    }
    let length = try blob.peek(UInt32.self, at: start + 4, "Mach-O code directory: length")
    return try blob.slice(at: offset, count: length, "Mach-O code directory (length)")
  }

  /// The string whose offset is stored at `offsetField`; `nil` for offset 0.
  private static func string(in directory: ByteReader, offsetField: Int, _ what: String) throws(BinaryError) -> String?
  {
    let offset = try directory.peek(UInt32.self, at: offsetField, what)
    guard offset != 0 else { return nil }
    return String(fileBytes: try directory.cString(at: offset, what))
  }
}
