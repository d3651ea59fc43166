/// Finds, in A64 code, the branches to target stubs and the loads of target slots.
///
/// Only these instruction classes are decoded (Arm A64 encodings):
/// - `B`/`BL` imm26 (`000101`/`100101`), target `pc + imm26 * 4`;
/// - `ADRP` (`1 immlo 10000 immhi Rd`), `Rd = (pc & ~0xfff) + imm21 << 12`, and `ADR`, `Rd = pc + imm21`;
/// - `ADD` (immediate, `sh` 0 or 1) from a register holding a known address (an `ADD` or `ADR`
///   that computes a target address is itself a hit);
/// - `LDR` (immediate, unsigned offset; 64- and 32-bit) from a register holding a known
///   address, and `LDR` (literal), which is what linker optimization hints turn `ADRP`+`LDR` into.
/// Every other instruction only forgets what the registers it writes held: data-processing
/// destinations, loaded registers, the caller-saved registers across a call, and all of them
/// after an unconditional branch or return (the next instruction starts another path).
enum ARM64Scanner {
  /// Registers a call may change: x0–x18 and the link register x30.
  private static let callerSaved: UInt32 = 0x4007_ffff

  static func scan(
    _ code: UnsafeRawBufferPointer, at base: UInt64, targets: CodeTargets, _ body: (CodeHit) -> Void
  ) {
    var values = [UInt64](repeating: 0, count: 32)
    var starts = [UInt64](repeating: 0, count: 32)
    var known: UInt32 = 0
    let words = code.count / 4
    var index = 0
    while index < words {
      defer { index += 1 }
      let instruction = code.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self).littleEndian
      let pc = base &+ UInt64(index &* 4)
      let rd = Int(instruction & 31)
      switch instruction {
      case _ where instruction & 0x7c00_0000 == 0x1400_0000:  // B, BL
        let offset = Int64(Int32(bitPattern: instruction << 6) >> 4)
        if let target = targets.branchTarget(pc &+ UInt64(bitPattern: offset)) {
          body(CodeHit(address: pc, sequenceStart: pc, target: target))
        }
        known &= instruction & 0x8000_0000 != 0 ? ~callerSaved : 0
      case _ where instruction & 0x1f00_0000 == 0x1000_0000:  // ADRP, ADR
        let immediate = Int64(
          Int32(bitPattern: ((instruction >> 5) & 0x7ffff) << 13 | ((instruction >> 29) & 3) << 11) >> 11)
        let isPage = instruction & 0x8000_0000 != 0
        values[rd] = isPage ? (pc & ~0xfff) &+ UInt64(bitPattern: immediate << 12) : pc &+ UInt64(bitPattern: immediate)
        starts[rd] = pc
        known |= 1 << rd
        if !isPage, let target = targets.address(values[rd]) {
          body(CodeHit(address: pc, sequenceStart: pc, target: target))
        }
      case _ where instruction & 0x7f80_0000 == 0x1100_0000:  // ADD (immediate), 32- or 64-bit
        let rn = Int((instruction >> 5) & 31)
        if known & (1 << rn) != 0, rd != 31 {
          let shift: UInt64 = instruction & 0x40_0000 != 0 ? 12 : 0
          values[rd] = values[rn] &+ (UInt64((instruction >> 10) & 0xfff) << shift)
          starts[rd] = starts[rn]
          known |= 1 << rd
          if let target = targets.address(values[rd]) {
            body(CodeHit(address: pc, sequenceStart: starts[rd], target: target))
          }
        } else {
          known &= ~(1 << rd)
        }
      case _ where instruction & 0xbfc0_0000 == 0xb940_0000:  // LDR (immediate, unsigned offset), 32/64-bit
        let rn = Int((instruction >> 5) & 31)
        if known & (1 << rn) != 0 {
          let scale: UInt64 = instruction & 0x4000_0000 != 0 ? 8 : 4
          let address = values[rn] &+ UInt64((instruction >> 10) & 0xfff) &* scale
          if let target = targets.slot(address) {
            body(CodeHit(address: pc, sequenceStart: starts[rn], target: target))
          }
        }
        known &= ~(1 << rd)
      case _ where instruction & 0xbf00_0000 == 0x1800_0000:  // LDR (literal), 32/64-bit
        let offset = Int64(Int32(bitPattern: (instruction >> 5) << 13) >> 11)
        if let target = targets.slot(pc &+ UInt64(bitPattern: offset)) {
          body(CodeHit(address: pc, sequenceStart: pc, target: target))
        }
        known &= ~(1 << rd)
      case _ where instruction & 0xfe00_0000 == 0xd600_0000:  // BR, BLR, RET and their authenticated forms
        known &= (instruction >> 21) & 3 == 1 ? ~callerSaved : 0
      case _ where instruction & 0x1c00_0000 == 0x1000_0000, _ where instruction & 0x0e00_0000 == 0x0a00_0000:
        known &= ~(1 << rd)  // other data processing: Rd written
      case _ where instruction & 0x0a00_0000 == 0x0800_0000:  // loads and stores
        let isGeneralLoad = instruction & 0x0400_0000 == 0 && instruction & 0x00c0_0000 != 0
        guard isGeneralLoad else { continue }
        known &= ~(1 << rd)
        if instruction & 0x3800_0000 == 0x2800_0000 { known &= ~(1 << ((instruction >> 10) & 31)) }  // pair: Rt2
      default:
        continue
      }
    }
  }
}
