/// The length of one x86-64 (64-bit mode) instruction, and the few facts the call-site scan needs
/// about it, decoded by hand from the opcode maps (Intel SDM vol. 2, appendix A; AMD APM vol. 3
/// for XOP): no operands are decoded beyond their sizes.
///
/// An instruction is: legacy prefixes (`F0 F2 F3 2E 36 3E 26 64 65 66 67`), an optional REX
/// (`40`–`4F`, kept only right before the opcode), then either a one-byte opcode, `0F` and a
/// two-byte opcode, `0F 38`/`0F 3A` and a three-byte opcode, or a VEX (`C4`, `C5`), EVEX (`62`)
/// or XOP (`8F` with map ≥ 8) prefix and its opcode; then ModRM (`mod 00 r/m 101` is RIP + disp32;
/// `r/m 100` adds a SIB, whose `base 101` with `mod 00` adds a disp32), the displacement (disp8
/// for `mod 01`, disp32 for `mod 10`), and the immediate (`66h` shrinks a 32-bit one to 16 bits
/// unless REX.W; `B8`–`BF` take 64 bits with REX.W; `A0`–`A3` a 64-bit address, 32 with `67h`;
/// `F6`/`F7` an immediate only for `/0` and `/1`; `C8` a word and a byte; near branches stay 32 bits).
/// Opcodes that are invalid in 64-bit mode (`06`, `27`, `9A`, …) count as one byte, as a
/// disassembler steps over them. No instruction is longer than 15 bytes.
///
/// Pure function of the bytes: nothing is allocated, and every byte read is bounds-checked
/// against the end given.
struct X86Instruction {
  /// The instruction's length in bytes.
  var length: Int
  /// The opcode byte, after any escape or VEX/EVEX/XOP prefix.
  var opcode: UInt8
  /// The opcode's map: 0 one-byte, 1 `0F`, 2 `0F 38`, 3 `0F 3A`; a VEX/EVEX/XOP map is
  /// `0x10 | map`, so it never meets a legacy one.
  var map: UInt8
  /// The ModRM byte, when the instruction has one.
  var modRM: UInt8?
  /// Whether a REX prefix with W set precedes the opcode.
  var isWide: Bool
  /// Where the disp32 of a RIP-relative operand starts, when there is one.
  var ripDisplacement: Int?

  /// The longest instruction the processor accepts.
  static let maximumLength = 15

  /// Decodes the instruction at `start` in `code`, which must end before `end`; `nil` when it is
  /// longer than 15 bytes, runs past `end`, or uses an escape with no map (a reserved VEX map).
  init?(_ code: UnsafeRawBufferPointer, at start: Int, end: Int) {
    let limit = min(end, code.count, start &+ Self.maximumLength)
    var position = start
    var operandSize16 = false
    var addressSize32 = false
    var rex: UInt8 = 0
    func next() -> UInt8? {
      guard position < limit else { return nil }
      defer { position &+= 1 }
      return code[position]
    }
    var byte: UInt8
    prefixes: while true {
      guard let value = next() else { return nil }
      byte = value
      switch byte {
      case 0x66: operandSize16 = true
      case 0x67: addressSize32 = true
      case 0xf0, 0xf2, 0xf3, 0x2e, 0x36, 0x3e, 0x26, 0x64, 0x65: break
      case 0x40...0x4f:
        rex = byte
        continue prefixes
      default: break prefixes
      }
      rex = 0  // a legacy prefix after REX cancels it
    }
    isWide = rex & 0x08 != 0
    var immediate: Int
    var hasModRM = true
    switch byte {
    case 0x0f:
      guard let second = next() else { return nil }
      switch second {
      case 0x38, 0x3a:
        guard let third = next() else { return nil }
        (map, opcode, immediate) = (second == 0x38 ? 2 : 3, third, second == 0x3a ? 1 : 0)
      default:
        (map, opcode) = (1, second)
        (hasModRM, immediate) = Self.twoByteOperands(second)
      }
    case 0xc4, 0xc5, 0x62:
      // VEX (3- and 2-byte) and EVEX: the map is in the first payload byte (implied 0F for C5).
      let payload = byte == 0xc5 ? 1 : byte == 0xc4 ? 2 : 3
      guard let first = next() else { return nil }
      for _ in 1..<payload { guard next() != nil else { return nil } }
      let selected = byte == 0xc5 ? 1 : first & (byte == 0x62 ? 0x07 : 0x1f)
      let known: UInt8 = byte == 0x62 ? 0b0110_1110 : 0b0000_1110  // maps 1–3, and 5–6 for EVEX
      guard let value = next(), selected < 8, (known >> selected) & 1 != 0 else { return nil }
      (map, opcode) = (0x10 | selected, value)
      immediate = selected == 3 || selected == 1 && Self.takesByteInVEXMap1(value) ? 1 : 0
      hasModRM = !(byte != 0x62 && selected == 1 && value == 0x77)  // vzeroupper, vzeroall
    case 0x8f where position < limit && code[position] & 0x1f >= 8:
      // XOP: maps 8 (imm8), 9 (none) and 0A (imm32).
      guard let first = next(), next() != nil, let value = next(), (8...10).contains(first & 0x1f) else { return nil }
      (map, opcode) = (0x10 | (first & 0x1f), value)
      immediate = first & 0x1f == 8 ? 1 : first & 0x1f == 10 ? 4 : 0
    default:
      (map, opcode) = (0, byte)
      (hasModRM, immediate) = Self.oneByteOperands(byte, wide: isWide, operandSize16: operandSize16)
      if byte >= 0xa0 && byte <= 0xa3 { immediate = addressSize32 ? 4 : 8 }  // moffs
    }
    if hasModRM {
      guard let modRM = next() else { return nil }
      self.modRM = modRM
      let mode = modRM >> 6
      let rm = modRM & 7
      if map == 0 && (opcode == 0xf6 || opcode == 0xf7) && (modRM >> 3) & 7 < 2 {
        immediate = opcode == 0xf6 ? 1 : Self.sizeZ(wide: isWide, operandSize16: operandSize16)
      }
      var displacement = mode == 1 ? 1 : mode == 2 ? 4 : 0
      if mode != 3 && rm == 4 {
        guard let sib = next() else { return nil }
        if mode == 0 && sib & 7 == 5 { displacement = 4 }
      } else if mode == 0 && rm == 5 {
        displacement = 4
        ripDisplacement = position
      }
      position &+= displacement
    }
    position &+= immediate
    guard position <= limit else { return nil }
    length = position &- start
  }

  /// The operand size of a `z` immediate: 16 bits with `66h` (unless REX.W), else 32.
  private static func sizeZ(wide: Bool, operandSize16: Bool) -> Int { operandSize16 && !wide ? 2 : 4 }

  /// Whether a one-byte opcode has ModRM, and its immediate's size (`F6`/`F7` decided later).
  private static func oneByteOperands(_ opcode: UInt8, wide: Bool, operandSize16: Bool) -> (Bool, Int) {
    let z = sizeZ(wide: wide, operandSize16: operandSize16)
    switch opcode {
    case 0x00...0x3f:  // ALU block: op r/m,r / r,r/m (ModRM), AL,ib, eAX,iz
      switch opcode & 7 {
      case 0...3: return (true, 0)
      case 4: return (false, 1)
      case 5: return (false, z)
      default: return (false, 0)
      }
    case 0x63, 0x84...0x8f, 0xd0...0xd3, 0xd8...0xdf, 0xf6, 0xf7, 0xfe, 0xff: return (true, 0)
    case 0x69, 0x81, 0xc7: return (true, z)
    case 0x6b, 0x80, 0x82, 0x83, 0xc0, 0xc1, 0xc6: return (true, 1)
    case 0x68, 0xa9: return (false, z)
    case 0xe8, 0xe9: return (false, 4)  // near call and jmp: rel32 in 64-bit mode
    case 0x6a, 0x70...0x7f, 0xa8, 0xb0...0xb7, 0xcd, 0xe0...0xe7, 0xeb: return (false, 1)
    case 0xb8...0xbf: return (false, wide ? 8 : z)
    case 0xc2, 0xca: return (false, 2)
    case 0xc8: return (false, 3)
    default: return (false, 0)
    }
  }

  /// Whether a `0F xx` opcode has ModRM, and its immediate's size.
  private static func twoByteOperands(_ opcode: UInt8) -> (Bool, Int) {
    switch opcode {
    case 0x0f, 0x70...0x73, 0xa4, 0xac, 0xba, 0xc2, 0xc4...0xc6: return (true, 1)
    case 0x80...0x8f: return (false, 4)  // jcc rel32
    case 0x04...0x0b, 0x0e, 0x30...0x37, 0x39, 0x3b...0x3f, 0x77, 0x7a, 0x7b, 0xa0...0xa2, 0xa6...0xaa, 0xc8...0xcf:
      return (false, 0)
    default: return (true, 0)
    }
  }

  /// VEX/EVEX map 1 (`0F`) opcodes with an imm8: `pshuf*`, the shift groups, `cmpps`,
  /// `pinsrw`, `pextrw`, `shufps`.
  private static func takesByteInVEXMap1(_ opcode: UInt8) -> Bool {
    (0x70...0x73).contains(opcode) || (0xc2...0xc6).contains(opcode) && opcode != 0xc3
  }
}
