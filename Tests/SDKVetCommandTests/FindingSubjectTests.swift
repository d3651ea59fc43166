import AuditModel
import Foundation
import PrivacyAudit
import ScanFiles
import TestSupport
import Testing

/// A finding's subject is typed: the JSON report names its kind beside its name, and the kind is
/// the one its rule documents (`RuleID.subjectKind`), on every finding of every sample.
@Suite(.enabled(if: ELFSupport.isAvailable && ArchiveSupport.isAvailable, "needs libelf and libarchive"))
struct FindingSubjectTests {
  @Test func everyFindingsSubjectKindIsItsRules() throws {
    let run = CapturedRun(["scan", "--format", "json", "--fail-on", "never", SampleLocator.sample("")])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let findings = (report["targets"] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
    var kinds: Set<String> = []
    for finding in findings {
      let rule = try #require(RuleID(rawValue: finding["rule"] as? String ?? ""))
      let kind = finding["subjectKind"] as? String
      #expect((kind == nil) == (finding["category"] as? String == nil), "\(rule): a name goes with its kind")
      if let kind {
        #expect(kind == rule.subjectKind?.rawValue, "\(rule) names a \(kind)")
        kinds.insert(kind)
      }
    }
    #expect(kinds == ["category", "resource", "info-plist-key"], "the samples hold these kinds of subject")
  }

  @Test func aSubjectReadsBackFromItsKindAndName() {
    for kind in FindingSubject.Kind.allCases {
      let subject = FindingSubject(kind: kind, name: "x")
      #expect(subject.kind == kind && subject.name == "x")
    }
    #expect(FindingSubject(kind: .category, name: nil) == .target)
    #expect(FindingSubject(kind: nil, name: "x") == .target)
    #expect(FindingSubject.category("NSPrivacyAccessedAPICategoryDiskSpace").shortName == "DiskSpace")
    #expect(FindingSubject.resource("camera").shortName == "camera")
  }
}
