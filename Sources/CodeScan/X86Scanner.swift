/// Finds, in x86-64 code, the calls and jumps to target stubs and the RIP-relative uses of
/// target slots, sweeping the code one instruction after another (`X86Instruction` gives each
/// length).
///
/// Recognised forms (Intel SDM vol. 2): `E8 rel32` (`call`) and `E9 rel32` (`jmp`, a tail call)
/// reach a stub; REX.W `8D /r` (`lea r64, [rip+disp32]`) computes an address (a string's); every
/// other instruction with a RIP-relative operand uses the slot it addresses: `call`/`jmp qword
/// ptr [rip+disp32]` (`FF /2`, `FF /4`), `mov r64, [rip+disp32]`, and the compares of a slot with
/// a register or zero (`cmp r64, [rip+disp32]`, a weak import's null check `cmp qword ptr
/// [rip+disp32], 0`), as a disassembler resolves each operand to the slot. Targets are `next
/// instruction + displacement`; the site is the instruction's first byte, prefixes included.
///
/// The sweep runs over each function: from the section's start, and from every function start
/// the reader knows (symbols, `LC_FUNCTION_STARTS`, `.eh_frame`) up to the next one, so each
/// function starts in step, as a disassembler that follows symbols does. Within a function, a
/// byte that starts no instruction (one that would run past the next start, a reserved VEX map,
/// a jump table's data after an indirect `jmp`) is stepped over, as llvm-objdump prints `.byte`
/// and goes on: decoding falls back in step after the data, where the code resumes.
enum X86Scanner {
  static func scan(
    _ code: UnsafeRawBufferPointer, at base: UInt64, functionStarts: [UInt64], targets: CodeTargets,
    _ body: (CodeHit) -> Void
  ) {
    // The first start above the section's, by binary search; then each start in turn.
    var low = 0
    var high = functionStarts.count
    while low < high {
      let middle = low + (high - low) / 2
      if functionStarts[middle] <= base { low = middle + 1 } else { high = middle }
    }
    var next = low
    var start = 0
    while start < code.count {
      while next < functionStarts.count, functionStarts[next] &- base <= UInt64(start) { next += 1 }
      let end =
        next < functionStarts.count && functionStarts[next] &- base < UInt64(code.count)
        ? Int(functionStarts[next] &- base) : code.count
      sweep(code, from: start, to: end, base: base, targets: targets, body)
      start = end
    }
  }

  /// Decodes the instructions from `start` up to `end`, reporting those that reach a target.
  private static func sweep(
    _ code: UnsafeRawBufferPointer, from start: Int, to end: Int, base: UInt64, targets: CodeTargets,
    _ body: (CodeHit) -> Void
  ) {
    var position = start
    while position < end {
      // Bytes that do not decode (a jump table's data, a reserved VEX map) are stepped over one
      // at a time, as a disassembler prints them as `.byte`, so decoding falls in step again.
      guard let instruction = X86Instruction(code, at: position, end: end) else {
        position &+= 1
        continue
      }
      defer { position &+= instruction.length }
      let address = base &+ UInt64(position)
      let next = address &+ UInt64(instruction.length)
      let found: Int?
      switch (instruction.map, instruction.opcode) {
      case (0, 0xe8), (0, 0xe9):
        found = targets.branchTarget(next &+ displacement(code, at: position &+ instruction.length &- 4))
      case (0, 0x8d):
        guard instruction.isWide, let at = instruction.ripDisplacement else { continue }
        found = targets.address(next &+ displacement(code, at: at))
      default:
        guard let at = instruction.ripDisplacement else { continue }
        found = targets.slot(next &+ displacement(code, at: at))
      }
      if let found { body(CodeHit(address: address, sequenceStart: address, target: found)) }
    }
  }

  /// The sign-extended disp32 or rel32 at `offset` (inside a decoded instruction).
  @inline(__always)
  private static func displacement(_ code: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(
      bitPattern: Int64(Int32(bitPattern: code.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)))
  }
}
