public import JSONDocuments

/// A catalog file that could not be read or does not hold a valid catalog.
///
/// It names the file and the JSON path of the offending value (`$.apis[3].spellings[0].kind`),
/// so a user who wrote a `--catalog` overlay can find the mistake; it is the error of every JSON
/// document a user names (`--baseline`, `--policy`).
public typealias CatalogError = JSONDocumentError
