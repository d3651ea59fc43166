import BinaryImage
public import Foundation
public import PrivacyAudit

/// A `--baseline` file that could not be read or is not an sdkvet JSON report.
///
/// It names the file and the JSON path of the offending value (`$.targets[3].findings[0].rule`).
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file as given.
  public var file: String
  /// The JSON path of the bad value, `$` for the whole document.
  public var path: String
  /// What is wrong.
  public var message: String

  /// One line: `file: $.path: message`.
  public var description: String { "\(file): \(path): \(message)" }
}

extension Baseline {
  /// Reads the findings of a JSON report written earlier by `scan --format json` (or
  /// `--write-baseline`): schema version 1, each finding's `rule`, `category`, `file` and the
  /// `symbol` of each evidence, under its target's `path`. Every other field is ignored.
  /// - Throws: `BaselineError` naming the file: why it cannot be read (`strerror`), or the JSON
  ///   path of the first value that is missing or of the wrong type.
  public static func load(contentsOf path: String) throws(BaselineError) -> Baseline {
    let bytes: [UInt8]
    do throws(BinaryError) {
      bytes = try FileBytes.wholeDocument(at: path, limit: ReadLimits.baselineBytes)
    } catch {
      throw BaselineError(file: path, path: "$", message: error.message)
    }
    return try Baseline(jsonReport: Data(bytes), origin: path)
  }

  /// Reads the findings of a JSON report from its bytes; `origin` names the file in errors.
  public init(jsonReport: Data, origin: String) throws(BaselineError) {
    let reader = ReportReader(origin: origin)
    guard let document = try? JSONSerialization.jsonObject(with: jsonReport) else {
      throw reader.error("$", "not valid JSON")
    }
    let root = try reader.object(document, "$")
    let version = try reader.field(root, "schemaVersion", "$", as: Int.self, "an integer")
    guard version == JSONReporter.schemaVersion else {
      throw reader.error(
        "$.schemaVersion",
        "schema version \(version) is not supported (this sdkvet reads \(JSONReporter.schemaVersion))")
    }
    var keys: [FindingKey] = []
    let targets = try reader.field(root, "targets", "$", as: [Any].self, "an array")
    for (targetIndex, targetValue) in targets.enumerated() {
      let targetPath = "$.targets[\(targetIndex)]"
      let target = try reader.object(targetValue, targetPath)
      let path = try reader.field(target, "path", targetPath, as: String.self, "a string")
      let findings = try reader.field(target, "findings", targetPath, as: [Any].self, "an array")
      for (findingIndex, findingValue) in findings.enumerated() {
        let findingPath = "\(targetPath).findings[\(findingIndex)]"
        let finding = try reader.object(findingValue, findingPath)
        let rule = try reader.field(finding, "rule", findingPath, as: String.self, "a string")
        let category = try reader.optionalString(finding, "category", findingPath)
        let file = try reader.optionalString(finding, "file", findingPath)
        let evidence = try reader.field(finding, "evidence", findingPath, as: [Any].self, "an array")
        var symbols: [String] = []
        for (evidenceIndex, evidenceValue) in evidence.enumerated() {
          let evidencePath = "\(findingPath).evidence[\(evidenceIndex)]"
          let object = try reader.object(evidenceValue, evidencePath)
          symbols.append(try reader.field(object, "symbol", evidencePath, as: String.self, "a string"))
        }
        keys.append(FindingKey(rule: rule, target: path, category: category, file: file, symbols: symbols))
      }
    }
    self.init(keys: keys)
  }
}

/// Typed access to a `JSONSerialization` tree, each miss a `BaselineError` at its JSON path.
private struct ReportReader {
  let origin: String

  func error(_ path: String, _ message: String) -> BaselineError {
    BaselineError(file: origin, path: path, message: message)
  }

  func object(_ value: Any, _ path: String) throws(BaselineError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error(path, "expected an object") }
    return object
  }

  func field<Value>(
    _ object: [String: Any], _ key: String, _ path: String, as type: Value.Type, _ typeName: String
  ) throws(BaselineError) -> Value {
    guard let raw = object[key] else { throw error(path, "required key '\(key)' is missing") }
    guard let value = raw as? Value else {
      throw error("\(path).\(key)", "expected \(typeName)")
    }
    return value
  }

  /// A string or `null` (the report writes every optional field, so the key must be there).
  func optionalString(_ object: [String: Any], _ key: String, _ path: String) throws(BaselineError) -> String? {
    guard let raw = object[key] else { throw error(path, "required key '\(key)' is missing") }
    if raw is NSNull { return nil }
    guard let value = raw as? String else { throw error("\(path).\(key)", "expected a string or null") }
    return value
  }
}
