import AuditModel
import PackageProvenance
import ScanFiles

/// The rule about dependency managers' files.
///
/// `malformed-lock-file`: a lock or state file a target's package record was read from
/// (`Package.resolved`, `workspace-state.json`, `Podfile.lock`, `Manifest.lock`,
/// `Cartfile.resolved`, a Carthage `.version` file) could not be read in full. The finding names
/// the file and the first problem's line (or JSON path); whatever the file did say is still used.
enum PackageRules {
  static func findings(_ audit: TargetAudit) -> [Finding] {
    (audit.package?.issues ?? []).map { issue in
      let name = issue.file.lastComponent.map(String.init) ?? issue.file.description
      let place = issue.line.map { "line \($0): " } ?? ""
      let count = issue.moreProblems
      let more = count == 0 ? "" : " (and \(count) more problem\(count == 1 ? "" : "s"))"
      return Finding(
        rule: .malformedLockFile, subject: .target,
        message:
          "\(name) cannot be read in full, so this package's version and origin may be missing: \(place)\(issue.message)\(more).",
        file: issue.file)
    }
  }
}
