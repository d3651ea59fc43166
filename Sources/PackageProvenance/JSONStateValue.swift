import Foundation

/// A value in a JSON lock or state file, with its JSON path (`$.pins[2].state`) so a problem
/// can say where it is. Parsing is Foundation's `JSONSerialization`, over at most
/// `ReadLimits.documentBytes`.
struct JSONStateValue {
  let value: Any
  let path: String

  /// Parses `data`; an unparsable file is one problem in `issues`, on the line Foundation's
  /// error points at when it gives the byte offset.
  static func parse(_ data: Data, issues: inout IssueCollector) -> JSONStateValue? {
    do {
      return JSONStateValue(value: try JSONSerialization.jsonObject(with: data), path: "$")
    } catch {
      let info = (error as NSError).userInfo
      let detail = info[NSDebugDescriptionErrorKey] as? String
      let offset = info["NSJSONSerializationErrorIndex"] as? Int ?? detail.flatMap(Self.characterOffset)
      let line = offset.map { offset in 1 + data.prefix(max(offset, 0)).count { $0 == UInt8(ascii: "\n") } }
      issues.add(line: line, "is not valid JSON" + (detail.map { " (\($0))" } ?? ""))
      return nil
    }
  }

  /// The offset in "… around character 22." (swift-corelibs-foundation's wording; Darwin's
  /// Foundation gives `NSJSONSerializationErrorIndex` instead).
  private static func characterOffset(in detail: String) -> Int? {
    guard let range = detail.range(of: "around character ") else { return nil }
    return Int(detail[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
  }

  /// The member `key` of an object; `nil` when it is absent or `null`, a problem when this is not an object.
  func member(_ key: String, issues: inout IssueCollector) -> JSONStateValue? {
    guard let object = value as? [String: Any] else {
      issues.add("\(path): expected an object")
      return nil
    }
    guard let member = object[key], !(member is NSNull) else { return nil }
    return JSONStateValue(value: member, path: path + "." + key)
  }

  /// The elements of an array; empty, with a problem, when this is not an array.
  func elements(issues: inout IssueCollector) -> [JSONStateValue] {
    guard let array = value as? [Any] else {
      issues.add("\(path): expected an array")
      return []
    }
    return array.enumerated().map { JSONStateValue(value: $1, path: "\(path)[\($0)]") }
  }

  /// The member `key` as a string; `nil` when absent or `null`, a problem when it is another type.
  func string(_ key: String, issues: inout IssueCollector) -> String? {
    guard let member = member(key, issues: &issues) else { return nil }
    guard let text = member.value as? String else {
      issues.add("\(member.path): expected a string")
      return nil
    }
    return text
  }

  /// The object's keys, sorted; empty when this is not an object.
  var keys: [String] {
    ((value as? [String: Any]).map { Array($0.keys) } ?? []).sorted()
  }
}
