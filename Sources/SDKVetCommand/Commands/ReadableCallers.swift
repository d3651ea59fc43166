import PrivacyAudit

extension AuditReport {
  /// Gives every caller of every piece of evidence its demangled Swift name, which the reports
  /// and the drafted manifest show instead of the mangled one.
  mutating func nameCallersReadably() {
    updateCallers { caller in
      caller.readableName = Array(caller.function.utf8).withUnsafeBytes(SwiftDemangler.readable)
    }
  }
}
