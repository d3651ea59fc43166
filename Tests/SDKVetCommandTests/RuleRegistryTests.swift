import AuditModel
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

/// Each rule's facts live in one declaration (`RuleDocumentation`): a finding that does not name
/// a severity takes the rule's default, and these tests hold what is reported and documented to
/// it.
@Suite struct RuleRegistryTests {
  /// Every finding of a scan of all of `Samples/` carries a severity its rule declares.
  @Test func everyFindingCarriesASeverityItsRuleDeclares() throws {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never", SampleLocator.sample("")])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let targets = try #require(report["targets"] as? [[String: Any]])
    var seen = 0
    for target in targets {
      for finding in target["findings"] as? [[String: Any]] ?? [] {
        let rule = try #require(RuleID(rawValue: finding["rule"] as? String ?? ""))
        let severity = try #require(Severity(rawValue: finding["severity"] as? String ?? ""))
        #expect(
          RuleDocumentation.of(rule).severities.contains(severity),
          "\(rule.rawValue) reported as \(severity.rawValue) in \(target["path"] ?? "")")
        seen += 1
      }
    }
    #expect(seen > 100)
  }

  /// `Docs/RULES.md`'s table of App Store Connect codes lists each rule under the code its
  /// registry entry declares, and no rule under a code it does not predict.
  @Test func theCodesTableListsEachRuleUnderItsCode() throws {
    let text = try String(contentsOfFile: SampleLocator.packageRoot + "/Docs/RULES.md", encoding: .utf8)
    var listed: [RuleID: Set<String>] = [:]
    for row in text.split(separator: "\n") where row.hasPrefix("| ITMS-") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { continue }
      for rule in cells[2].split(separator: "`").compactMap({ RuleID(rawValue: String($0)) }) {
        listed[rule, default: []].insert(cells[0])
      }
    }
    let coded = RuleID.allCases.filter { RuleDocumentation.of($0).appStoreCode != nil }
    #expect(Set(listed.keys) == Set(coded))
    for rule in coded {
      let predicted = Set(
        [nil, .category, .tracking, .reason, .structure].compactMap { rule.appStoreCode(aspect: $0)?.rawValue })
      #expect(listed[rule] == predicted, "\(rule.rawValue): table \(listed[rule] ?? []), registry \(predicted)")
    }
  }

  /// `Docs/RULES.md` has one heading per rule, `### \`id\` — severity …`, naming its default
  /// severity first and every other severity it may report with.
  @Test func theRulesDocumentNamesEachRulesSeverities() throws {
    let text = try String(contentsOfFile: SampleLocator.packageRoot + "/Docs/RULES.md", encoding: .utf8)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("### `") }
    var documented: Set<String> = []
    for heading in headings {
      let parts = heading.dropFirst(5).split(separator: "`", maxSplits: 1)
      guard parts.count == 2, let rule = RuleID(rawValue: String(parts[0])) else { continue }
      documented.insert(rule.rawValue)
      let words = String(parts[1])
      let registry = RuleDocumentation.of(rule)
      #expect(words.hasPrefix(" — \(registry.defaultSeverity.rawValue)"), "\(heading)")
      for other in registry.otherSeverities {
        #expect(words.contains(other.rawValue), "\(heading) does not name \(other.rawValue)")
      }
    }
    #expect(documented == Set(RuleID.allCases.map(\.rawValue)))
  }
}
