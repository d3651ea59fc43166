import Testing

@testable import CodeScan

/// Hand-written encodings with known lengths (Intel SDM vol. 2, AMD APM vol. 3 for XOP), one
/// per rule of the decoder, and the scan built on it.
@Suite struct X86InstructionEncodingTests {
  static let lengths: [([UInt8], Int?)] = [
    ([0x90], 1), ([0xe8, 0, 0, 0, 0], 5), ([0x66, 0xe8, 0, 0, 0, 0], 6),  // near branches keep rel32
    ([0x48, 0xb8] + [UInt8](repeating: 0, count: 8), 10), ([0xb8, 0, 0, 0, 0], 5), ([0x66, 0xb8, 0, 0], 4),
    ([0x66, 0x48, 0xb8] + [UInt8](repeating: 0, count: 8), 11),  // REX.W wins over 66h
    ([0xa1] + [UInt8](repeating: 0, count: 8), 9), ([0x67, 0xa1, 0, 0, 0, 0], 6),  // moffs
    ([0xf6, 0xc0, 1], 3), ([0xf6, 0xd0], 2), ([0xf7, 0xc0, 0, 0, 0, 0], 6), ([0x66, 0xf7, 0xc0, 0, 0], 5),
    ([0xf7, 0xd8], 2), ([0x48, 0xf7, 0xc0, 0, 0, 0, 0], 7),
    ([0xc8, 0x10, 0, 0], 4), ([0xc2, 8, 0], 3), ([0x6b, 0xc0, 5], 3), ([0x69, 0xc0, 0, 0, 0, 0], 6),
    ([0xff, 0x15, 0, 0, 0, 0], 6), ([0x3e, 0xff, 0x25, 0, 0, 0, 0], 7), ([0x48, 0x8b, 0x05, 0, 0, 0, 0], 7),
    ([0x0f, 0x1f, 0x44, 0, 0], 5), ([0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0], 10),
    ([0x8b, 0x04, 0x25, 0, 0, 0, 0], 7),  // SIB with no base: disp32
    ([0x0f, 0x84, 0, 0, 0, 0], 6), ([0x74, 5], 2), ([0x0f, 0xba, 0xe0, 5], 4), ([0xf0, 0x0f, 0xc1, 0x07], 4),
    ([0x0f, 0x0f, 0xc1, 0xb4], 4),  // 3DNow!: ModRM, then the opcode as an imm8
    ([0x0f, 0x3a, 0x0f, 0xc1, 8], 5), ([0x66, 0x0f, 0x38, 0x00, 0xc1], 5),
    ([0xc6, 0xf8, 1], 3), ([0xc7, 0xf8, 0, 0, 0, 0], 6),  // xabort, xbegin
    ([0xc5, 0xf8, 0x77], 3), ([0xc5, 0xfd, 0x70, 0xc1, 0x1b], 5),  // VEX: vzeroupper, vpshufd
    ([0xc4, 0xe3, 0x7d, 0x18, 0xc1, 1], 6), ([0xc4, 0xe2, 0x7d, 0x18, 0x07], 5),  // VEX maps 3 and 2
    ([0x62, 0xf1, 0x7c, 0x48, 0x10, 0x07], 6), ([0x62, 0xf1, 0x7c, 0x48, 0x10, 0x47, 1], 7),  // EVEX
    ([0x62, 0xf3, 0x7d, 0x48, 0x1b, 0xc1, 1], 7),
    ([0x8f, 0xe8, 0x78, 0xc0, 0xc1, 5], 6), ([0x8f, 0xea, 0x78, 0x10, 0xc0, 0, 0, 0, 0], 9),  // XOP maps 8, 0A
    ([0x8f, 0xc0], 2),  // pop rax, not XOP
    ([0x41, 0xff, 0xd3], 3), ([0x40, 0x66, 0x90], 3),
    ([UInt8](repeating: 0x66, count: 14) + [0x90], 15), ([UInt8](repeating: 0x66, count: 15) + [0x90], nil),
    ([0xe8, 0, 0], nil), ([0x48], nil), ([0xc4, 0xe0, 0x7d, 0x18, 0xc1], nil),  // truncated, VEX map 0
  ]

  @Test(arguments: lengths)
  func lengthIsTheEncodings(bytes: [UInt8], length: Int?) {
    let decoded = bytes.withUnsafeBytes { X86Instruction($0, at: 0, end: $0.count)?.length }
    #expect(decoded == length, "\(bytes.map { String($0, radix: 16) })")
  }

  /// `movabs rax, 0x10e8` hides an `E8` byte whose next four bytes would reach a stub; the real
  /// call after it, and a RIP-relative `call` through a slot, are the only sites.
  @Test func onlyWholeInstructionsAreSites() {
    let code: [UInt8] = [0x48, 0xb8, 0xe8, 0x10, 0, 0, 0, 0, 0, 0, 0xe8, 0x0b, 0, 0, 0, 0xff, 0x15, 0x20, 0, 0, 0]
    var targets = CodeTargets()
    targets.addBranchTarget(0x1002 + 5 + 0x10, index: 0)  // what the hidden E8 at 0x1002 would reach
    targets.addBranchTarget(0x100f + 0x0b, index: 1)
    targets.addSlot(0x1015 + 0x20, index: 2)
    var hits: [CodeHit] = []
    code.withUnsafeBytes { CodeArchitecture.x86.scan($0, at: 0x1000, targets: targets) { hits.append($0) } }
    #expect(hits.map(\.address) == [0x100a, 0x100f])
    #expect(hits.map(\.target) == [1, 2])
  }

  /// A function start inside an instruction decoded from before it restarts the decoding there.
  @Test func decodingRestartsAtEachFunctionStart() {
    // Data at 0x1000 (`B8` swallowing four bytes), a function at 0x1002 starting with a call.
    let code: [UInt8] = [0x00, 0xb8, 0xe8, 0x05, 0, 0, 0, 0xc3]
    #expect(Self.calls(in: code, startingAt: [0x1002], to: 0x1002 + 5 + 5) == [0x1002])
  }

  /// The addresses of the calls to `target` in `code` at 0x1000, decoded from `starts`.
  private static func calls(in code: [UInt8], startingAt starts: [UInt64], to target: UInt64) -> [UInt64] {
    var targets = CodeTargets()
    targets.addBranchTarget(target, index: 0)
    var hits: [UInt64] = []
    code.withUnsafeBytes {
      CodeArchitecture.x86.scan($0, at: 0x1000, functionStarts: starts, targets: targets) { hits.append($0.address) }
    }
    return hits
  }

  /// A jump table inside a function (`libscipy_openblas64_.dylib`'s `_scipy_iparmq_64_`): its
  /// data holds `C4 20`, a VEX prefix naming a reserved map, which decodes as nothing. The sweep
  /// steps over it a byte at a time, as llvm-objdump prints `.byte`, and finds the call after it.
  @Test func bytesThatDecodeAsNothingAreSteppedOver() {
    let code: [UInt8] = [0xff, 0xe0, 0xc4, 0x20, 0x4c, 0x89, 0xe0, 0x5b, 0xe8, 0x10, 0, 0, 0, 0xc3]
    #expect(Self.calls(in: code, startingAt: [0x1000], to: 0x1008 + 5 + 0x10) == [0x1008])
  }
}
