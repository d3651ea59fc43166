import AuditModel
public import Foundation
public import JSONDocuments
public import PrivacyAudit

extension Baseline {
  /// Reads the findings of a JSON report written earlier by `scan --format json` (or
  /// `--write-baseline`), from the file's bytes: schema version 1, each finding's `rule`,
  /// `category`, `file` and the `symbol` of each evidence, under its target's `path`. Every other
  /// field is ignored. `origin` names the file in errors.
  /// - Throws: `JSONDocumentError` at the JSON path of the first value that is missing or of the
  ///   wrong type.
  public init(jsonReport: Data, origin: String) throws(JSONDocumentError) {
    let keys = try JSONReportTargets.map(jsonReport, origin: origin) { target throws(JSONDocumentError) in
      let path = try target.member(.path).string()
      return try target.member(.findings).elements().map { finding throws(JSONDocumentError) in
        FindingKey(
          rule: try finding.member(.rule).string(), target: path,
          category: try finding.member(.category).stringOrNull(),
          file: try finding.member(.file).stringOrNull(),
          symbols: try finding.member(.evidence).elements().map { evidence throws(JSONDocumentError) in
            try evidence.member(.symbol).string()
          })
      }
    }
    self.init(keys: keys.flatMap { $0 })
  }
}
