#if canImport(CryptoKit)
  import CryptoKit
#elseif canImport(CLibCrypto)
  import CLibCrypto
#endif

/// SHA-1 and SHA-256 of bytes in memory, the two digests sdkvet computes: a code directory's
/// cdhash is its SHA-1 or SHA-256 (by its `hashType`), a CMS signer's `messageDigest` is one of
/// them, Xcode names a self-signed signer by the SHA-256 of its certificate, and an archive's
/// SHA-256 is the checksum SwiftPM's `binaryTarget(url:checksum:)` records. These are
/// fingerprints of bytes already read, not a security boundary.
///
/// The platform's library computes them (CryptoKit on Apple platforms, libcrypto elsewhere):
/// hashing a whole archive was a fifth of a scan's CPU time with a hand-written SHA-256, and
/// libcrypto is about six times faster.
package enum Digest {
  /// The SHA-256 digest (32 bytes) of `bytes`; `nil` only when libcrypto cannot compute one
  /// (out of memory, or a configuration that leaves the algorithm out).
  package static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? { digest(bytes, .sha256) }

  /// The SHA-1 digest (20 bytes) of `bytes`, the hash of older (`hashType` 1) code directories;
  /// `nil` only when libcrypto cannot compute one.
  package static func sha1(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? { digest(bytes, .sha1) }

  /// Hexadecimal, two digits a byte: lowercase as `sha256sum` prints, uppercase as Xcode and
  /// `codesign` print certificate fingerprints.
  package static func hex(_ digest: some Sequence<UInt8>, uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    for byte in digest { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]] }
    return String(decoding: text, as: UTF8.self)
  }

  private enum Algorithm { case sha1, sha256 }

  #if canImport(CryptoKit)
    /// The digest of `bytes` by CryptoKit's hash function for `algorithm`, which takes any length.
    private static func digest(_ bytes: UnsafeRawBufferPointer, _ algorithm: Algorithm) -> [UInt8]? {
      switch algorithm {
      case .sha1: digest(bytes, with: Insecure.SHA1.self)
      case .sha256: digest(bytes, with: CryptoKit.SHA256.self)
      }
    }

    private static func digest<Function: HashFunction>(_ bytes: UnsafeRawBufferPointer, with _: Function.Type)
      -> [UInt8]
    {
      var function = Function()
      function.update(bufferPointer: bytes)
      return Array(function.finalize())
    }
  #elseif canImport(CLibCrypto)
    /// The digest of `bytes` by libcrypto's `algorithm`, in one `EVP_Digest` call.
    private static func digest(_ bytes: UnsafeRawBufferPointer, _ algorithm: Algorithm) -> [UInt8]? {
      var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
      var written: UInt32 = 0
      let status = digest.withUnsafeMutableBufferPointer { output in
        EVP_Digest(
          bytes.baseAddress, bytes.count, output.baseAddress, &written, algorithm == .sha1 ? EVP_sha1() : EVP_sha256(),
          nil)
      }
      return status == 1 ? Array(digest.prefix(Int(written))) : nil
    }
  #endif
}
