import BinaryImage
public import Foundation
import ScanFiles

extension Catalog {
  /// The catalog shipped with sdkvet (`Resources/catalog.json`, embedded in the binary at build
  /// time), decoded and validated once.
  ///
  /// It throws only if the shipped data is broken, which the package's tests rule out; callers
  /// report the error instead of trapping. Embedding (rather than a resource bundle found at run
  /// time) means a copied or installed `sdkvet` binary cannot lose its catalog.
  public static func builtIn() throws(CatalogError) -> Catalog {
    try builtInResult.get()
  }

  private static let builtInResult: Result<Catalog, CatalogError> = Result { () throws(CatalogError) -> Catalog in
    let catalog = try Catalog(jsonData: Data(PackageResources.catalog_json), origin: "built-in catalog")
    try catalog.validate(resolvingIn: catalog)
    return catalog
  }

  /// Decodes a catalog or overlay from JSON bytes, without checking it against any other catalog.
  /// - Parameters:
  ///   - jsonData: The file contents.
  ///   - origin: The name errors should give for the file, usually its path.
  public init(jsonData: Data, origin: String) throws(CatalogError) {
    do {
      self = try JSONDecoder().decode(Catalog.self, from: jsonData)
    } catch let error as DecodingError {
      throw CatalogError(decoding: error, file: origin)
    } catch {
      throw CatalogError(file: origin, path: "$", message: "not valid JSON")
    }
    self.origin = origin
    guard schemaVersion == Catalog.currentSchemaVersion else {
      throw CatalogError(
        file: origin, path: "$.schemaVersion",
        message: "schema version \(schemaVersion) is not supported (this sdkvet reads \(Catalog.currentSchemaVersion))")
    }
  }

  /// Reads a user catalog file (`--catalog FILE`). The result is usually passed to `overlaying(_:)`,
  /// which checks it against the catalog it extends.
  /// - Throws: `CatalogError` naming the file: why it cannot be read (in the system's words,
  ///   `strerror`), or the JSON path of the first problem.
  public static func load(contentsOf path: String) throws(CatalogError) -> Catalog {
    let bytes: [UInt8]
    do throws(BinaryError) {
      bytes = try FileBytes.wholeDocument(at: path, limit: ReadLimits.catalogBytes)
    } catch {
      throw CatalogError(file: path, path: "$", message: error.message)
    }
    return try Catalog(jsonData: Data(bytes), origin: path)
  }
}

extension CatalogError {
  /// Translates a `DecodingError` into the file + JSON path form.
  init(decoding error: DecodingError, file: String) {
    let path: [any CodingKey]
    let message: String
    switch error {
    case .typeMismatch(let type, let context):
      path = context.codingPath
      message = "expected \(Self.jsonTypeName(type)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      path = context.codingPath
      message = "expected \(Self.jsonTypeName(type)), found null"
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
      message = "required key '\(key.stringValue)' is missing"
    case .dataCorrupted(let context):
      path = context.codingPath
      if context.codingPath.isEmpty {
        message = "not valid JSON" + (context.underlyingError.map { ": \(String(describing: $0))" } ?? "")
      } else {
        message = context.debugDescription
      }
    @unknown default:
      path = []
      message = "\(error)"
    }
    self.init(file: file, path: Self.jsonPath(path), message: message)
  }

  /// Renders a coding path as `$.apis[3].spellings[0].kind`.
  static func jsonPath(_ keys: [any CodingKey]) -> String {
    keys.reduce(into: "$") { path, key in
      if let index = key.intValue { path += "[\(index)]" } else { path += ".\(key.stringValue)" }
    }
  }

  private static func jsonTypeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type: return "an integer"
    default:
      let name = String(describing: type)
      return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : name
    }
  }
}
