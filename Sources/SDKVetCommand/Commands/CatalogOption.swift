import JSONDocuments
import PrivacyCatalog

/// The `--catalog FILE` option: the built-in catalog with the user's overlays applied in order.
enum CatalogOption {
  /// The option as every command that reads the catalog declares it.
  static let spec = OptionSpec(
    "--catalog", value: "file", repeatable: true,
    help: "Overlay catalog entries from a JSON file (see Docs/CATALOG.md); may be repeated.")

  /// Loads the built-in catalog and overlays each file in `paths`.
  ///
  /// A file that cannot be read or does not hold a valid catalog is an unusable input, not a usage
  /// error: it is reported on standard error, naming the file and the JSON path of the first
  /// problem, and the command ends with exit status 1.
  /// - Returns: The catalog, or `nil` after reporting why it could not be loaded.
  static func load(_ paths: [String], context: CommandContext) -> Catalog? {
    do throws(CatalogError) {
      var catalog = try Catalog.builtIn()
      for path in paths {
        catalog = try catalog.overlaying(Catalog.load(contentsOf: path))
      }
      return catalog
    } catch {
      context.streams.error("sdkvet: error: \(error.description)")
      return nil
    }
  }
}
