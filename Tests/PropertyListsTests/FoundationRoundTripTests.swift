import Foundation
import PropertyLists
import TestSupport
import Testing

/// Foundation writes random property lists as XML and as binary (where it shares equal strings
/// and numbers between references); sdkvet's parsers must read back exactly what was written.
@Suite("Property lists written by Foundation")
struct FoundationRoundTripTests {
  @Test(arguments: 0..<40)
  func readsBackWhatFoundationWrites(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let (object, expected) = Self.randomValue(depth: 0, using: &random)
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
      let document = try PropertyListDocument(parsing: data)
      #expect(document.root == expected, "seed \(seed), format \(format.rawValue)")
      #expect(document.duplicateKeys.isEmpty)
    }
  }

  /// A Foundation property list object and the value it should read back as; the root is a dictionary.
  private static func randomValue(depth: Int, using random: inout SeededGenerator) -> (Any, PropertyListValue) {
    let kind = depth == 0 ? 7 : Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &random)
    switch kind {
    case 0:
      let text = randomText(using: &random)
      return (text, .string(text))
    case 1:
      let value = Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random) >> (random.next() % 40)
      return (value, .integer(value))
    case 2:
      let value = Double(Int.random(in: -1000...1000, using: &random)) / 8
      return (value, .real(value))
    case 3:
      let flag = Bool.random(using: &random)
      return (flag, .boolean(flag))
    case 4:
      let date = Date(
        timeIntervalSinceReferenceDate: Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random)))
      return (date, .date(date))
    case 5:
      let bytes = Data(
        (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
      return (bytes, .data(bytes))
    case 6:
      var objects: [Any] = []
      var values: [PropertyListValue] = []
      for _ in 0..<Int.random(in: 0..<6, using: &random) {
        let (object, value) = randomValue(depth: depth + 1, using: &random)
        objects.append(object)
        values.append(value)
      }
      return (objects, .array(values))
    default:
      var objects: [String: Any] = [:]
      var values: [String: PropertyListValue] = [:]
      for _ in 0..<Int.random(in: 0..<6, using: &random) {
        let key = randomText(using: &random)
        let (object, value) = randomValue(depth: depth + 1, using: &random)
        objects[key] = object
        values[key] = value
      }
      return (objects, .dictionary(values))
    }
  }

  /// Short strings from a small alphabet (so that Foundation shares repeats), with non-ASCII
  /// characters (UTF-16 in binary) and characters XML must escape.
  private static func randomText(using random: inout SeededGenerator) -> String {
    let alphabet = Array("abcAB<&>\"' é世😀")
    return String(
      (0..<Int.random(in: 0..<4, using: &random)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
  }
}
