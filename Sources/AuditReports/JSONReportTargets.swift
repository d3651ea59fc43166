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
    try read(data, origin: origin, alongside: [], transform).targets
  }

  /// `transform` of each target of the report, as `map` gives them, and the document's top-level
  /// members named in `keys` (the small ones beside `targets`), parsed, by key: the document's
  /// structure is found once for both. A key the document lacks is left out; the caller says
  /// which are required.
  static func read<Value: Sendable>(
    _ data: Data, origin: String, alongside keys: [ReportKey],
    _ transform: @Sendable (_ target: JSONNode) throws(JSONDocumentError) -> Value
  ) throws(JSONDocumentError) -> (targets: [Value], members: [ReportKey: JSONNode]) {
    let found = data.withUnsafeBytes { raw in
      Result { () throws(JSONDocumentError) in try structure(raw, origin, alongside: keys) }
    }
    let (targets, members) = try found.get()
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
    let values = try results.withLock { results throws(JSONDocumentError) in
      try results.compactMap { $0 }.map { result throws(JSONDocumentError) in try result.get() }
    }
    return (values, members)
  }

  /// The byte ranges of the report's targets, once its schema version is checked, and the
  /// top-level members named in `keys` that the document has, parsed.
  private static func structure(_ raw: UnsafeRawBufferPointer, _ origin: String, alongside keys: [ReportKey])
    throws(JSONDocumentError) -> (targets: [Range<Int>], members: [ReportKey: JSONNode])
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
    var nodes: [ReportKey: JSONNode] = [:]
    for key in keys {
      guard let found = members.first(where: { $0.key == key.rawValue }) else { continue }
      nodes[key] = try JSONNode(
        parsing: raw, range: found.value, at: .member(.root, key.rawValue), depth: 1, origin: origin)
    }
    let targets = try JSONNode.elementRanges(
      in: raw, range: member(.targets), at: .member(.root, ReportKey.targets.rawValue), depth: 1, origin: origin)
    return (targets, nodes)
  }
}
