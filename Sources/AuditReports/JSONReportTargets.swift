import Foundation
import PrivacyAudit

/// The targets of a JSON report written earlier by `scan --format json`, for the readers that
/// take one back (`Baseline`, `TargetProfile`): the schema version is checked, and each target
/// comes with its JSON path for errors.
enum JSONReportTargets {
  /// The report's target objects.
  /// - Throws: `JSONDocumentError` when the document is not a report of a supported schema version.
  static func read(_ data: Data, reader: JSONDocumentReader) throws(JSONDocumentError)
    -> [(path: String, object: [String: Any])]
  {
    let root = try reader.root(data)
    let version = try reader.field(root, "schemaVersion", "$", as: Int.self, "an integer")
    guard version == JSONReporter.schemaVersion else {
      throw reader.error(
        "$.schemaVersion",
        "schema version \(version) is not supported (this sdkvet reads \(JSONReporter.schemaVersion))")
    }
    let targets = try reader.field(root, "targets", "$", as: [Any].self, "an array")
    var objects: [(path: String, object: [String: Any])] = []
    for (index, value) in targets.enumerated() {
      let path = "$.targets[\(index)]"
      objects.append((path, try reader.object(value, path)))
    }
    return objects
  }
}
