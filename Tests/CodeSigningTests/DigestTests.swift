import CodeSigning
import Foundation
import TestSupport
import Testing

/// The one copy of the digest test vectors: FIPS 180-4's examples and coreutils' answers.
@Suite struct DigestTests {
  /// FIPS 180-4 example messages (NIST CSRC "Examples with intermediate values").
  @Test(arguments: [
    (
      "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "da39a3ee5e6b4b0d3255bfef95601890afd80709"
    ),
    (
      "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "a9993e364706816aba3e25717850c26c9cd0d89d"
    ),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
    ),
  ])
  func nistExamples(message: String, sha256: String, sha1: String) {
    let bytes = Array(message.utf8)
    #expect(bytes.withUnsafeBytes { hex(Digest.sha256($0)) } == sha256)
    #expect(bytes.withUnsafeBytes { hex(Digest.sha1($0)) } == sha1)
  }

  @Test func oneMillionAs() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      bytes.withUnsafeBytes { hex(Digest.sha256($0)) }
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    #expect(bytes.withUnsafeBytes { hex(Digest.sha1($0)) } == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  /// Every length around the padding boundaries, against coreutils' `sha256sum` and `sha1sum`.
  @Test func matchesCoreutilsAtEveryPaddingBoundary() throws {
    guard let sha256sum = ReferenceTools.onPath("sha256sum"), let sha1sum = ReferenceTools.onPath("sha1sum") else {
      Issue.record("sha256sum/sha1sum (coreutils) are not on PATH")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-digest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var generator = SeededGenerator(seed: 0x5eed)
    for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let file = directory.appendingPathComponent("\(length)")
      try Data(bytes).write(to: file)
      let expected256 = String(try ReferenceTools.output(of: sha256sum, [file.path]).prefix(64))
      let expected1 = String(try ReferenceTools.output(of: sha1sum, [file.path]).prefix(40))
      #expect(bytes.withUnsafeBytes { hex(Digest.sha256($0)) } == expected256, "length \(length)")
      #expect(bytes.withUnsafeBytes { hex(Digest.sha1($0)) } == expected1, "length \(length)")
    }
  }

  /// Lowercase hex of `digest`, as the vectors are written.
  private func hex(_ digest: [UInt8]?) -> String? { digest.map { Digest.hex($0) } }

  @Test func hexIsUppercaseWhenAsked() {
    #expect(Digest.hex([0x0a, 0xff], uppercase: true) == "0AFF")
    #expect(Digest.hex([0x0a, 0xff]) == "0aff")
  }
}
