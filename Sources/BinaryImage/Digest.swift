/// SHA-1 (written out, FIPS 180-4) and SHA-256 (`SHA256`) as one-call digests, because
/// Foundation on Linux has no digest API and the package uses no outside libraries. Code
/// signatures need both: a code directory's cdhash is its SHA-1 or SHA-256 (by its `hashType`),
/// and Xcode names a self-signed signer by the SHA-256 of its certificate. These are fingerprints of bytes already in memory, not a security boundary.
public enum Digest {
  /// The SHA-256 digest (32 bytes) of `bytes` (the streaming `SHA256`, in one call).
  public static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var digest = SHA256()
    digest.update(bytes)
    return digest.finalize()
  }

  /// The SHA-1 digest (20 bytes) of `bytes`: the hash of older (`hashType` 1) code directories.
  public static func sha1(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    forEachBlock(of: bytes) { w in
      for index in 16..<80 { w[index] = (w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]).rotatedRight(31) }
      var (a, b, c, d, e) = state
      for index in 0..<80 {
        let (mix, constant): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5a82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ed9_eba1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
          default: (b ^ c ^ d, 0xca62_c1d6)
          }
        let next = a.rotatedRight(27) &+ mix &+ e &+ constant &+ w[index]
        (e, d, c, b, a) = (d, c, b.rotatedRight(2), a, next)
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
    return [state.0, state.1, state.2, state.3, state.4].flatMap(\.bigEndianBytes)
  }

  /// Uppercase hexadecimal, two digits a byte: how Xcode and `codesign` print digests.
  public static func hex(_ digest: some Sequence<UInt8>, uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    for byte in digest { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]] }
    return String(decoding: text, as: UTF8.self)
  }

  /// Calls `body` once per 64-byte block of `bytes` after Merkle–Damgård padding (a 1 bit,
  /// zeros, and the bit length as a big-endian 64-bit number), with SHA-1's 80-word message
  /// schedule whose first sixteen words hold the block, big-endian.
  private static func forEachBlock(
    of bytes: UnsafeRawBufferPointer, _ body: (UnsafeMutableBufferPointer<UInt32>) -> Void
  ) {
    var schedule = [UInt32](repeating: 0, count: 80)
    schedule.withUnsafeMutableBufferPointer { words in
      let wholeBlocks = bytes.count / 64
      for block in 0..<wholeBlocks {
        for index in 0..<16 {
          words[index] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: block * 64 + index * 4, as: UInt32.self))
        }
        body(words)
      }
      var tail = Array(bytes[(wholeBlocks * 64)...])
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      tail += (UInt64(truncatingIfNeeded: bytes.count) &* 8).bigEndianBytes
      for block in stride(from: 0, to: tail.count, by: 64) {
        for index in 0..<16 {
          let start = block + index * 4
          words[index] = tail[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        body(words)
      }
    }
  }
}

extension FixedWidthInteger {
  fileprivate var bigEndianBytes: [UInt8] {
    (0..<Self.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) }
  }
}
