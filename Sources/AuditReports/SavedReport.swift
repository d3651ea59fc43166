public import AuditModel
public import Foundation
public import JSONDocuments
import PrivacyAudit
import ScanFiles
import TargetDiscovery

/// A JSON report written earlier by `scan --format json` (schema version 1), read back whole: the
/// report every renderer takes, so `sdkvet render` shows it in any format as the scan that wrote
/// it did, and the version of sdkvet that wrote it, which the rendered formats name.
///
/// Every field the JSON document holds is read; the values it derives (`tracks`, the verdict's
/// `outcome`, a signature's `signer`) are checked against the fields they follow from, so a
/// report edited by hand into a contradiction is refused rather than rendered.
public struct SavedReport: Sendable {
  /// The audit as the scan reported it, its policy and baseline applied.
  public let report: AuditReport
  /// `tool.version`: the sdkvet that wrote the report.
  public let toolVersion: String

  /// Reads the report from the file's bytes; `origin` names the file in errors.
  /// - Throws: `JSONDocumentError` at the JSON path of the first value that is missing, of the
  ///   wrong type, unknown (a rule, kind or code this sdkvet does not know) or inconsistent.
  public init(json: Data, origin: String) throws(JSONDocumentError) {
    let (targets, document) = try JSONReportTargets.read(
      json, origin: origin, alongside: [.tool, .archives, .problems, .policy, .baseline]
    ) { target throws(JSONDocumentError) in
      try SavedTargetReader(target: target).report()
    }
    func member(_ key: ReportKey) throws(JSONDocumentError) -> JSONNode {
      guard let node = document[key] else {
        throw JSONDocumentError(file: origin, path: "$", message: "required key '\(key.rawValue)' is missing")
      }
      return node
    }
    toolVersion = try member(.tool).member(.version).string()
    report = AuditReport(
      targets: targets,
      archives: try member(.archives).elements().map(Self.archive),
      policy: try member(.policy).nonNull.map { policy throws(JSONDocumentError) in
        AppliedPolicy(path: try policy.member(.path).string(), sha256: try policy.member(.sha256).string())
      },
      problems: try member(.problems).elements().map { problem throws(JSONDocumentError) in
        DiscoveryProblem(
          path: try problem.member(.path).path(), message: try problem.member(.message).string(),
          isUnusableInput: try problem.member(.unusableInput).bool())
      },
      // A report of an sdkvet before `baseline` was written had none applied, or did not say.
      baseline: try document[.baseline]?.nonNull.map { baseline throws(JSONDocumentError) in
        AppliedBaseline(path: try baseline.member(.path).string(), leftOut: try baseline.member(.leftOut).int())
      })
  }

  private static func archive(_ node: JSONNode) throws(JSONDocumentError) -> DiscoveredArchive {
    DiscoveredArchive(
      path: try node.member("path").path(), format: try node.member("format").string(),
      sha256: try node.member("sha256").string(), entryCount: try node.member("entries").int(),
      receipts: try node.member("signatureReceipts").elements().map(SavedTargetReader.receipt))
  }
}
