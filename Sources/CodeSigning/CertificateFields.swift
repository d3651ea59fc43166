import BinaryImage

/// The parts of an X.509 certificate (RFC 5280) that find it and name its subject: the whole
/// certificate, and its `TBSCertificate`'s serial number, issuer and subject (each as encoded).
struct CertificateFields {
  /// The most characters kept of a subject attribute.
  static let attributeLimit = 256

  var bytes: ByteReader
  var serial: ByteReader
  var issuer: ByteReader
  var subject: ByteReader

  /// Reads the certificate `element` of `cms`.
  /// - Throws: `malformed`/`truncated` when its `TBSCertificate` does not have the fields in order.
  init(_ cms: ByteReader, _ element: CMSSignedData.Element) throws(BinaryError) {
    bytes = try cms.slice(at: element.start, count: element.length, "CMS certificate")
    guard let tbs = try element.children(in: cms).first, tbs.tag == 0x30 else {
      throw BinaryError(.malformed, "CMS certificate: no TBSCertificate", offset: cms.fileOffset(element.start))
    }
    // [0] version (optional), serialNumber, signature, issuer, validity, subject, …
    var fields = try tbs.children(in: cms)[...]
    if fields.first?.tag == 0xa0 { fields = fields.dropFirst() }
    guard fields.count >= 5, fields[fields.startIndex].tag == 0x02,
      fields[fields.startIndex + 2].tag == 0x30, fields[fields.startIndex + 4].tag == 0x30
    else {
      throw BinaryError(
        .malformed, "CMS certificate: TBSCertificate fields are not serial, signature, issuer, validity, subject",
        offset: cms.fileOffset(tbs.start))
    }
    let (serialField, issuerField, subjectField) =
      (fields[fields.startIndex], fields[fields.startIndex + 2], fields[fields.startIndex + 4])
    serial = try cms.slice(at: serialField.start, count: serialField.length, "CMS certificate serial")
    issuer = try cms.slice(at: issuerField.start, count: issuerField.length, "CMS certificate issuer")
    subject = try cms.slice(at: subjectField.start, count: subjectField.length, "CMS certificate subject")
  }

  /// The summary: fingerprint, subject OU and CN (the first of each; unreadable attributes are left out).
  /// - Throws: `unsupported` when the fingerprint cannot be computed (`Digest.sha256`).
  func certificate(in cms: ByteReader) throws(BinaryError) -> SigningCertificate {
    var team: String?
    var commonName: String?
    let name = try? CMSSignedData.Element(in: subject, at: 0, depth: 0)
    for set in (try? name?.children(in: subject)) ?? [] where set.tag == 0x31 {
      for pair in (try? set.children(in: subject)) ?? [] where pair.tag == 0x30 {
        guard let parts = try? pair.children(in: subject), parts.count == 2, parts[0].tag == 0x06,
          let type = try? parts[0].content(in: subject), let value = try? parts[1].content(in: subject)
        else { continue }
        if type.bytes.elementsEqual([0x55, 0x04, 0x0b]), team == nil {
          team = Self.text(value, tag: parts[1].tag)
        } else if type.bytes.elementsEqual([0x55, 0x04, 0x03]), commonName == nil {
          commonName = Self.text(value, tag: parts[1].tag)
        }
      }
    }
    guard let fingerprint = Digest.sha256(bytes.bytes) else {
      throw BinaryError(.unsupported, "CMS certificate: its SHA-256 cannot be computed", offset: bytes.baseOffset)
    }
    return SigningCertificate(sha256: Digest.hex(fingerprint, uppercase: true), team: team, commonName: commonName)
  }

  /// A directory string's text: UTF8String, PrintableString, IA5String or TeletexString as
  /// UTF-8 (Apple writes the first two); `nil` for other string types.
  private static func text(_ value: ByteReader, tag: UInt8) -> String? {
    guard [0x0c, 0x13, 0x16, 0x14].contains(tag) else { return nil }
    return String(fileBytes: UnsafeRawBufferPointer(rebasing: value.bytes.prefix(attributeLimit)))
  }
}
