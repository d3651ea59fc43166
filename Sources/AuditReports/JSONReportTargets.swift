import Dispatch
import Foundation
import JSONDocuments
import Synchronization

/// The targets of a JSON report written earlier by `scan --format json`, for the readers that
/// take one back (`SavedReport`, `Baseline`, `TargetProfile`): the schema version is checked, and each target
/// is handed over as the node at its JSON path.
///
/// The document is never parsed whole: its top-level members and the elements of `targets` are
/// found by structure (`JSONNode.memberRanges`, `elementRanges`), and each target is parsed and
/// transformed alone, so a report of 20,000 targets costs a few targets' trees at a time (a
/// whole-document parse built a tree twenty times the file's size).
enum JSONReportTargets {
  /// `transform` of each target of the report, in order; the targets are parsed and transformed
  /// on every core.
  /// - Throws: `JSONDocumentError` when the document is not a report of a supported schema
  ///   version; the first error `transform` throws, in target order.
  static func map<Value: Sendable>(
    _ data: Data, origin: String, _ transform: @Sendable (_ target: JSONNode) throws(JSONDocumentError) -> Value
  ) throws(JSONDocumentError) -> [Value] {
    let found = data.withUnsafeBytes { raw in Result { () throws(JSONDocumentError) in try ranges(raw, origin) } }
    let targets = try found.get()
    let list = JSONPath.member(.root, ReportKey.targets.rawValue)
    let results = Mutex([Result<Value, JSONDocumentError>?](repeating: nil, count: targets.count))
    let chunk = 64
    DispatchQueue.concurrentPerform(iterations: (targets.count + chunk - 1) / chunk) { first in
      for index in (first * chunk)..<min(targets.count, first * chunk + chunk) {
        let result = data.withUnsafeBytes { raw in
          Result { () throws(JSONDocumentError) -> Value in
            try transform(
              JSONNode(parsing: raw, range: targets[index], at: .element(list, index), depth: 2, origin: origin))
          }
        }
        results.withLock { $0[index] = result }
      }
    }
    return try results.withLock { results throws(JSONDocumentError) in
      try results.compactMap { $0 }.map { result throws(JSONDocumentError) in try result.get() }
    }
  }

  /// The document's top-level members named in `keys`, parsed, by key; a key the document lacks
  /// is left out (the caller says which are required). Meant for the small members beside
  /// `targets`, which `map` reads.
  static func members(_ data: Data, origin: String, _ keys: [ReportKey]) throws(JSONDocumentError)
    -> [ReportKey: JSONNode]
  {
    let found = data.withUnsafeBytes { raw in
      Result { () throws(JSONDocumentError) -> [ReportKey: JSONNode] in
        let members = try JSONNode.memberRanges(in: raw, range: 0..<raw.count, at: .root, depth: 0, origin: origin)
        var nodes: [ReportKey: JSONNode] = [:]
        for key in keys {
          guard let member = members.first(where: { $0.key == key.rawValue }) else { continue }
          nodes[key] = try JSONNode(
            parsing: raw, range: member.value, at: .member(.root, key.rawValue), depth: 1, origin: origin)
        }
        return nodes
      }
    }
    return try found.get()
  }

  /// The byte ranges of the report's targets, once its schema version is checked.
  private static func ranges(_ raw: UnsafeRawBufferPointer, _ origin: String) throws(JSONDocumentError)
    -> [Range<Int>]
  {
    let members = try JSONNode.memberRanges(in: raw, range: 0..<raw.count, at: .root, depth: 0, origin: origin)
    func member(_ key: ReportKey) throws(JSONDocumentError) -> Range<Int> {
      guard let member = members.first(where: { $0.key == key.rawValue }) else {
        throw JSONDocumentError(file: origin, path: "$", message: "required key '\(key.rawValue)' is missing")
      }
      return member.value
    }
    let versionPath = JSONPath.member(.root, ReportKey.schemaVersion.rawValue)
    let versionNode = try JSONNode(
      parsing: raw, range: member(.schemaVersion), at: versionPath, depth: 1, origin: origin)
    let version = try versionNode.int()
    guard version == JSONReporter.schemaVersion else {
      throw versionNode.error(
        "schema version \(version) is not supported (this sdkvet reads \(JSONReporter.schemaVersion))")
    }
    return try JSONNode.elementRanges(
      in: raw, range: member(.targets), at: .member(.root, ReportKey.targets.rawValue), depth: 1, origin: origin)
  }
}
