public import Foundation
public import PrivacyCatalog

/// A JSON document the user names (a `--baseline` report, a `--policy` file) that could not be
/// read or used: the same file-and-JSON-path error a `--catalog` overlay reports
/// (`file: $.targets[3].findings[0].rule: message`).
public typealias JSONDocumentError = CatalogError

/// Typed access to a document parsed by `JSONSerialization`, each miss a `JSONDocumentError` at
/// its JSON path: the one reader behind the user's JSON documents.
public struct JSONDocumentReader: Sendable {
  /// The file errors name.
  public let origin: String

  /// A reader whose errors name `origin`.
  public init(origin: String) {
    self.origin = origin
  }

  /// An error at `path`.
  public func error(_ path: String, _ message: String) -> JSONDocumentError {
    JSONDocumentError(file: origin, path: path, message: message)
  }

  /// The document's top-level object.
  public func root(_ data: Data) throws(JSONDocumentError) -> [String: Any] {
    guard let document = try? JSONSerialization.jsonObject(with: data) else { throw error("$", "not valid JSON") }
    return try object(document, "$")
  }

  /// `value` as an object.
  public func object(_ value: Any, _ path: String) throws(JSONDocumentError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error(path, "expected an object") }
    return object
  }

  /// The required member `key` of `object`, of type `Value` (`typeName` for the message).
  public func field<Value>(
    _ object: [String: Any], _ key: String, _ path: String, as type: Value.Type, _ typeName: String
  ) throws(JSONDocumentError) -> Value {
    guard let raw = object[key] else { throw error(path, "required key '\(key)' is missing") }
    guard let value = raw as? Value else { throw error("\(path).\(key)", "expected \(typeName)") }
    return value
  }

  /// The member `key` of `object` when present, of type `Value`; `nil` when absent.
  public func optionalField<Value>(
    _ object: [String: Any], _ key: String, _ path: String, as type: Value.Type, _ typeName: String
  ) throws(JSONDocumentError) -> Value? {
    guard object[key] != nil else { return nil }
    return try field(object, key, path, as: type, typeName)
  }

  /// The required member `key`: a string or `null`.
  public func stringOrNull(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError)
    -> String?
  {
    guard let raw = object[key] else { throw error(path, "required key '\(key)' is missing") }
    if raw is NSNull { return nil }
    guard let value = raw as? String else { throw error("\(path).\(key)", "expected a string or null") }
    return value
  }

  /// Fails on the first member of `object` not in `allowed` (in key order, so the message is stable).
  public func rejectUnknownKeys(_ object: [String: Any], allowed: Set<String>, _ path: String)
    throws(JSONDocumentError)
  {
    if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw error("\(path).\(unknown)", "unknown key (allowed: \(allowed.sorted().joined(separator: ", ")))")
    }
  }
}
