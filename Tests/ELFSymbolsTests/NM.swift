import Foundation
import TestSupport

/// Runs binutils `nm` as an independent reader the tests compare against.
enum NM {
  /// binutils `nm` on `PATH`.
  static let path = ReferenceTools.onPath("nm")

  /// Whether `nm` is installed.
  static var isAvailable: Bool { path != nil }

  /// Symbol names per archive member ("" outside archives), versions stripped, as
  /// `nm [-D] -A --format=posix <selection> path` lists them.
  static func symbols(_ path: String, dynamic: Bool, selection: String) throws -> [String: Set<String>] {
    let listing = try ReferenceTools.output(
      of: self.path ?? "nm", (dynamic ? ["-D"] : []) + ["-A", "--format=posix", selection, path])
    var table: [String: Set<String>] = [:]
    for line in listing.split(separator: "\n") {
      let (member, rest) = split(line, path: path)
      guard let rest else { continue }
      let fields = rest.trimmingCharacters(in: .whitespaces).split(separator: " ")
      guard let name = fields.first else { continue }
      table[member, default: []].insert(stripVersion(String(name)))
    }
    return table
  }

  /// `stat@GLIBC_2.33` → `stat`.
  static func stripVersion(_ name: String) -> String {
    guard let at = name.firstIndex(of: "@"), at != name.startIndex else { return name }
    return String(name[..<at])
  }

  private static func split(_ line: Substring, path: String) -> (String, Substring?) {
    if line.hasPrefix(path + "["), let close = line.range(of: "]: ") {
      let member = line[line.index(line.startIndex, offsetBy: path.count + 1)..<close.lowerBound]
      return (String(member), line[close.upperBound...])
    }
    if line.hasPrefix(path + ": ") { return ("", line.dropFirst(path.count + 2)) }
    return ("", nil)
  }
}
