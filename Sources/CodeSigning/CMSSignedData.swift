import BinaryImage

/// What sdkvet reads of a CMS signature (RFC 5652 `ContentInfo` holding `SignedData`): the
/// signer's certificate and the digest its signed attributes carry, with a small walker over the
/// DER/BER encoding that checks every length against the bytes that exist.
///
/// Nothing is verified cryptographically. Two facts tie the CMS to what it claims to sign and
/// so keep a forged or copied signature from naming a signer: the leaf certificate is the one
/// the `SignerInfo` names (issuer and serial number), and the `messageDigest` attribute is
/// compared with the digest of the code directory (`matches(codeDirectory:)`).
///
/// `codesign` writes BER with indefinite lengths around the content (to a bounded depth here);
/// the certificates themselves are DER.
struct CMSSignedData {
  /// Nesting deeper than this is refused (a CMS signature nests about six levels to a certificate).
  static let depthLimit = 24
  /// The most certificates looked at to find the signer's (`codesign` writes three).
  static let certificateLimit = 16

  /// The signer's certificate; `nil` when the `SignedData` holds none.
  var certificate: SigningCertificate?
  /// The digest algorithm of the first `SignerInfo` and its `messageDigest` attribute; `nil`
  /// when there is no signer or no such attribute.
  var messageDigest: (algorithm: DigestAlgorithm, value: ByteReader)?

  /// The digest algorithms a signer may name that sdkvet computes.
  enum DigestAlgorithm: Sendable, Hashable {
    case sha1, sha256

    /// `1.3.14.3.2.26` and `2.16.840.1.101.3.4.2.1`, as DER content bytes.
    init?(oid: UnsafeRawBufferPointer) {
      if oid.elementsEqual([0x2b, 0x0e, 0x03, 0x02, 0x1a]) {
        self = .sha1
      } else if oid.elementsEqual([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]) {
        self = .sha256
      } else {
        return nil
      }
    }

    func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
      switch self {
      case .sha1: Digest.sha1(bytes)
      case .sha256: Digest.sha256(bytes)
      }
    }
  }

  /// `1.2.840.113549.1.9.4`, the `messageDigest` attribute type.
  private static let messageDigestOID: [UInt8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04]

  /// Reads the CMS `cms`.
  /// - Throws: `malformed`/`truncated` when the encoding does not hold a `SignedData`, or the
  ///   certificate the signer names cannot be read.
  init(_ cms: ByteReader) throws(BinaryError) {
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
    // version, digestAlgorithms, encapContentInfo, [0] IMPLICIT certificates, [1] crls, signerInfos.
    let fields = try signedData.children(in: cms)
    var certificates: [CertificateFields] = []
    if let set = fields.first(where: { $0.tag == 0xa0 }) {
      for element in try set.children(in: cms).prefix(Self.certificateLimit) {
        try element.expect(tag: 0x30, "CMS certificate", in: cms)
        certificates.append(try CertificateFields(cms, element))
      }
    }
    var signer: Element?
    if fields.count > 3, let last = fields.last, last.tag == 0x31 { signer = try last.children(in: cms).first }
    guard let signer else {
      certificate = try certificates.first?.certificate(in: cms)
      messageDigest = nil
      return
    }
    try signer.expect(tag: 0x30, "CMS SignerInfo", in: cms)
    // version, sid, digestAlgorithm, [0] IMPLICIT signedAttrs, signatureAlgorithm, signature, …
    let signerFields = try signer.children(in: cms)
    guard signerFields.count >= 3 else {
      throw BinaryError(.malformed, "CMS SignerInfo: too few fields", offset: cms.fileOffset(signer.start))
    }
    let identifier = signerFields[1]
    if identifier.tag == 0x30, let issuerAndSerial = try? identifier.children(in: cms), issuerAndSerial.count == 2 {
      let issuer = try cms.slice(at: issuerAndSerial[0].start, count: issuerAndSerial[0].length, "CMS signer issuer")
      let serial = try cms.slice(at: issuerAndSerial[1].start, count: issuerAndSerial[1].length, "CMS signer serial")
      certificate =
        try certificates.first {
          $0.issuer.bytes.elementsEqual(issuer.bytes) && $0.serial.bytes.elementsEqual(serial.bytes)
        }?.certificate(in: cms)
    } else {
      certificate = try certificates.first?.certificate(in: cms)
    }
    messageDigest = try Self.messageDigest(signerFields, in: cms)
  }

  /// The signer's digest algorithm and `messageDigest` attribute value.
  private static func messageDigest(_ signerFields: [Element], in cms: ByteReader) throws(BinaryError)
    -> (algorithm: DigestAlgorithm, value: ByteReader)?
  {
    guard signerFields.count > 3, signerFields[3].tag == 0xa0,
      let algorithmOID = try signerFields[2].children(in: cms).first, algorithmOID.tag == 0x06,
      let algorithm = DigestAlgorithm(oid: try algorithmOID.content(in: cms).bytes)
    else { return nil }
    for attribute in try signerFields[3].children(in: cms) where attribute.tag == 0x30 {
      let parts = try attribute.children(in: cms)
      guard parts.count == 2, parts[0].tag == 0x06,
        try parts[0].content(in: cms).bytes.elementsEqual(messageDigestOID), parts[1].tag == 0x31,
        let value = try parts[1].children(in: cms).first, value.tag == 0x04
      else { continue }
      return (algorithm, try value.content(in: cms))
    }
    return nil
  }

  /// Whether the signed attributes' `messageDigest` is the digest of `codeDirectory`: `nil`
  /// when there is nothing to compare (no signer, no attribute, or an algorithm not computed).
  func matches(codeDirectory: ByteReader) -> Bool? {
    guard let messageDigest, let digest = messageDigest.algorithm.digest(codeDirectory.bytes) else { return nil }
    return digest.elementsEqual(messageDigest.value.bytes)
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
      guard depth <= CMSSignedData.depthLimit else {
        throw BinaryError(
          .malformed, "CMS: nested deeper than \(CMSSignedData.depthLimit) levels", offset: data.fileOffset(offset))
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

    /// The whole element's size, tag and length included.
    var length: Int { end - start }

    /// The content bytes.
    func content(in data: ByteReader) throws(BinaryError) -> ByteReader {
      try data.slice(at: contentStart, count: contentEnd - contentStart, "CMS: content")
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
