package import BinaryImage

/// Reading code signature blobs (`<kern/cs_blobs.h>`): every blob is big-endian and starts with
/// a magic and its own length; every offset and length is checked against the blob it sits in.
extension CodeSignatureInfo {
  /// `CSMAGIC_EMBEDDED_SIGNATURE`: the superblob of `LC_CODE_SIGNATURE`.
  static let superBlobMagic: UInt32 = 0xfade_0cc0
  /// `CSMAGIC_CODEDIRECTORY`.
  static let codeDirectoryMagic: UInt32 = 0xfade_0c02
  /// `CSMAGIC_BLOBWRAPPER`: the CMS signature's wrapper.
  static let blobWrapperMagic: UInt32 = 0xfade_0b01
  /// `CSSLOT_CODEDIRECTORY`, the first and last alternate directory slots, and `CSSLOT_SIGNATURESLOT`.
  static let primarySlot: UInt32 = 0
  static let alternateSlots: ClosedRange<UInt32> = 0x1000...0x1004
  static let cmsSlot: UInt32 = 0x1_0000

  /// Reads an embedded signature: the `CS_SuperBlob` `superBlob` starts with (a magic, a length,
  /// a count and `{type, offset}` index entries, offsets from the superblob's start).
  /// - Throws: `malformed`/`truncated` when the superblob, its index, a directory or the CMS
  ///   wrapper does not fit or has the wrong magic, or there is no primary code directory.
  package init(superBlob data: ByteReader) throws(BinaryError) {
    var outer = data
    outer.byteOrder = .big
    let blob = try Self.blob(outer, at: 0, magic: Self.superBlobMagic, "code signature superblob")
    let count = try blob.peek(UInt32.self, at: 8, "code signature superblob: count")
    let index = try blob.slice(
      at: 12, count: try count.checkedMultiplying(8, "code signature superblob: count", offset: blob.fileOffset(8)),
      "code signature superblob index (count)")
    var primary: ByteReader?
    var alternates: [(UInt32, ByteReader)] = []
    var cms: ByteReader?
    for position in stride(from: 0, to: index.count, by: 8) {
      let slot = try index.peek(UInt32.self, at: position, "code signature index: type")
      let offset = try index.peek(UInt32.self, at: position + 4, "code signature index: offset")
      let start = Int(offset)
      switch slot {
      case Self.primarySlot where primary == nil:
        primary = try Self.blob(blob, at: start, magic: Self.codeDirectoryMagic, "code directory")
      case Self.alternateSlots where !alternates.contains { $0.0 == slot }:
        alternates.append((slot, try Self.blob(blob, at: start, magic: Self.codeDirectoryMagic, "code directory")))
      case Self.cmsSlot where cms == nil:
        cms = try Self.blob(blob, at: start, magic: Self.blobWrapperMagic, "CMS signature wrapper")
      default:
        continue
      }
    }
    guard let primary else {
      throw BinaryError(.malformed, "code signature superblob has no code directory (slot 0)", offset: blob.baseOffset)
    }
    try self.init(primary: primary, alternates: alternates.sorted { $0.0 < $1.0 }, cms: try cms.map(Self.cmsPayload))
  }

  /// Reads a detached signature, as a bundle's `_CodeSignature/` holds it: the `CodeDirectory`
  /// file, the alternate directories (`CodeRequirements-1` …, in slot order) and the
  /// `CodeSignature` file (a CMS blob wrapper; `nil` when the file is absent).
  /// - Throws: `malformed`/`truncated` when a blob does not fit or has the wrong magic.
  package init(codeDirectory: ByteReader, alternates: [ByteReader], cms: ByteReader?) throws(BinaryError) {
    func bigEndian(_ reader: ByteReader) -> ByteReader {
      var reader = reader
      reader.byteOrder = .big
      return reader
    }
    let primary = try Self.blob(bigEndian(codeDirectory), at: 0, magic: Self.codeDirectoryMagic, "code directory")
    var slotted: [(UInt32, ByteReader)] = []
    for (offset, alternate) in alternates.prefix(Self.alternateSlots.count).enumerated() {
      let directory = try Self.blob(bigEndian(alternate), at: 0, magic: Self.codeDirectoryMagic, "code directory")
      slotted.append((Self.alternateSlots.lowerBound + UInt32(offset), directory))
    }
    let payload = try cms.map { reader throws(BinaryError) in try Self.detachedCMS(bigEndian(reader)) }
    try self.init(primary: primary, alternates: slotted, cms: payload)
  }

  /// The CMS of a `_CodeSignature/CodeSignature` file: Xcode writes it bare (a BER `SEQUENCE`,
  /// first byte 0x30), `codesign` of old and the embedded form wrap it in a `0xfade0b01` blob.
  private static func detachedCMS(_ file: ByteReader) throws(BinaryError) -> ByteReader {
    if file.count > 0, try file.peek(UInt8.self, at: 0, "CMS signature") == 0x30 { return file }
    return try cmsPayload(try blob(file, at: 0, magic: blobWrapperMagic, "CMS signature wrapper"))
  }

  /// The CMS inside a blob wrapper.
  private static func cmsPayload(_ wrapper: ByteReader) throws(BinaryError) -> ByteReader {
    try wrapper.slice(at: 8, count: wrapper.count - 8, "CMS signature")
  }

  private init(primary: ByteReader, alternates: [(UInt32, ByteReader)], cms: ByteReader?) throws(BinaryError) {
    var directories = [try Self.directory(primary, slot: Self.primarySlot)]
    for (slot, alternate) in alternates { directories.append(try Self.directory(alternate, slot: slot)) }
    guard let cms, cms.count > 0 else {
      self.init(directories: directories, cmsSize: 0, certificate: .none)
      return
    }
    do throws(BinaryError) {
      let signedData = try CMSSignedData(cms)
      self.init(
        directories: directories, cmsSize: cms.count, certificate: signedData.certificate.map { .parsed($0) } ?? .none,
        cmsSignsCodeDirectory: signedData.matches(codeDirectory: primary))
    } catch {
      self.init(directories: directories, cmsSize: cms.count, certificate: .notParsed(error.message))
    }
  }

  /// The blob at `offset` in `container`, sliced to its own `length` field, after checking its magic.
  private static func blob(_ container: ByteReader, at offset: Int, magic: UInt32, _ what: String) throws(BinaryError)
    -> ByteReader
  {
    let found = try container.peek(UInt32.self, at: offset, "\(what): magic")
    guard found == magic else {
      throw BinaryError(
        .malformed, "\(what): magic 0x\(String(found, radix: 16)), expected 0x\(String(magic, radix: 16))",
        offset: container.fileOffset(offset))
    }
    let length = try container.peek(UInt32.self, at: offset + 4, "\(what): length")
    guard length >= 8 else {
      throw BinaryError(
        .malformed, "\(what): length \(length) is shorter than its header", offset: container.fileOffset(offset + 4))
    }
    return try container.slice(at: offset, count: length, "\(what) (length)")
  }

  /// The fields of the code directory `directory` (already sliced to its length).
  private static func directory(_ directory: ByteReader, slot: UInt32) throws(BinaryError) -> CodeDirectorySummary {
    let version = try directory.peek(UInt32.self, at: 0x08, "code directory: version")
    let flags = try directory.peek(UInt32.self, at: 0x0c, "code directory: flags")
    let hashType = CodeDirectorySummary.HashType(try directory.peek(UInt8.self, at: 0x25, "code directory: hashType"))
    guard let identifier = try string(in: directory, offsetField: 0x14, "code directory: identOffset") else {
      throw BinaryError(
        .malformed, "code directory: identOffset is 0 (no identifier)", offset: directory.fileOffset(0x14))
    }
    let team =
      version >= 0x20200 ? try string(in: directory, offsetField: 0x30, "code directory: teamOffset") : nil
    let digest: [UInt8]? =
      switch hashType {
      case .sha1: Digest.sha1(directory.bytes)
      case .sha256, .sha256Truncated: Digest.sha256(directory.bytes)
      case .sha384, .unknown: nil
      }
    return CodeDirectorySummary(
      slot: slot, version: version, flags: flags, hashType: hashType, identifier: identifier, teamIdentifier: team,
      cdhash: digest.map { Digest.hex($0.prefix(20)) })
  }

  /// The NUL-terminated string whose offset is stored at `offsetField`; `nil` for offset 0.
  private static func string(in directory: ByteReader, offsetField: Int, _ what: String) throws(BinaryError) -> String?
  {
    let offset = try directory.peek(UInt32.self, at: offsetField, what)
    guard offset != 0 else { return nil }
    return String(fileBytes: try directory.cString(at: offset, what))
  }
}
