/// A closed set of strings in the catalog file (`kind`, `strength`, `usableBy`, …).
///
/// Decoding one reports the allowed values when the file has another, so a user who wrote an
/// overlay by hand sees "'c-func' is not one of: c-function, objc-constant, …" with its JSON path.
package protocol CatalogEnumeration: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension CatalogEnumeration {
  /// Decodes the value, or fails with a message listing the allowed values.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(rawValue: text) else {
      let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not one of: \(allowed)")
    }
    self = value
  }
}
