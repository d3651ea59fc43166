public import Foundation

extension Catalog {
  /// The catalog as JSON for `sdkvet catalog --format json`: pretty-printed with sorted keys, entries
  /// in catalog order, so the same catalog always yields the same bytes (ending in a newline).
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
