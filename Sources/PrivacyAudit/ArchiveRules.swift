import AuditModel
import ScanFiles
import TargetDiscovery

/// `archive-entry-ambiguous` (warning): a name the target's archive stores more than once, or
/// under names extractors fold into one (`a\b` and `a/b`). `unzip`, Xcode and Python's `zipfile`
/// install the last copy, some libarchive-based tools the first, so two reviewers could audit
/// different binaries under one name. Every copy was read (`ArchiveTreeBuilder`); the finding
/// says so, and says where the other copies are.
enum ArchiveRules {
  static func findings(_ audit: TargetAudit) -> [Finding] {
    audit.target.ambiguousArchiveEntries.map { entry in
      Finding(
        rule: .archiveEntryAmbiguous, subject: .target,
        message:
          "The archive entry \(entry.path) \(entry.message). Ask the vendor for an archive that stores each name once.",
        file: entry.path)
    }
  }
}
