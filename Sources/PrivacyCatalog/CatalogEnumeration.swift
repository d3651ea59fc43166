import JSONDocuments

/// A closed set of strings in the catalog file (`kind`, `strength`, `usableBy`, …).
///
/// Reading one reports the allowed values when the file has another, so a user who wrote an
/// overlay by hand sees "'c-func' is not one of: c-function, objc-constant, …" with its JSON path.
package protocol CatalogEnumeration: RawRepresentable, CaseIterable where RawValue == String {}

extension CatalogEnumeration {
  /// Reads the value, or fails with a message listing the allowed values.
  init(json node: JSONNode) throws(JSONDocumentError) {
    let text = try node.string()
    guard let value = Self(rawValue: text) else {
      let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw node.error("'\(text)' is not one of: \(allowed)")
    }
    self = value
  }
}
