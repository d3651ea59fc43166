import Foundation
import TestSupport

/// Reads Apple's API lists out of the fact sheet at `../shared/reference/privacy-facts.md`
/// (relative to the package root), when it is there.
enum FactSheet {
  /// Where the fact sheet is expected.
  static let path = SampleLocator.packageRoot + "/../shared/reference/privacy-facts.md"

  /// Category string → the API names of its "Apple's list" line; `nil` when the file is absent.
  static func appleLists() -> [String: [String]]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var lists: [String: [String]] = [:]
    var currentCategory: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### ") {
        // "### 1.2 Category `NSPrivacyAccessedAPICategoryFileTimestamp`"
        currentCategory = line.contains("Category") ? backticked(line).first : nil
      } else if let category = currentCategory, line.hasPrefix("Apple's list"), lists[category] == nil {
        let afterColon = line.split(separator: ":", maxSplits: 1).dropFirst().first ?? ""
        lists[category] = backticked(afterColon)
      }
    }
    return lists
  }

  /// Apple's list of commonly used third-party SDKs (the line after "exact spelling and order"),
  /// in its order; `nil` when the file or the line is absent.
  static func commonSDKs() -> [String]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let heading = lines.firstIndex(where: { $0.contains("exact spelling and order") }),
      let list = lines[(heading + 1)...].first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    else { return nil }
    return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The texts between pairs of backticks.
  private static func backticked(_ line: Substring) -> [String] {
    line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }
}
