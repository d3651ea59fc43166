/// What a code scan looks for: the addresses of the stubs or PLT entries of interesting imports
/// (reached by a branch) and of their pointer slots (GOT entries, selector references; reached by
/// a load), each mapped to the index of the name it stands for.
///
/// Lookups first test the address against the smallest range holding every entry, so the common
/// case (a branch to anything else) costs two comparisons.
package struct CodeTargets: Sendable {
  private var branchEntries: [UInt64: Int] = [:]
  private var slotEntries: [UInt64: Int] = [:]
  private var addressEntries: [UInt64: Int] = [:]
  private var branchRange: ClosedRange<UInt64>?
  private var slotRange: ClosedRange<UInt64>?
  private var addressRange: ClosedRange<UInt64>?

  /// Creates an empty set of targets.
  package init() {}

  /// Whether nothing is looked for.
  package var isEmpty: Bool { branchEntries.isEmpty && slotEntries.isEmpty && addressEntries.isEmpty }

  /// Looks for branches and calls to `address` (a stub or PLT entry) as uses of name `index`.
  package mutating func addBranchTarget(_ address: UInt64, index: Int) {
    branchEntries[address] = index
    branchRange = Self.widen(branchRange, address)
  }

  /// Looks for loads of the pointer at `address` (a GOT slot, a selector reference) as uses of name `index`.
  package mutating func addSlot(_ address: UInt64, index: Int) {
    slotEntries[address] = index
    slotRange = Self.widen(slotRange, address)
  }

  /// Looks for code that computes `address` (a string: `adrp`+`add`, `adr`, `lea [rip+disp32]`)
  /// as a use of name `index`.
  package mutating func addAddress(_ address: UInt64, index: Int) {
    addressEntries[address] = index
    addressRange = Self.widen(addressRange, address)
  }

  /// The name index of a computed address `address`.
  @inline(__always) func address(_ address: UInt64) -> Int? {
    guard let addressRange, addressRange.contains(address) else { return nil }
    return addressEntries[address]
  }

  /// The name index of a branch target at `address`.
  @inline(__always) func branchTarget(_ address: UInt64) -> Int? {
    guard let branchRange, branchRange.contains(address) else { return nil }
    return branchEntries[address]
  }

  /// The name index of a slot at `address`.
  @inline(__always) func slot(_ address: UInt64) -> Int? {
    guard let slotRange, slotRange.contains(address) else { return nil }
    return slotEntries[address]
  }

  private static func widen(_ range: ClosedRange<UInt64>?, _ address: UInt64) -> ClosedRange<UInt64> {
    guard let range else { return address...address }
    return min(range.lowerBound, address)...max(range.upperBound, address)
  }
}

/// One instruction a scan found.
package struct CodeHit: Sendable, Hashable {
  /// The instruction's address: the branch, or the load of the slot.
  package var address: UInt64
  /// The address of the first instruction of the sequence (an arm64 `adrp` paired with the
  /// load; the instruction itself otherwise).
  package var sequenceStart: UInt64
  /// The index of the name it reaches (`CodeTargets`).
  package var target: Int
}

/// The instruction sets a scan decodes.
package enum CodeArchitecture: Sendable, Hashable {
  /// A64 (arm64, arm64e, arm64_32, ELF aarch64).
  case arm64
  /// x86-64.
  case x86

  /// Scans `code`, loaded at `address`, calling `body` for each instruction that reaches a target.
  /// x86-64 code is decoded one function after another from `functionStarts` (the image's,
  /// sorted ascending; those outside `code` are passed over), so that decoding starts in step at
  /// each; A64's fixed-size instructions need none.
  package func scan(
    _ code: UnsafeRawBufferPointer, at address: UInt64, functionStarts: [UInt64] = [], targets: CodeTargets,
    _ body: (CodeHit) -> Void
  ) {
    guard !targets.isEmpty else { return }
    switch self {
    case .arm64: ARM64Scanner.scan(code, at: address, targets: targets, body)
    case .x86: X86Scanner.scan(code, at: address, functionStarts: functionStarts, targets: targets, body)
    }
  }
}
