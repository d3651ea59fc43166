import BinaryImage
import ELFSymbols
import Foundation
import TestSupport
import Testing

/// Feeds the reader truncated and byte-flipped copies of every fixture. `ELFReader.read`
/// throws only `BinaryError` by its type; these tests check that no input traps or crashes
/// (the test process would die) and that files cut inside their ELF header are rejected.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFMutationTests {

  @Test(arguments: ELFFixtures.wellFormed)
  func truncatedCopiesNeverTrap(_ fixture: String) throws {
    let original = try Data(contentsOf: URL(fileURLWithPath: ELFFixtures.path(fixture)))
    var generator = SeededGenerator(seed: 0x5EED_0001)
    let lengths = Set((0..<64).map { _ in Int.random(in: 0..<original.count, using: &generator) } + Array(0...64))
    for length in lengths.sorted() {
      let outcome = try read(original.prefix(length))
      if length < 52, original.starts(with: [0x7f, 0x45, 0x4c, 0x46]) {  // shorter than any ELF header
        #expect(outcome != nil, "\(fixture) cut to \(length) bytes was accepted")
      }
    }
  }

  @Test(arguments: ELFFixtures.wellFormed)
  func byteFlippedCopiesNeverTrap(_ fixture: String) throws {
    let original = try Data(contentsOf: URL(fileURLWithPath: ELFFixtures.path(fixture)))
    var generator = SeededGenerator(seed: 0x5EED_0002 &+ UInt64(original.count))
    var rejected = 0
    for round in 0..<300 {
      var mutated = original
      let flips = Int.random(in: 1...4, using: &generator)
      for _ in 0..<flips {
        // Half the flips hit the headers (first 128 bytes), half anywhere.
        let limit = round.isMultiple(of: 2) ? min(128, mutated.count) : mutated.count
        let position = Int.random(in: 0..<limit, using: &generator)
        mutated[position] ^= UInt8.random(in: 1...255, using: &generator)
      }
      if try read(mutated) != nil { rejected += 1 }
    }
    #expect(rejected > 0, "no mutation of \(fixture) was rejected: the mutations do not reach the reader")
  }

  /// Reads `bytes` from a scratch file: `nil` on success, the reader's error otherwise.
  private func read(_ bytes: Data) throws -> BinaryError? {
    do {
      _ = try ELFFixtures.readScratch(Array(bytes))
      return nil
    } catch let error as BinaryError {
      return error
    }
  }
}
