/// The most a property list may turn into, whatever its size on disk.
///
/// A binary property list names each object once and refers to it by index, so a few hundred
/// bytes can describe an array of two references to one array of two references to one array…:
/// 2^depth objects once expanded. The byte size cap does not bound that; this does. Objects are
/// counted as if every shared reference were expanded (what a reader walking the values would
/// visit), and so are the bytes of the strings and data they hold.
struct ExpansionBudget {
  /// Containers nested deeper than this are rejected (real manifests and `Info.plist` files nest
  /// fewer than ten levels).
  static let maximumDepth = 256
  /// Values in the expanded tree; far above the largest real property list (an 8 MiB XML file
  /// holds at most about a million values).
  static let maximumObjects = 1_000_000
  /// Expanded string and data bytes allowed per byte of input, with `minimumBytes` as a floor, so
  /// that ordinary string sharing in a small binary list passes.
  static let bytesPerInputByte = 16
  /// The expanded-byte allowance of any input, however small.
  static let minimumBytes = 1 << 20

  /// The expanded string and data bytes this input may hold.
  let maximumBytes: Int

  /// The budget for an input of `inputSize` bytes.
  init(inputSize: Int) {
    let (scaled, overflow) = inputSize.multipliedReportingOverflow(by: Self.bytesPerInputByte)
    maximumBytes = overflow ? Int.max : max(Self.minimumBytes, scaled)
  }

  /// Throws when `depth` (the root is 1) is beyond `maximumDepth`.
  static func check(depth: Int) throws(PropertyListSyntaxError) {
    guard depth <= Self.maximumDepth else {
      throw PropertyListSyntaxError(reason: "it nests deeper than \(Self.maximumDepth) levels")
    }
  }

  /// Throws when an expanded total of `objects` values holding `bytes` bytes is over budget.
  func check(objects: Int, bytes: Int) throws(PropertyListSyntaxError) {
    guard objects <= Self.maximumObjects else {
      throw PropertyListSyntaxError(
        reason: "it expands beyond \(Self.maximumObjects) objects through shared references")
    }
    guard bytes <= maximumBytes else {
      throw PropertyListSyntaxError(
        reason: "its strings and data expand beyond \(maximumBytes) bytes through shared references")
    }
  }
}
