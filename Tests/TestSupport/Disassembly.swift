import Foundation

// Reading `llvm-objdump -d` output for the call-site differential tests (Mach-O and ELF): the
// oracle side decodes nothing itself, it follows the operands llvm-objdump printed.

/// One disassembled instruction: `address: mnemonic operands`.
package struct Instruction {
  /// The instruction's address.
  package var address: UInt64
  /// `bl`, `callq`, `ldr`, …
  package var mnemonic: String
  /// The operands, brackets removed, split at commas.
  package var operands: [String]
  /// The `## 0x…` / `; 0x…` address llvm-objdump prints for RIP-relative operands.
  package var comment: UInt64?

  /// Parses one line of `llvm-objdump -d --no-show-raw-insn` output; `nil` for other lines.
  package init?(_ line: Substring) {
    let parts = line.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let address = UInt64(parts[0].trimmingCharacters(in: .whitespaces), radix: 16) else {
      return nil
    }
    var body = String(parts[1]).trimmingCharacters(in: .whitespaces)
    if let range = body.range(of: ";") { body = String(body[..<range.lowerBound]) }
    if let range = body.range(of: "## ") ?? body.range(of: "# ") {
      let text = body[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
      comment = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : nil
      body = String(body[..<range.lowerBound])
    }
    if let range = body.range(of: "<") { body = String(body[..<range.lowerBound]) }
    let words = body.split(separator: "\t", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let mnemonic = words.first, !mnemonic.isEmpty else { return nil }
    self.address = address
    self.mnemonic = mnemonic
    operands =
      words.count > 1
      ? words[1].replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
  }
}

/// Follows `adrp`/`add` values per register through a function's disassembly text.
package struct RegisterTracker {
  /// What an instruction reaches.
  package enum Reach {
    /// A branch or call to an address.
    case branch(UInt64)
    /// A load from an address.
    case load(UInt64)
  }

  private var values: [String: UInt64] = [:]

  /// A tracker that knows no register.
  package init() {}

  /// Follows `instruction`: the branch target or loaded address it reaches, if any.
  package mutating func step(_ instruction: Instruction) -> Reach? {
    let operands = instruction.operands
    let destination = operands.first.map(Self.register)
    // x86-64: an operand at [rip+disp32] that llvm-objdump resolves is a use of that address
    // (`call`/`jmp *slot`, `mov`, `cmp`, …), except in `lea`, which computes the address.
    if let target = instruction.comment, !instruction.mnemonic.hasPrefix("lea"),
      operands.contains(where: { $0.contains("(%rip)") })
    {
      return .load(target)
    }
    switch instruction.mnemonic {
    case "bl", "b", "callq", "jmpq", "jmp", "call":
      if instruction.mnemonic == "b" || instruction.mnemonic.hasPrefix("j") {
        values = [:]
      } else {
        forgetCallerSaved()
      }
      return operands.first.flatMap(Self.hex).map(Reach.branch)
    case "adrp", "adr":
      if let destination, operands.count > 1, let value = Self.hex(operands[1]) { values[destination] = value }
      return nil
    case "add":
      guard let destination else { return nil }
      if operands.count >= 3, let base = values[Self.register(operands[1])], let offset = Self.hex(operands[2]) {
        let shifted = operands.count > 3 && operands[3].contains("lsl #12") ? offset << 12 : offset
        values[destination] = base &+ shifted
      } else {
        values[destination] = nil
      }
      return nil
    case "ldr":
      defer { if let destination { values[destination] = nil } }
      guard operands.count >= 2 else { return nil }
      if let literal = Self.hex(operands[1]), !operands[1].hasPrefix("x"), !operands[1].hasPrefix("w") {
        return .load(literal)
      }
      guard let base = values[Self.register(operands[1])] else { return nil }
      let offset = operands.count > 2 ? Self.hex(operands[2]) ?? 0 : 0
      return .load(base &+ offset)
    case "ret", "br", "braa", "brab", "braaz", "brabz", "retaa", "retab":
      values = [:]
      return nil
    case "blr", "blraa", "blrab", "blraaz", "blrabz":
      forgetCallerSaved()
      return nil
    default:
      if instruction.mnemonic.hasPrefix("st") || instruction.mnemonic.hasPrefix("b.")
        || instruction.mnemonic.hasPrefix("cb") || instruction.mnemonic.hasPrefix("tb")
        || instruction.mnemonic.hasPrefix("cmp") || instruction.mnemonic.hasPrefix("tst")
      {
        return nil
      }
      if let destination { values[destination] = nil }
      if instruction.mnemonic == "ldp", operands.count > 1 { values[Self.register(operands[1])] = nil }
      return nil
    }
  }

  private mutating func forgetCallerSaved() {
    for number in 0...18 { values["x\(number)"] = nil }
    values["x30"] = nil
  }

  /// `wN` and `xN` name one register.
  package static func register(_ operand: String) -> String {
    operand.hasPrefix("w") ? "x" + operand.dropFirst() : operand
  }

  /// `0x1f`, `#0x1f`, `#31` → the value.
  package static func hex(_ operand: String) -> UInt64? {
    var text = Substring(operand)
    if text.hasPrefix("#") { text = text.dropFirst() }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return text.first?.isNumber == true ? UInt64(text) : nil
  }
}

/// Walks `llvm-objdump -d` output, following each function's registers afresh, and calls `body`
/// with each instruction that branches somewhere or loads from an address, outside the sections
/// `skips` picks (given the `Disassembly of section …:` line).
package func forEachReach(
  in disassembly: [Substring], skipping skips: (Substring) -> Bool,
  _ body: (Instruction, RegisterTracker.Reach) -> Void
) {
  var tracker = RegisterTracker()
  var skipping = false
  for (index, line) in disassembly.enumerated() {
    if line.hasPrefix("Disassembly of section") {
      skipping = skips(line)
      tracker = RegisterTracker()
      continue
    }
    if line.hasSuffix(">:") {
      tracker = RegisterTracker()
      continue
    }
    guard !skipping, var instruction = Instruction(line) else { continue }
    // A comment that decodes the operand (`# xmm0 = …`) pushes the address to a line of its own.
    if instruction.comment == nil, index + 1 < disassembly.count,
      case let next = disassembly[index + 1].trimmingCharacters(in: .whitespaces), next.hasPrefix("# 0x")
    {
      instruction.comment = UInt64(next.dropFirst(4), radix: 16)
    }
    guard let reach = tracker.step(instruction) else { continue }
    body(instruction, reach)
  }
}
