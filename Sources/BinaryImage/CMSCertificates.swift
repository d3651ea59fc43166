/// Finds the leaf certificate in a CMS signature (RFC 5652 `ContentInfo` holding `SignedData`)
/// with a small walker over its DER/BER encoding, to name a self-signed signer the way Xcode
/// does: by the SHA-256 of the certificate's bytes. It reads tags and lengths only, never
/// verifies anything, and checks every length against the bytes that exist.
///
/// `codesign` writes BER with indefinite lengths around the content, so those are followed
/// (to a bounded depth); the certificates themselves are DER. The first certificate of the
/// `certificates` set is the leaf: `codesign` writes the chain leaf first.
enum CMSCertificates {
  /// Nesting deeper than this is refused (a CMS signature nests about six levels to a certificate).
  static let depthLimit = 24

  /// The leaf certificate's SHA-256, or why it could not be found.
  static func leafFingerprint(in cms: ByteReader) -> CertificateFingerprint {
    do throws(BinaryError) {
      guard let certificate = try leafCertificate(in: cms) else { return .none }
      return .sha256(Digest.hex(Digest.sha256(certificate.bytes), uppercase: true))
    } catch {
      return .notParsed(error.message)
    }
  }

  /// The bytes of the first certificate (tag, length and content), or `nil` when the
  /// `SignedData` has no certificates.
  static func leafCertificate(in cms: ByteReader) throws(BinaryError) -> ByteReader? {
    let contentInfo = try Element(in: cms, at: 0, depth: 0)
    try contentInfo.expect(tag: 0x30, "CMS ContentInfo", in: cms)
    let content = try contentInfo.children(in: cms)
    guard content.count >= 2 else {
      throw BinaryError(.malformed, "CMS ContentInfo: no content", offset: cms.fileOffset(0))
    }
    try content[1].expect(tag: 0xa0, "CMS ContentInfo content [0]", in: cms)
    guard let signedData = try content[1].children(in: cms).first else {
      throw BinaryError(.malformed, "CMS content [0] is empty", offset: cms.fileOffset(content[1].start))
    }
    try signedData.expect(tag: 0x30, "CMS SignedData", in: cms)
    // version, digestAlgorithms, encapContentInfo, then [0] IMPLICIT certificates when present.
    let fields = try signedData.children(in: cms)
    guard fields.count > 3, fields[3].tag == 0xa0 else { return nil }
    guard let leaf = try fields[3].children(in: cms).first else { return nil }
    try leaf.expect(tag: 0x30, "CMS certificate", in: cms)
    return try cms.slice(at: leaf.start, count: leaf.end - leaf.start, "CMS certificate")
  }

  /// One BER element: its tag, where its content starts, and where it ends.
  struct Element {
    var tag: UInt8
    /// Offset of the tag byte.
    var start: Int
    /// Offset of the first content byte.
    var contentStart: Int
    /// Offset just past the content (before the end-of-contents octets of an indefinite length).
    var contentEnd: Int
    /// Offset just past the whole element.
    var end: Int
    var depth: Int

    /// Reads the element at `offset`. Tags above 30 (multi-byte) and lengths over 4 bytes are
    /// refused; an indefinite length is resolved by walking the children to the end-of-contents octets.
    init(in data: ByteReader, at offset: Int, depth: Int) throws(BinaryError) {
      guard depth <= CMSCertificates.depthLimit else {
        throw BinaryError(
          .malformed, "CMS: nested deeper than \(CMSCertificates.depthLimit) levels", offset: data.fileOffset(offset))
      }
      self.depth = depth
      start = offset
      tag = try data.peek(UInt8.self, at: offset, "CMS: tag")
      guard tag & 0x1f != 0x1f else {
        throw BinaryError(.malformed, "CMS: multi-byte tag", offset: data.fileOffset(offset))
      }
      let first = try data.peek(UInt8.self, at: offset + 1, "CMS: length")
      if first == 0x80 {
        guard tag & 0x20 != 0 else {
          throw BinaryError(
            .malformed, "CMS: indefinite length on a primitive element", offset: data.fileOffset(offset))
        }
        contentStart = offset + 2
        var position = contentStart
        while true {
          let next = try data.peek(UInt16.self, at: position, "CMS: end-of-contents")
          if next == 0 { break }
          position = try Element(in: data, at: position, depth: depth + 1).end
        }
        contentEnd = position
        end = position + 2
        return
      }
      var length = Int(first)
      var headerLength = 2
      if first & 0x80 != 0 {
        let count = Int(first & 0x7f)
        guard (1...4).contains(count) else {
          throw BinaryError(.malformed, "CMS: \(count)-byte length", offset: data.fileOffset(offset + 1))
        }
        length = 0
        for index in 0..<count {
          length = length << 8 | Int(try data.peek(UInt8.self, at: offset + 2 + index, "CMS: length"))
        }
        headerLength += count
      }
      contentStart = offset + headerLength
      contentEnd = try contentStart.checkedAdding(length, "CMS: length", offset: data.fileOffset(offset))
      guard contentEnd <= data.count else {
        throw BinaryError(
          .truncated, "CMS: element of \(length) bytes runs past the end (\(data.count) bytes)",
          offset: data.fileOffset(offset))
      }
      end = contentEnd
    }

    /// The elements directly inside this one.
    func children(in data: ByteReader) throws(BinaryError) -> [Element] {
      var result: [Element] = []
      var position = contentStart
      while position < contentEnd {
        let child = try Element(in: data, at: position, depth: depth + 1)
        guard child.end <= contentEnd else {
          throw BinaryError(.malformed, "CMS: element runs past its parent", offset: data.fileOffset(position))
        }
        result.append(child)
        position = child.end
      }
      return result
    }

    /// Throws unless the tag is `expected`.
    func expect(tag expected: UInt8, _ what: String, in data: ByteReader) throws(BinaryError) {
      guard tag == expected else {
        throw BinaryError(
          .malformed, "\(what): tag 0x\(String(tag, radix: 16)), expected 0x\(String(expected, radix: 16))",
          offset: data.fileOffset(start))
      }
    }
  }
}
