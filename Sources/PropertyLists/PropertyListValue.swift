package import Foundation

/// A property list value with its exact type, so that validation can tell `<true/>` from
/// `<integer>1</integer>`.
package indirect enum PropertyListValue: Sendable, Hashable {
  /// `<string>`.
  case string(String)
  /// `<true/>` or `<false/>`.
  case boolean(Bool)
  /// `<integer>`.
  case integer(Int64)
  /// `<real>`.
  case real(Double)
  /// `<date>`.
  case date(Date)
  /// `<data>`.
  case data(Data)
  /// `<array>`.
  case array([PropertyListValue])
  /// `<dict>`; when a key is repeated the last value is kept (`PropertyListDocument.duplicateKeys` lists it).
  case dictionary([String: PropertyListValue])

  /// The type's name as a property list editor shows it ("Boolean", "String", …), for messages.
  package var typeName: String {
    switch self {
    case .string: "String"
    case .boolean: "Boolean"
    case .integer: "Integer"
    case .real: "Real"
    case .date: "Date"
    case .data: "Data"
    case .array: "Array"
    case .dictionary: "Dictionary"
    }
  }

  /// The string, when the value is one.
  package var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The dictionary, when the value is one.
  package var dictionaryValue: [String: PropertyListValue]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }
}
