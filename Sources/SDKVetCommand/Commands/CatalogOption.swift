import PrivacyCatalog

/// The `--catalog FILE` option: the built-in catalog with the user's overlays applied in order.
enum CatalogOption {
  /// Loads the built-in catalog and overlays each file in `paths`.
  /// - Throws: `UsageError` naming the file and the JSON path of the first problem.
  static func load(_ paths: [String]) throws(UsageError) -> Catalog {
    do throws(CatalogError) {
      var catalog = try Catalog.builtIn()
      for path in paths {
        catalog = try catalog.overlaying(Catalog.load(contentsOf: path))
      }
      return catalog
    } catch {
      throw UsageError(description: "Catalog: \(error.description)")
    }
  }
}
