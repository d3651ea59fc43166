import BinaryImage

/// The lengths of the C strings a walk of pointers has measured, by file offset, so that a
/// string many pointers lead to is measured once (`ObjCSelectorReferences.forEachPointedString`).
///
/// Open addressing with linear probing over a power-of-two slot array at most half full. The
/// offsets come from the file, so they are hashed as `ByteKeyTable`'s keys are, seeded once per
/// process and avalanched: a file cannot choose offsets that pile up in one probe run. A walk looks up every pointer it
/// resolves, and `Dictionary` hashed each offset with SipHash: a fifth of the selector walk of a
/// static archive.
struct StringLengthCache {
  private struct Slot {
    var offset: UInt64
    /// The length plus one; 0 marks an empty slot.
    var storedLength: Int
  }

  /// One array, sized once for the strings a walk can record: each array allocated costs a
  /// look-up of its type's metadata, as much as a hundred probes.
  private var slots: [Slot]
  private var count = 0
  /// The process's hash seed, copied so that a look-up reads no global.
  private let seed = byteKeyHashSeed
  /// The most strings room is made for before any is recorded (32,768 slots, 512 KiB).
  private static let presizedLimit = 1 << 14

  /// An empty cache with room for `expected` strings before it grows (the pointers a section
  /// holds), and at most `presizedLimit`: a section of millions of pointers makes room as its
  /// strings are recorded, not at once.
  init(expected: Int) {
    var capacity = 16
    while capacity < 2 * min(expected, Self.presizedLimit) { capacity *= 2 }
    slots = [Slot](repeating: Slot(offset: 0, storedLength: 0), count: capacity)
  }

  /// The length recorded for the string at `offset`, if it was measured.
  func length(at offset: UInt64) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var index = firstSlot(of: offset, mask: mask)
      while slots[index].storedLength != 0 {
        if slots[index].offset == offset { return slots[index].storedLength - 1 }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  /// Records the length of the string at `offset`, which `length(at:)` did not find.
  mutating func record(_ length: Int, at offset: UInt64) {
    if (count + 1) * 2 > slots.count { grow() }
    place(Slot(offset: offset, storedLength: length + 1))
    count += 1
  }

  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = firstSlot(of: slot.offset, mask: mask)
    while slots[index].storedLength != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(offset: 0, storedLength: 0), count: old.count * 2)
    for slot in old where slot.storedLength != 0 { place(slot) }
  }

  /// Where the probe for `offset` starts: the seeded offset, avalanched.
  private func firstSlot(of offset: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: avalanched(offset ^ seed)) & mask
  }
}
