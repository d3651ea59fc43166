public import AuditModel
import CodeSigning
public import Foundation
public import JSONDocuments
package import PrivacyAudit
public import PrivacyCatalog

/// A team policy read from its JSON file (`Docs/POLICY.md`), for `ScanPipeline.policy`: the
/// policy, checked against the catalog it is applied with, the record the report keeps of it (its
/// path and SHA-256, so a reader knows which policy judged), and the day its expiry dates are
/// compared with.
public struct PolicyDocument: Sendable {
  /// The parsed policy.
  package var policy: Policy
  /// What the report says was applied (`AuditReport.policy`).
  public let record: AppliedPolicy
  /// The day (`YYYY-MM-DD`) an allow entry's `expires` is compared with: the day, in UTC, the
  /// document was read, unless set.
  public let today: String

  /// Parses a policy file's bytes and checks every rule and category it names against `catalog`.
  /// - Parameters:
  ///   - json: The file's bytes (bounded by the caller; sdkvet reads `ReadLimits.policyBytes`).
  ///   - path: The file's path as the user gave it: named in errors and in the report.
  ///   - catalog: The catalog the scan judges against (`ScanPipeline.catalog`).
  /// - Throws: `JSONDocumentError` at the JSON path of the first value that cannot be used.
  public init(json: Data, path: String, catalog: Catalog) throws(JSONDocumentError) {
    let policy = try Policy(json: json, origin: path)
    try policy.check(against: catalog, origin: path)
    self.policy = policy
    guard let digest = json.withUnsafeBytes(Digest.sha256) else {
      throw JSONDocumentError(file: path, path: "$", message: "its SHA-256 cannot be computed")
    }
    self.record = AppliedPolicy(path: path, sha256: Digest.hex(digest))
    self.today = Self.currentDay()
  }

  /// Today's date in UTC, `YYYY-MM-DD`.
  private static func currentDay() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date())
  }
}
