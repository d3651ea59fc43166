import TestSupport
import Testing

@testable import BinaryImage

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

  /// A CMS ContentInfo whose SignedData holds `certificate`, outer levels indefinite-length.
  static func cms(certificate: [UInt8]) -> [UInt8] {
    let signedData =
      der(0x02, [1]) + der(0x31, []) + der(0x30, der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]))
      + der(0xa0, certificate) + der(0x31, [])
    let inner: [UInt8] = [0x30, 0x80] + signedData + [0, 0]
    let content: [UInt8] = [0xa0, 0x80] + inner + [0, 0]
    return [0x30, 0x80] + der(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]) + content + [0, 0]
  }

  static let certificate = der(0x30, der(0x30, Array("a certificate's to-be-signed part".utf8)))

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
      (0, primary), (0x1000, alternate), (0x1_0000, Self.wrapper(Self.cms(certificate: Self.certificate))),
    ])
    let info = try Self.read(bytes).get()
    #expect(info.identifier == "dev.sdkvet.test" && info.teamIdentifier == "TEAM123456")
    #expect(info.directories.map(\.hashType) == [.sha1, .sha256])
    #expect(info.directories[0].cdhash == primary.withUnsafeBytes { Digest.hex(Digest.sha1($0)) })
    #expect(info.cdhash == alternate.withUnsafeBytes { Digest.hex(Digest.sha256($0).prefix(20)) })
    #expect(info.signer == .appleDeveloperProgram(team: "TEAM123456"))
    let fingerprint = Self.certificate.withUnsafeBytes { Digest.hex(Digest.sha256($0), uppercase: true) }
    #expect(info.certificate == .sha256(fingerprint))
  }

  @Test func classifiesAdHocSelfSignedAndLinkerSigned() throws {
    let adHoc = try Self.read(Self.superBlob([(0, Self.directory(team: nil, flags: 0x2_0002))])).get()
    #expect(adHoc.signer == .adHoc && adHoc.isAdHoc && adHoc.isLinkerSigned && adHoc.cmsSize == 0)
    let emptyCMS = try Self.read(Self.superBlob([(0, Self.directory()), (0x1_0000, Self.wrapper([]))])).get()
    #expect(emptyCMS.signer == .adHoc, "a team identifier without certificates is still ad hoc")
    let selfSigned = try Self.read(
      Self.superBlob([
        (0, Self.directory(team: nil)), (0x1_0000, Self.wrapper(Self.cms(certificate: Self.certificate))),
      ])
    ).get()
    guard case .selfSigned(let fingerprint?) = selfSigned.signer else {
      Issue.record("expected SelfSigned, got \(selfSigned.signer)")
      return
    }
    #expect(fingerprint.count == 64 && selfSigned.signer.description == "SelfSigned:\(fingerprint)")
    let unparsed = try Self.read(
      Self.superBlob([(0, Self.directory(team: nil)), (0x1_0000, Self.wrapper([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]))])
    ).get()
    #expect(unparsed.signer.description == "SelfSigned (certificate not parsed)")
  }

  @Test func detachedSignatureReadsTheSameFields() throws {
    let primary = Self.directory(hashType: 1)
    let alternate = Self.directory(hashType: 2)
    let cms = Self.wrapper(Self.cms(certificate: Self.certificate))
    let info = try primary.withUnsafeBytes { p in
      try alternate.withUnsafeBytes { a in
        try cms.withUnsafeBytes { c in
          try CodeSignatureInfo(codeDirectory: ByteReader(p), alternates: [ByteReader(a)], cms: ByteReader(c))
        }
      }
    }
    let embedded = try Self.read(Self.superBlob([(0, primary), (0x1000, alternate), (0x1_0000, cms)])).get()
    #expect(info == embedded)
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
      let result = bytes.withUnsafeBytes { CMSCertificates.leafFingerprint(in: ByteReader($0)) }
      guard case .notParsed(let reason) = result else {
        Issue.record("\(name): \(result)")
        continue
      }
      #expect(!reason.isEmpty, "\(name)")
    }
  }

  /// Seeded byte mutations of a full signature: every outcome is a value or a `BinaryError`.
  @Test func mutationsNeverTrap() {
    let good = Self.superBlob([
      (0, Self.directory(hashType: 1)), (0x1000, Self.directory()),
      (0x1_0000, Self.wrapper(Self.cms(certificate: Self.certificate))),
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
