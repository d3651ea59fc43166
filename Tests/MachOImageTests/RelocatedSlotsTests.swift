import TestSupport
import Testing

@testable import MachOImage

/// `RelocatedSlots` answers, for each slot, the target of the last relocation naming it in table
/// order, whether the table runs from the last slot back (as compilers write it), forwards, or in
/// any order with a slot named twice.
@Suite struct RelocatedSlotsTests {
  private func answers(_ targets: [(slot: Int, target: UInt64)]) -> [UInt64?] {
    var slots = ObjCSelectorReferences.RelocatedSlots(targets)
    return (0...(targets.map(\.slot).max() ?? 0) + 1).map { slots.target(at: $0) }
  }

  /// The rule itself: the last entry for a slot wins.
  private func expected(_ targets: [(slot: Int, target: UInt64)]) -> [UInt64?] {
    var last: [Int: UInt64] = [:]
    for (slot, target) in targets { last[slot] = target }
    return (0...(targets.map(\.slot).max() ?? 0) + 1).map { last[$0] }
  }

  @Test func everyOrderGivesTheLastTargetOfEachSlot() {
    let descending = stride(from: 64, through: 0, by: -8).map { (slot: $0, target: UInt64($0) * 3) }
    #expect(answers(descending) == expected(descending))
    #expect(answers(descending.reversed()) == expected(descending.reversed()))
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<200 {
      let mixed = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        (slot: Int.random(in: 0...6, using: &generator) * 8, target: UInt64.random(in: 0...99, using: &generator))
      }
      #expect(answers(mixed) == expected(mixed), "\(mixed)")
    }
  }
}
