public import Foundation
public import PrivacyAudit

extension Baseline {
  /// Reads the findings of a JSON report written earlier by `scan --format json` (or
  /// `--write-baseline`), from the file's bytes: schema version 1, each finding's `rule`,
  /// `category`, `file` and the `symbol` of each evidence, under its target's `path`. Every other
  /// field is ignored. `origin` names the file in errors.
  /// - Throws: `JSONDocumentError` at the JSON path of the first value that is missing or of the
  ///   wrong type.
  public init(jsonReport: Data, origin: String) throws(JSONDocumentError) {
    let reader = JSONDocumentReader(origin: origin)
    let keys = try JSONReportTargets.map(jsonReport, reader: reader) { targetPath, target throws(JSONDocumentError) in
      var keys: [FindingKey] = []
      let path = try reader.field(target, "path", targetPath, as: String.self, "a string")
      let findings = try reader.field(target, "findings", targetPath, as: [Any].self, "an array")
      for (findingIndex, findingValue) in findings.enumerated() {
        let findingPath = "\(targetPath).findings[\(findingIndex)]"
        let finding = try reader.object(findingValue, findingPath)
        let rule = try reader.field(finding, "rule", findingPath, as: String.self, "a string")
        let category = try reader.stringOrNull(finding, "category", findingPath)
        let file = try reader.stringOrNull(finding, "file", findingPath)
        let evidence = try reader.field(finding, "evidence", findingPath, as: [Any].self, "an array")
        var symbols: [String] = []
        for (evidenceIndex, evidenceValue) in evidence.enumerated() {
          let evidencePath = "\(findingPath).evidence[\(evidenceIndex)]"
          let object = try reader.object(evidenceValue, evidencePath)
          symbols.append(try reader.field(object, "symbol", evidencePath, as: String.self, "a string"))
        }
        keys.append(FindingKey(rule: rule, target: path, category: category, file: file, symbols: symbols))
      }
      return keys
    }
    self.init(keys: keys.flatMap { $0 })
  }
}
