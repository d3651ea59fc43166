import AuditModel
import AuditReports
public import Foundation
public import JSONDocuments
public import PrivacyAudit

/// An earlier report whose findings a scan leaves out (`ScanPipeline.baseline`, `scan
/// --baseline`), with the path the report records it under and the folder its target paths are
/// taken relative to.
public struct BaselineDocument: Sendable {
  /// The findings to leave out.
  public let baseline: Baseline
  /// The path it was read from, as given: recorded in the report (`AuditReport.baseline`).
  public let path: String
  /// The folder the scan runs in: target paths inside it are compared relative to it, so a
  /// baseline written for `Frameworks/` matches a scan of its absolute path (sdkvet passes its
  /// working folder); `nil` compares paths as they are.
  public let workingFolder: String?

  /// A baseline of findings already at hand (`Baseline(report:)` of an earlier report).
  public init(_ baseline: Baseline, path: String, workingFolder: String? = nil) {
    self.baseline = baseline
    self.path = path
    self.workingFolder = workingFolder
  }

  /// Reads the findings of a JSON report (`ReportFormat.json`, or `scan --write-baseline`).
  /// - Parameters:
  ///   - jsonReport: The report's bytes (bounded by the caller; sdkvet reads
  ///     `ReadLimits.reportBytes`).
  ///   - path: The file's path as the user gave it: named in errors and in the report.
  ///   - workingFolder: See `workingFolder`.
  /// - Throws: `JSONDocumentError` at the JSON path of the first value missing or of the wrong type.
  public init(jsonReport: Data, path: String, workingFolder: String? = nil) throws(JSONDocumentError) {
    self.init(try Baseline(jsonReport: jsonReport, origin: path), path: path, workingFolder: workingFolder)
  }
}
