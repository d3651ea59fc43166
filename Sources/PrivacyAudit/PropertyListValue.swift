public import Foundation

#if canImport(CoreFoundation) && canImport(Darwin)
  import CoreFoundation
#endif

/// A property list value with its exact type, so that validation can tell `<true/>` from
/// `<integer>1</integer>` (Foundation hands both back as numbers).
public indirect enum PropertyListValue: Sendable, Hashable {
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
  /// `<dict>`; keys that are not strings are dropped (a property list's keys are strings).
  case dictionary([String: PropertyListValue])

  /// Parses XML, binary or old-style (OpenStep, `.strings`) property list bytes.
  /// - Throws: `PropertyListError` when the bytes are not a property list.
  public static func parse(_ data: Data) throws(PropertyListError) -> PropertyListValue {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw PropertyListError(message: "not a readable property list")
    }
    guard let value = PropertyListValue(foundation: root) else {
      throw PropertyListError(message: "the property list holds a value of an unknown type")
    }
    return value
  }

  /// Converts what `PropertyListSerialization` returns; `nil` for a value of another type.
  init?(foundation value: Any) {
    if let string = value as? String {
      self = .string(string)
    } else if let date = value as? Date {
      self = .date(date)
    } else if let data = value as? Data {
      self = .data(data)
    } else if let array = value as? [Any] {
      self = .array(array.compactMap { PropertyListValue(foundation: $0) })
    } else if let dictionary = value as? [String: Any] {
      self = .dictionary(dictionary.compactMapValues { PropertyListValue(foundation: $0) })
    } else if let number = Self.number(value) {
      self = number
    } else {
      return nil
    }
  }

  /// Booleans come back as `Bool` on Linux and as the `CFBoolean` singletons on Darwin; every
  /// other number is an `NSNumber` whose Objective-C type tells integers from reals.
  private static func number(_ value: Any) -> PropertyListValue? {
    #if canImport(Darwin)
      if let number = value as? NSNumber, CFGetTypeID(number) == CFBooleanGetTypeID() {
        return .boolean(number.boolValue)
      }
    #else
      if type(of: value) == Bool.self, let flag = value as? Bool { return .boolean(flag) }
    #endif
    guard let number = value as? NSNumber else { return nil }
    let objCType = number.objCType.pointee
    if objCType == CChar(UInt8(ascii: "d")) || objCType == CChar(UInt8(ascii: "f")) { return .real(number.doubleValue) }
    return .integer(number.int64Value)
  }

  /// The type's name as a property list editor shows it ("Boolean", "String", …), for messages.
  public var typeName: String {
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
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The dictionary, when the value is one.
  public var dictionaryValue: [String: PropertyListValue]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }
}

/// A property list that could not be read.
public struct PropertyListError: Error, Sendable, Hashable {
  /// What is wrong, in one sentence.
  public var message: String
}
