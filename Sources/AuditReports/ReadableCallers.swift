package import AuditModel
import PrivacyAudit

extension AuditReport {
  /// Gives every caller of every piece of evidence its demangled Swift name, which the reports
  /// and the drafted manifest show instead of the mangled one. A scan leaves callers mangled
  /// (demangling costs time a report without callers need not spend): call this before
  /// rendering a report of `--call-sites`-style evidence, as the CLI does.
  package mutating func nameCallersReadably() {
    updateCallers { caller in
      caller.readableName = Array(caller.function.utf8).withUnsafeBytes(SwiftDemangler.readable)
    }
  }
}
