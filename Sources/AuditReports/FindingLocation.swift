import AuditModel
import PrivacyAudit
import ScanFiles

extension Finding {
  /// The file a finding is shown at in SARIF and in GitHub annotations: the file it is about
  /// (the manifest or Info.plist), else the binary of its first evidence, else the target's
  /// first binary, else the target itself.
  func primaryPath(in target: TargetReport) -> ScanPath {
    file ?? evidence.first?.binary ?? target.binaries.first?.path ?? target.path
  }
}
