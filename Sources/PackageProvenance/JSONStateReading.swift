import Foundation
import JSONDocuments
import ScanFiles

/// The lock and state files are walked leniently: each problem is one issue in the collector,
/// named by its JSON path (`$.pins[2].state: expected an object`), and the rest of the file is
/// still used.
extension JSONNode {
  /// Parses `data`; an unparsable file is one problem in `issues`, on the line where the text
  /// stops being JSON.
  static func parse(_ data: Data, issues: inout IssueCollector) -> JSONNode? {
    do throws(JSONDocumentError) {
      return try JSONNode(parsing: data, origin: issues.file.description)
    } catch {
      issues.add(line: error.line, "is " + error.message)
      return nil
    }
  }

  /// The member `key` of an object; `nil` when it is absent or `null`, a problem when this is not an object.
  func member(_ key: String, issues: inout IssueCollector) -> JSONNode? {
    issues.attempt { () throws(JSONDocumentError) in try optionalMember(key) }
  }

  /// The elements of an array; empty, with a problem, when this is not an array.
  func elements(issues: inout IssueCollector) -> [JSONNode] {
    issues.attempt { () throws(JSONDocumentError) in try elements() } ?? []
  }

  /// The member `key` as a string; `nil` when absent or `null`, a problem when it is another type.
  func string(_ key: String, issues: inout IssueCollector) -> String? {
    issues.attempt { () throws(JSONDocumentError) in try optionalMember(key)?.string() }
  }
}

extension IssueCollector {
  /// What `reading` returns, or `nil` with its error recorded as a problem at its JSON path.
  mutating func attempt<Value>(_ reading: () throws(JSONDocumentError) -> Value?) -> Value? {
    do throws(JSONDocumentError) {
      return try reading()
    } catch {
      add("\(error.path): \(error.message)")
      return nil
    }
  }
}
