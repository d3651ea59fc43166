/// SHA-1 and SHA-256, written out (FIPS 180-4) because Foundation on Linux has no digest API and
/// the package uses no outside libraries. Code signatures need both: a code directory's cdhash is
/// its SHA-1 or SHA-256 (by its `hashType`), and Xcode names a self-signed signer by the SHA-256
/// of its certificate. These are fingerprints of bytes already in memory, not a security boundary.
public enum Digest {
  /// The SHA-256 digest (32 bytes) of `bytes`.
  public static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    sha256RoundConstants.withUnsafeBufferPointer { constants in
      forEachBlock(of: bytes, scheduleLength: 64) { w in
        for index in 16..<64 {
          let w15 = w[index - 15]
          let w2 = w[index - 2]
          let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
          let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
          w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for index in 0..<64 {
          let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ constants[index] &+ w[index]
          let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
        }
        state = (
          state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
          state.7 &+ h
        )
      }
    }
    return [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7].flatMap(\.bigEndianBytes)
  }

  /// The SHA-1 digest (20 bytes) of `bytes`: the hash of older (`hashType` 1) code directories.
  public static func sha1(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    forEachBlock(of: bytes, scheduleLength: 80) { w in
      for index in 16..<80 { w[index] = (w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]).rotatedLeft(1) }
      var (a, b, c, d, e) = state
      for index in 0..<80 {
        let (mix, constant): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5a82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ed9_eba1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
          default: (b ^ c ^ d, 0xca62_c1d6)
          }
        let next = a.rotatedLeft(5) &+ mix &+ e &+ constant &+ w[index]
        (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, next)
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
  /// zeros, and the bit length as a big-endian 64-bit number), with a message schedule of
  /// `scheduleLength` words whose first sixteen hold the block as big-endian words.
  private static func forEachBlock(
    of bytes: UnsafeRawBufferPointer, scheduleLength: Int, _ body: (UnsafeMutableBufferPointer<UInt32>) -> Void
  ) {
    var schedule = [UInt32](repeating: 0, count: scheduleLength)
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

  private static let sha256RoundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

extension FixedWidthInteger {
  fileprivate var bigEndianBytes: [UInt8] {
    (0..<Self.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) }
  }
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
  fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { self << count | self >> (32 - count) }
}
