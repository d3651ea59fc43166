import BinaryImage
import Foundation
import Testing

@Suite struct SHA256Tests {
  /// FIPS 180-4 / NIST example vectors: empty, "abc", the two-block message, and a million "a"s.
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
  ])
  func standardVectors(message: String, expected: String) {
    let digest = Array(message.utf8).withUnsafeBytes { SHA256.hexDigest(of: $0) }
    #expect(digest == expected)
  }

  /// Feeding the same bytes in uneven pieces gives the digest of the whole.
  @Test func piecewiseUpdatesMatchOneShot() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var digest = SHA256()
    var start = 0
    for size in [1, 63, 64, 65, 0, 200, 607] {
      bytes[start..<start + size].withUnsafeBytes { digest.update($0) }
      start += size
    }
    let pieces = digest.finalize().map { String(format: "%02x", $0) }.joined()
    #expect(pieces == bytes.withUnsafeBytes { SHA256.hexDigest(of: $0) })
  }
}
