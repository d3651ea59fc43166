/// A catalog file that could not be read or does not hold a valid catalog.
///
/// It names the file and the JSON path of the offending value (`$.apis[3].spellings[0].kind`),
/// so a user who wrote a `--catalog` overlay can find the mistake. The other JSON documents a
/// user names (`--baseline`, `--policy`) report the same way, as `JSONDocumentError`.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file (or "built-in catalog") that holds the problem.
  package var file: String
  /// The JSON path of the bad value, `$` for the whole document.
  package var path: String
  /// What is wrong.
  package var message: String

  /// Creates an error.
  package init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// One line: `file: $.path: message`.
  public var description: String { "\(file): \(path): \(message)" }
}
