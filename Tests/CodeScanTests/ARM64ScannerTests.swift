import Testing

@testable import CodeScan

/// The A64 scanner on hand-assembled instructions (Arm ARM, A64 encodings), code loaded at 0x1000:
/// the sequences it follows to a target, and the registers a call makes it forget.
@Suite struct ARM64ScannerTests {
  /// `bl` to `pc + 4 * words`.
  static func bl(_ words: UInt32) -> UInt32 { 0x9400_0000 | words }
  /// `adrp x<rd>`, two pages on from the instruction's page (0x3000 from 0x1000–0x1fff).
  static func adrpTwoPages(_ rd: UInt32) -> UInt32 { 0xd000_0000 | rd }
  /// `ldr x<rt>, [x<rn>, #(8 * scaled)]`.
  static func ldr(_ rt: UInt32, _ rn: UInt32, _ scaled: UInt32) -> UInt32 { 0xf940_0000 | scaled << 10 | rn << 5 | rt }
  /// `add x<rd>, x<rn>, #immediate`.
  static func add(_ rd: UInt32, _ rn: UInt32, _ immediate: UInt32) -> UInt32 {
    0x9100_0000 | immediate << 10 | rn << 5 | rd
  }

  /// The hits of scanning `instructions` at 0x1000 for a stub at 0x1010 (0), a slot at 0x3018
  /// (1) and an address 0x3020 (2).
  static func hits(_ instructions: [UInt32]) -> [CodeHit] {
    var targets = CodeTargets()
    targets.addBranchTarget(0x1010, index: 0)
    targets.addSlot(0x3018, index: 1)
    targets.addAddress(0x3020, index: 2)
    var hits: [CodeHit] = []
    instructions.map(\.littleEndian).withUnsafeBytes { code in
      CodeArchitecture.arm64.scan(code, at: 0x1000, targets: targets) { hits.append($0) }
    }
    return hits
  }

  @Test func branchesToStubsAndPageLoadsOfSlots() {
    #expect(
      Self.hits([Self.bl(4), Self.adrpTwoPages(16), Self.ldr(16, 16, 3)]) == [
        CodeHit(address: 0x1000, sequenceStart: 0x1000, target: 0),
        CodeHit(address: 0x1008, sequenceStart: 0x1004, target: 1),
      ])
  }

  @Test func anAddressComputedFromAPageIsAHit() {
    #expect(
      Self.hits([Self.adrpTwoPages(16), Self.add(0, 16, 0x20)]) == [
        CodeHit(address: 0x1004, sequenceStart: 0x1000, target: 2)
      ])
  }

  /// A call may change x0–x18 and x30, so a page held in x16 is forgotten across it; one in
  /// x19 (callee-saved) is not.
  @Test func aCallForgetsOnlyCallerSavedRegisters() {
    #expect(Self.hits([Self.adrpTwoPages(16), Self.bl(16), Self.ldr(0, 16, 3)]).isEmpty)
    #expect(
      Self.hits([Self.adrpTwoPages(19), Self.bl(16), Self.ldr(0, 19, 3)]) == [
        CodeHit(address: 0x1008, sequenceStart: 0x1000, target: 1)
      ])
  }
}
