import Dispatch
import Foundation
import PrivacyAudit
import Synchronization

/// The targets of a JSON report written earlier by `scan --format json`, for the readers that
/// take one back (`Baseline`, `TargetProfile`): the schema version is checked, and each target
/// comes with its JSON path for errors.
///
/// The document is never parsed whole: `JSONExtents` finds each target's bytes, and each target
/// is parsed and transformed alone, so a report of 20,000 targets costs a few targets' trees at a
/// time (a whole-document parse built a tree twenty times the file's size).
enum JSONReportTargets {
  /// `transform` of each target object of the report, in order; the targets are parsed and
  /// transformed on every core.
  /// - Throws: `JSONDocumentError` when the document is not a report of a supported schema
  ///   version, or a target is not an object; the first error `transform` throws, in target order.
  static func map<Value: Sendable>(
    _ data: Data, reader: JSONDocumentReader,
    _ transform: @Sendable (_ path: String, _ object: [String: Any]) throws(JSONDocumentError) -> Value
  ) throws(JSONDocumentError) -> [Value] {
    let found = data.withUnsafeBytes { raw in Result { () throws(JSONDocumentError) in try ranges(raw, reader) } }
    let targets = try found.get()
    let results = Mutex([Result<Value, JSONDocumentError>?](repeating: nil, count: targets.count))
    let chunk = 64
    DispatchQueue.concurrentPerform(iterations: (targets.count + chunk - 1) / chunk) { first in
      for index in (first * chunk)..<min(targets.count, first * chunk + chunk) {
        let path = "$.targets[\(index)]"
        let range = targets[index]
        let bytes = data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
        let result = Result { () throws(JSONDocumentError) -> Value in
          guard let value = try? JSONSerialization.jsonObject(with: bytes) else {
            throw reader.error(path, "not valid JSON")
          }
          return try transform(path, try reader.object(value, path))
        }
        results.withLock { $0[index] = result }
      }
    }
    return try results.withLock { results throws(JSONDocumentError) in
      try results.compactMap { $0 }.map { result throws(JSONDocumentError) in try result.get() }
    }
  }

  /// The byte ranges of the report's targets, once its schema version is checked.
  private static func ranges(_ raw: UnsafeRawBufferPointer, _ reader: JSONDocumentReader) throws(JSONDocumentError)
    -> [Range<Int>]
  {
    let extents = JSONExtents(raw)
    let members: [(key: String, value: Range<Int>)]
    do throws(JSONExtents.Malformed) {
      members = try extents.members()
    } catch {
      throw reader.error("$", error.message)
    }
    guard let version = members.first(where: { $0.key == "schemaVersion" }) else {
      throw reader.error("$", "required key 'schemaVersion' is missing")
    }
    guard let number = Int(String(decoding: UnsafeRawBufferPointer(rebasing: raw[version.value]), as: UTF8.self))
    else { throw reader.error("$.schemaVersion", "expected an integer") }
    guard number == JSONReporter.schemaVersion else {
      throw reader.error(
        "$.schemaVersion",
        "schema version \(number) is not supported (this sdkvet reads \(JSONReporter.schemaVersion))")
    }
    guard let list = members.first(where: { $0.key == "targets" }) else {
      throw reader.error("$", "required key 'targets' is missing")
    }
    guard let elements = try? extents.elements(of: list.value) else {
      throw reader.error("$.targets", "expected an array")
    }
    return elements
  }
}
