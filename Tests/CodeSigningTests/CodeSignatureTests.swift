import BinaryImage
import TestSupport
import Testing

@testable import CodeSigning

/// The code signature blob reader on hand-built blobs: the fields it reads, and hostile blobs
/// (offsets out of range, huge counts, nested lengths that lie, CMS encodings that run away),
/// each a typed error or an unparsed certificate, never a trap.
@Suite struct CodeSignatureTests {
  /// A version 0x20400 code directory naming `identifier` and `team`, with no hashes.
  static func directory(
    identifier: String = "dev.sdkvet.test", team: String? = "TEAM123456", flags: UInt32 = 0, hashType: UInt8 = 2
  )
    -> [UInt8]
  {
    var strings = ByteBuilder()
    strings.cString(identifier)
    let teamOffset = team.map { _ in UInt32(88 + strings.bytes.count) } ?? 0
    if let team { strings.cString(team) }
    var builder = ByteBuilder(byteOrder: .big)
    for value in [
      0xfade_0c02, UInt32(88 + strings.bytes.count), 0x20400, flags, UInt32(88 + strings.bytes.count), 88, 0, 0, 0,
    ] {
      builder.u32(value)
    }
    for byte in [32, hashType, 0, 12] { builder.u8(byte) }
    for value in [0, 0, teamOffset, 0] { builder.u32(value) }
    builder.pad(to: 88)
    return builder.bytes + strings.bytes
  }

  /// A superblob over `entries` (`slot`, blob bytes).
  static func superBlob(_ entries: [(UInt32, [UInt8])]) -> [UInt8] {
    var builder = ByteBuilder(byteOrder: .big)
    let headerSize = 12 + 8 * entries.count
    let total = headerSize + entries.reduce(0) { $0 + $1.1.count }
    for value in [0xfade_0cc0, UInt32(total), UInt32(entries.count)] { builder.u32(value) }
    var offset = headerSize
    for (slot, blob) in entries {
      builder.u32(slot)
      builder.u32(UInt32(offset))
      offset += blob.count
    }
    return builder.bytes + entries.flatMap(\.1)
  }

  static func wrapper(_ payload: [UInt8]) -> [UInt8] {
    var builder = ByteBuilder(byteOrder: .big)
    builder.u32(0xfade_0b01)
    builder.u32(UInt32(8 + payload.count))
    return builder.bytes + payload
  }

  /// DER: tag, definite length, content.
  static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    let length: [UInt8] = count < 0x80 ? [UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xff)]
    return [tag] + length + content
  }

  static let sha256OID: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
  static let sha1OID: [UInt8] = [0x2b, 0x0e, 0x03, 0x02, 0x1a]

  /// An X.509 `Name` with a common name and, when given, an organizational unit.
  static func name(_ commonName: String, unit: String?) -> [UInt8] {
    var sets = der(0x31, der(0x30, der(0x06, [0x55, 0x04, 0x03]) + der(0x0c, Array(commonName.utf8))))
    if let unit { sets += der(0x31, der(0x30, der(0x06, [0x55, 0x04, 0x0b]) + der(0x13, Array(unit.utf8)))) }
    return der(0x30, sets)
  }

  /// A self-issued certificate: version, `serial`, an algorithm, issuer = subject, validity,
  /// subject, a filler key; the fields `CertificateFields` reads, in order.
  static func certificate(_ commonName: String, unit: String?, serial: UInt8 = 1) -> [UInt8] {
    let algorithm = der(0x30, der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]))
    let subject = name(commonName, unit: unit)
    let tbs = der(
      0x30,
      der(0xa0, der(0x02, [2])) + der(0x02, [serial]) + algorithm + subject
        + der(0x30, der(0x17, Array("260101000000Z".utf8)))
        + subject + der(0x30, algorithm + der(0x03, [0, 1, 2, 3])))
    return der(0x30, tbs + algorithm + der(0x03, [0, 9, 9]))
  }

  /// The `[issuer, serial]` of a certificate built by `certificate(_:unit:serial:)`.
  static func issuerAndSerial(_ commonName: String, unit: String?, serial: UInt8 = 1) -> [UInt8] {
    der(0x30, name(commonName, unit: unit) + der(0x02, [serial]))
  }

  /// A CMS ContentInfo whose SignedData holds `certificates` and, when `signing` is given, one
  /// SignerInfo naming `signer` with a `messageDigest` of `signing` (by `digestOID`); outer
  /// levels indefinite-length, as codesign writes them.
  static func cms(
    certificates: [[UInt8]], signer: [UInt8]? = nil, signing: [UInt8]? = nil, digestOID: [UInt8] = sha256OID
  ) -> [UInt8] {
    var signerInfos: [UInt8] = []
    if let signing {
      let digest = signing.withUnsafeBytes { digestOID == sha1OID ? Digest.sha1($0) : Digest.sha256($0) } ?? []
      let messageDigest = der(
        0x30, der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04]) + der(0x31, der(0x04, digest)))
      let contentType = der(
        0x30, der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x03]) + der(0x31, der(0x06, [1])))
      signerInfos = der(
        0x30,
        der(0x02, [1]) + (signer ?? issuerAndSerial("Signer", unit: nil)) + der(0x30, der(0x06, digestOID))
          + der(0xa0, contentType + messageDigest) + der(0x30, der(0x06, [1])) + der(0x04, [0, 0]))
    }
    let signedData =
      der(0x02, [1]) + der(0x31, []) + der(0x30, der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]))
      + der(0xa0, certificates.flatMap { $0 }) + der(0x31, signerInfos)
    let inner: [UInt8] = [0x30, 0x80] + signedData + [0, 0]
    let content: [UInt8] = [0xa0, 0x80] + inner + [0, 0]
    return [0x30, 0x80] + der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]) + content + [0, 0]
  }

  /// The team certificate the signature tests sign with, and its signer identifier.
  static let certificate = certificate("Apple Distribution: test (TEAM123456)", unit: "TEAM123456")
  static let signerIdentifier = issuerAndSerial("Apple Distribution: test (TEAM123456)", unit: "TEAM123456")

  /// A CMS by `certificate` over `directory`.
  static func teamCMS(over directory: [UInt8]) -> [UInt8] {
    cms(certificates: [certificate], signer: signerIdentifier, signing: directory)
  }

  static func read(_ bytes: [UInt8]) -> Result<CodeSignatureInfo, BinaryError> {
    bytes.withUnsafeBytes { raw in
      do throws(BinaryError) {
        return .success(try CodeSignatureInfo(superBlob: ByteReader(raw)))
      } catch {
        return .failure(error)
      }
    }
  }

  @Test func readsTeamSignatureWithCertificate() throws {
    let primary = Self.directory(hashType: 1)
    let alternate = Self.directory(hashType: 2)
    let bytes = Self.superBlob([
      (0, primary), (0x1000, alternate), (0x1_0000, Self.wrapper(Self.teamCMS(over: primary))),
    ])
    let info = try Self.read(bytes).get()
    #expect(info.identifier == "dev.sdkvet.test" && info.teamIdentifier == "TEAM123456")
    #expect(info.directories.map(\.hashType) == [.sha1, .sha256])
    #expect(info.directories[0].cdhash == primary.withUnsafeBytes { Digest.sha1($0).map { Digest.hex($0) } })
    #expect(info.cdhash == alternate.withUnsafeBytes { Digest.sha256($0).map { Digest.hex($0.prefix(20)) } })
    #expect(info.signer == .appleDeveloperProgram(team: "TEAM123456"))
    let fingerprint = Digest.hex(try #require(Self.certificate.withUnsafeBytes(Digest.sha256)), uppercase: true)
    #expect(
      info.certificate
        == .parsed(
          SigningCertificate(
            sha256: fingerprint, team: "TEAM123456", commonName: "Apple Distribution: test (TEAM123456)")))
    #expect(info.cmsSignsCodeDirectory == true && info.teamsAgree == true)
  }

  @Test func classifiesAdHocSelfSignedAndLinkerSigned() throws {
    let adHoc = try Self.read(Self.superBlob([(0, Self.directory(team: nil, flags: 0x2_0002))])).get()
    #expect(adHoc.signer == .adHoc && adHoc.isAdHoc && adHoc.isLinkerSigned && adHoc.cmsSize == 0)
    let emptyCMS = try Self.read(Self.superBlob([(0, Self.directory()), (0x1_0000, Self.wrapper([]))])).get()
    #expect(emptyCMS.signer == .adHoc, "a team identifier without certificates is still ad hoc")
    let primary = Self.directory(team: nil)
    let selfCertificate = Self.certificate("self", unit: nil)
    let cms = Self.cms(
      certificates: [selfCertificate], signer: Self.issuerAndSerial("self", unit: nil), signing: primary)
    let selfSigned = try Self.read(Self.superBlob([(0, primary), (0x1_0000, Self.wrapper(cms))])).get()
    let fingerprint = Digest.hex(try #require(selfCertificate.withUnsafeBytes(Digest.sha256)), uppercase: true)
    #expect(selfSigned.signer == .selfSigned(certificateSHA256: fingerprint))
    #expect(selfSigned.signer.description == "SelfSigned:\(fingerprint)")
  }

  /// A team identifier in a code directory names nobody: only a certificate the CMS's signer
  /// names, whose signed digest is this code directory's, does.
  @Test func noSignerWithoutACertificateTiedToTheCodeDirectory() throws {
    let primary = Self.directory()
    func signer(_ cms: [UInt8]) throws -> CodeSignatureInfo {
      try Self.read(Self.superBlob([(0, primary), (0x1_0000, Self.wrapper(cms))])).get()
    }
    let garbage = try signer([0x30, 0x84, 0xff, 0xff, 0xff, 0xff])
    #expect(garbage.signer.description == "unverified" && !garbage.signer.hasCertificate)
    #expect(garbage.teamIdentifier == "TEAM123456" && garbage.certificateTeamIdentifier == nil)
    let copied = try signer(Self.teamCMS(over: Self.directory(identifier: "another")))
    #expect(copied.signer == .unverified(reason: "the CMS signature was not made over this code directory"))
    #expect(copied.cmsSignsCodeDirectory == false)
    let noSignerInfo = try signer(Self.cms(certificates: [Self.certificate]))
    #expect(!noSignerInfo.signer.hasCertificate && noSignerInfo.cmsSignsCodeDirectory == nil)
    let noCertificate = try signer(Self.cms(certificates: [], signer: Self.signerIdentifier, signing: primary))
    #expect(noCertificate.signer == .unverified(reason: "the CMS signature holds no certificate"))
  }

  @Test func signerIsTheCertificateTheSignerInfoNames() throws {
    let primary = Self.directory()
    let intermediate = Self.certificate("Apple Worldwide Developer Relations", unit: "G3", serial: 7)
    let cms = Self.cms(certificates: [intermediate, Self.certificate], signer: Self.signerIdentifier, signing: primary)
    let info = try Self.read(Self.superBlob([(0, primary), (0x1_0000, Self.wrapper(cms))])).get()
    #expect(info.signer == .appleDeveloperProgram(team: "TEAM123456"))
    let sha1 = Self.cms(
      certificates: [Self.certificate], signer: Self.signerIdentifier, signing: primary, digestOID: Self.sha1OID)
    #expect(
      try Self.read(Self.superBlob([(0, primary), (0x1_0000, Self.wrapper(sha1))])).get().cmsSignsCodeDirectory == true)
  }

  @Test func certificateTeamWinsAndADifferentClaimIsSeen() throws {
    let primary = Self.directory(team: "CLAIMED123")
    let info = try Self.read(Self.superBlob([(0, primary), (0x1_0000, Self.wrapper(Self.teamCMS(over: primary)))]))
      .get()
    #expect(info.signer == .appleDeveloperProgram(team: "TEAM123456"))
    #expect(info.teamIdentifier == "CLAIMED123" && info.teamsAgree == false)
  }

  @Test func detachedSignatureReadsTheSameFieldsBareOrWrapped() throws {
    let primary = Self.directory(hashType: 1)
    let alternate = Self.directory(hashType: 2)
    let bare = Self.teamCMS(over: primary)
    func detached(_ cms: [UInt8]) throws -> CodeSignatureInfo {
      try primary.withUnsafeBytes { p in
        try alternate.withUnsafeBytes { a in
          try cms.withUnsafeBytes { c in
            try CodeSignatureInfo(codeDirectory: ByteReader(p), alternates: [ByteReader(a)], cms: ByteReader(c))
          }
        }
      }
    }
    let embedded = try Self.read(Self.superBlob([(0, primary), (0x1000, alternate), (0x1_0000, Self.wrapper(bare))]))
      .get()
    #expect(try detached(bare) == embedded, "Xcode's bare BER CMS")
    #expect(try detached(Self.wrapper(bare)) == embedded, "a CMS in a 0xfade0b01 wrapper")
    #expect(embedded.signer == .appleDeveloperProgram(team: "TEAM123456"))
  }

  /// Each hostile blob: the error kind expected.
  @Test func hostileSuperBlobsGiveTypedErrors() {
    let good = Self.superBlob([(0, Self.directory())])
    func patched(_ offset: Int, _ value: UInt32, in bytes: [UInt8] = good) -> [UInt8] {
      var copy = bytes
      for index in 0..<4 { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
      return copy
    }
    let cases: [(String, [UInt8])] = [
      ("huge count", patched(8, 0xffff_ffff)),
      ("superblob length past the end", patched(4, 0x7fff_ffff)),
      ("superblob length shorter than its header", patched(4, 4)),
      ("index offset past the end", patched(16, 0xffff_fff0)),
      ("directory length lies", patched(20 + 4, 0x7fff_fff0)),
      ("identOffset outside", patched(20 + 0x14, 0xffff)),
      ("teamOffset outside", patched(20 + 0x30, 0x1_0000)),
      ("identOffset 0", patched(20 + 0x14, 0)),
      ("identifier without NUL", Array(good.dropLast())),
      ("wrong magic", patched(0, 0xfade_0c02)),
      ("directory of 8 bytes", Self.superBlob([(0, [0xfa, 0xde, 0x0c, 0x02, 0, 0, 0, 8])])),
      ("no code directory", Self.superBlob([(2, Self.wrapper([]))])),
      (
        "CMS wrapper past the end",
        Self.superBlob([(0, Self.directory()), (0x1_0000, [0xfa, 0xde, 0x0b, 0x01, 0xff, 0, 0, 0])])
      ),
    ]
    for (name, bytes) in cases {
      guard case .failure(let error) = Self.read(bytes) else {
        Issue.record("\(name): read without complaint")
        continue
      }
      #expect([.truncated, .malformed].contains(error.kind), "\(name): \(error)")
      #expect(error.offset != nil, "\(name)")
    }
  }

  @Test func hostileCMSIsNotParsedButNeverTraps() {
    let deep = Array(repeating: [UInt8]([0x30, 0x80]), count: 10_000).flatMap { $0 }
    let cases: [(String, [UInt8])] = [
      ("nested 10,000 levels", deep),
      ("indefinite without end-of-contents", [0x30, 0x80, 0x02, 0x01, 0x01]),
      ("4-byte length past the end", [0x30, 0x84, 0x7f, 0xff, 0xff, 0xff]),
      ("5-byte length", [0x30, 0x85, 1, 0, 0, 0, 0]),
      ("multi-byte tag", [0x3f, 0x01, 0x00]),
      ("child longer than parent", Self.der(0x30, [0x30, 0x10])),
      ("ContentInfo without content", Self.der(0x30, Self.der(0x06, [1]))),
      ("indefinite primitive", [0x04, 0x80, 0, 0]),
    ]
    for (name, bytes) in cases {
      let result = bytes.withUnsafeBytes { raw -> BinaryError? in
        do throws(BinaryError) {
          _ = try CMSSignedData(ByteReader(raw))
          return nil
        } catch {
          return error
        }
      }
      guard let result else {
        Issue.record("\(name): parsed")
        continue
      }
      #expect(!result.message.isEmpty && result.offset != nil, "\(name)")
    }
  }

  /// Seeded byte mutations of a full signature: every outcome is a value or a `BinaryError`.
  @Test func mutationsNeverTrap() {
    let good = Self.superBlob([
      (0, Self.directory(hashType: 1)), (0x1000, Self.directory()),
      (0x1_0000, Self.wrapper(Self.teamCMS(over: Self.directory(hashType: 1)))),
    ])
    var generator = SeededGenerator(seed: 0x51_6e)
    var outcomes = (read: 0, failed: 0)
    for _ in 0..<3000 {
      var bytes = good
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
      switch Self.read(bytes) {
      case .success: outcomes.read += 1
      case .failure: outcomes.failed += 1
      }
    }
    #expect(outcomes.read > 0 && outcomes.failed > 0, "\(outcomes)")
  }
}
