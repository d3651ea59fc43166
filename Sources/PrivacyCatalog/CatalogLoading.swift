import BinaryImage
public import Foundation
public import JSONDocuments
import ScanFiles

extension Catalog {
  /// The catalog shipped with sdkvet (`Resources/catalog.json`, embedded in the binary at build
  /// time), decoded once.
  ///
  /// It throws only if the shipped data cannot be decoded, which the package's tests rule out;
  /// callers report the error instead of trapping. The checks a user's catalog gets (`validate`)
  /// are not run on it at every start, where they were a seventh of the scan's start-up work: the
  /// data is fixed when sdkvet is built, and a test runs them on it. Embedding (rather than a
  /// resource bundle found at run time) means a copied or installed `sdkvet` binary cannot lose
  /// its catalog.
  public static func builtIn() throws(CatalogError) -> Catalog {
    try builtInResult.get()
  }

  private static let builtInResult: Result<Catalog, CatalogError> = Result { () throws(CatalogError) -> Catalog in
    try Catalog(jsonData: Data(PackageResources.catalog_json), origin: "built-in catalog")
  }

  /// Reads a catalog or overlay from JSON bytes, without checking it against any other catalog.
  /// - Parameters:
  ///   - jsonData: The file contents.
  ///   - origin: The name errors should give for the file, usually its path.
  public init(jsonData: Data, origin: String) throws(CatalogError) {
    try self.init(json: JSONNode(parsing: jsonData, origin: origin), origin: origin)
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
