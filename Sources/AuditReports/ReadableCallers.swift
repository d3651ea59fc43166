package import AuditModel
import PrivacyAudit

extension AuditReport {
  /// The report with every caller of every piece of evidence given its demangled Swift name,
  /// which the reports and the drafted manifest show instead of the mangled one. A scan leaves
  /// callers mangled (demangling costs time a report without callers need not spend): call this
  /// before rendering a report of `--call-sites`-style evidence, as the CLI does.
  package func namingCallersReadably() -> AuditReport {
    mappingEvidence { $0.namingCallers(CallSiteSummary.readableName) }
  }
}

extension CallSiteSummary {
  /// The demangled Swift name of `function`, `nil` when it is not a mangled Swift name.
  static func readableName(of function: String) -> String? {
    Array(function.utf8).withUnsafeBytes(SwiftDemangler.readable)
  }
}
