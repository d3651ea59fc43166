/// Finds, in x86-64 code, the calls and jumps to target stubs and the RIP-relative uses of
/// target slots.
///
/// Decoded forms (Intel SDM vol. 2): `E8 rel32` (`call`), `E9 rel32` (`jmp`, a tail call),
/// `FF 15 disp32` (`call qword ptr [rip+disp32]`), `FF 25 disp32` (`jmp qword ptr [rip+disp32]`),
/// `REX.W 8B /r` with ModRM `mod 00, r/m 101` (`mov r64, qword ptr [rip+disp32]`), and
/// `REX.W 8D /r` likewise (`lea r64, [rip+disp32]`, which computes a string's address). Targets
/// are `next instruction + displacement`.
///
/// x86-64 has no fixed instruction boundaries and no length decoder runs here: every byte offset
/// is tried as an opcode. A false hit needs the four bytes after an opcode byte to reach exactly a
/// stub entry or slot of a matched import (one chance in about 2^32 / targets per position), so a
/// byte that is really inside another instruction practically never counts.
enum X86Scanner {
  static func scan(_ code: UnsafeRawBufferPointer, at base: UInt64, targets: CodeTargets, _ body: (CodeHit) -> Void) {
    guard code.count >= 5 else { return }
    var position = 0
    let last = code.count - 5
    while position <= last {
      defer { position += 1 }
      let opcode = code[position]
      let start = base &+ UInt64(position)
      switch opcode {
      case 0xe8, 0xe9:
        if let target = targets.branchTarget(target(code, displacementAt: position + 1, length: 5, start: start)) {
          body(CodeHit(address: start, sequenceStart: start, target: target))
        }
      case 0xff:
        let modRM = code[position + 1]
        guard modRM == 0x15 || modRM == 0x25, position + 6 <= code.count else { continue }
        if let target = targets.slot(target(code, displacementAt: position + 2, length: 6, start: start)) {
          body(CodeHit(address: start, sequenceStart: start, target: target))
        }
      case 0x48...0x4f:
        let opcode = code[position + 1]
        guard opcode == 0x8b || opcode == 0x8d, position + 7 <= code.count, code[position + 2] & 0xc7 == 0x05 else {
          continue
        }
        let address = target(code, displacementAt: position + 3, length: 7, start: start)
        if let target = opcode == 0x8b ? targets.slot(address) : targets.address(address) {
          body(CodeHit(address: start, sequenceStart: start, target: target))
        }
      default:
        continue
      }
    }
  }

  /// `start + length + disp32`, the disp32 read at `offset`.
  @inline(__always)
  private static func target(_ code: UnsafeRawBufferPointer, displacementAt offset: Int, length: UInt64, start: UInt64)
    -> UInt64
  {
    let displacement = Int32(bitPattern: code.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
    return start &+ length &+ UInt64(bitPattern: Int64(displacement))
  }
}
