import AuditModel
import PrivacyAudit
import PrivacyCatalog
import ScanFiles
import TargetDiscovery
import Testing

/// The report is made of constants: what changes it after the audit makes a new value through
/// the one operation it means, and each keeps or judges again the App Store verdict as the
/// model defines it.
@Suite struct ReportValueTests {
  static let binary: ScanPath = "Kit.framework/Kit"
  static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"

  static func evidence(_ symbol: String) -> Evidence {
    Evidence(
      symbol: symbol, via: .import, binary: binary, architecture: "arm64", member: nil, library: nil,
      callSites: CallSiteSummary(
        callers: [CallSiteSummary.Caller(function: "_$s3Kit1fyyF", address: 16, count: 2)],
        siteCount: 2, functionCount: 1))
  }

  static let rejected = TargetReport(
    path: "Kit.framework", kind: .framework,
    apiUses: [APIUse(category: fileTimestamp, api: "stat", evidence: evidence("_stat"))],
    permissions: [
      PermissionUse(
        resource: "camera", infoPlistKeys: ["NSCameraUsageDescription"],
        evidence: [evidence("_OBJC_CLASS_$_AVCaptureDevice")],
        requested: false)
    ],
    findings: [
      Finding(
        rule: .missingPrivacyManifest, subject: .category(fileTimestamp), message: "Kit uses FileTimestamp.",
        evidence: [evidence("_stat")])
    ])

  @Test func aReviewKeepsTheVerdictAndTheAuditJudgesItAgain() throws {
    #expect(Self.rejected.appStoreVerdict.outcome == .willReject)
    let reviewed = Self.rejected.reviewed(findings: [], teamReview: TeamReview(inBaseline: 1))
    #expect(reviewed.findings.isEmpty)
    #expect(reviewed.appStoreVerdict == Self.rejected.appStoreVerdict, "a baseline never changes the App Store verdict")
    #expect(reviewed.teamReview.inBaseline == 1)
    let audited = Self.rejected.audited(findings: [])
    #expect(audited.appStoreVerdict.outcome == .willAccept, "the audit's own findings decide the verdict")
  }

  @Test func aPolicySeverityKeepsTheAppStoreCode() throws {
    let finding = try #require(Self.rejected.findings.first)
    let code = try #require(finding.appStoreCode)
    let note = finding.overridden(to: .note)
    #expect(note.severity == .note)
    #expect(note.appStoreCode == code)
  }

  @Test func callersAreNamedWhereverEvidenceIsHeld() {
    let named = AuditReport(targets: [Self.rejected]).mappingEvidence { evidence in
      evidence.namingCallers { $0 == "_$s3Kit1fyyF" ? "Kit.f() -> ()" : nil }
    }
    let target = named.targets[0]
    let evidence =
      target.findings.flatMap(\.evidence) + target.apiUses.map(\.evidence)
      + target.permissions.flatMap(\.evidence)
    #expect(evidence.count == 3)
    #expect(evidence.allSatisfy { $0.callSites?.callers.map(\.readableName) == ["Kit.f() -> ()"] })
    #expect(target.appStoreVerdict == Self.rejected.appStoreVerdict)
    #expect(target.findings.map(\.message) == Self.rejected.findings.map(\.message))
  }
}
