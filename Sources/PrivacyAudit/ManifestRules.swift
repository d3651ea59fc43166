import AuditModel
import PrivacyCatalog
import ScanFiles
import TargetDiscovery

/// The rules on what each manifest says, independent of the binaries:
/// `unreadable-privacy-manifest`, `invalid-privacy-manifest`, `invalid-reason-code`,
/// `reason-not-valid-for-category`, `reason-not-for-this-kind` and `tracking-domains-missing`.
enum ManifestRules {
  static func findings(_ audit: TargetAudit, index: CatalogIndex) -> [Finding] {
    audit.manifests.flatMap { parsed in
      validity(parsed) + reasons(parsed, isApp: audit.target.kind.isApp, index: index) + trackingDomains(parsed)
    }
  }

  private static func validity(_ parsed: ParsedManifest) -> [Finding] {
    if let reason = parsed.unreadable {
      return [
        Finding(
          rule: .unreadablePrivacyManifest, subject: .target,
          message:
            "The manifest cannot be read (\(reason)): what it declares is not known, so the categories, tracking and "
            + "tracking domains it may declare are not judged; check the file and scan again.",
          file: parsed.file.path)
      ]
    }
    return parsed.manifest.issues.map { issue in
      Finding(
        rule: .invalidPrivacyManifest, severity: issue.severity, subject: .target, message: issue.message,
        file: parsed.file.path, aspect: issue.aspect, inResourceBundle: parsed.isInResourceBundle)
    }
  }

  private static func reasons(_ parsed: ParsedManifest, isApp: Bool, index: CatalogIndex) -> [Finding] {
    var findings: [Finding] = []
    for entry in parsed.manifest.accessedAPITypes {
      for code in entry.reasons {
        let finding = { (rule: RuleID, message: String) in
          findings.append(
            Finding(
              rule: rule, subject: .category(entry.category), message: message, file: parsed.file.path,
              aspect: .reason, inResourceBundle: parsed.isInResourceBundle))
        }
        guard let (reason, owner) = index.catalog.reason(code) else {
          let near = index.catalog.categories.flatMap(\.reasons).first { $0.code.lowercased() == code.lowercased() }
          let hint = near.map { " Codes are case-sensitive: did you mean \($0.code)?" } ?? ""
          finding(.invalidReasonCode, "Reason code \"\(code)\" is not an approved reason code.\(hint)")
          continue
        }
        guard index.categories.contains(entry.category) else { continue }  // the category itself is already reported
        guard owner.id == entry.category else {
          finding(
            .reasonNotValidForCategory,
            "Reason \(code) belongs to \(owner.id), not \(entry.category); use a reason of \(entry.category)."
          )
          continue
        }
        switch reason.usableBy {
        case .sdkOnly where isApp:
          finding(
            .reasonNotForThisKind,
            "Reason \(code) is for third-party SDK wrappers only; an app must not declare it.")
        case .appKindRestricted where !isApp:
          let kind = reason.appKind.map { " (\($0.rawValue) apps)" } ?? ""
          finding(
            .reasonNotForThisKind,
            "Reason \(code) is reserved for one kind of app\(kind); an SDK must not declare it.")
        default:
          break
        }
      }
    }
    return findings
  }

  private static func trackingDomains(_ parsed: ParsedManifest) -> [Finding] {
    guard parsed.manifest.tracking == true, parsed.manifest.trackingDomains.isEmpty else { return [] }
    return [
      Finding(
        rule: .trackingDomainsMissing, subject: .target,
        message:
          "`NSPrivacyTracking` is true but `NSPrivacyTrackingDomains` lists no domain (TN3181), and App Store Connect rejects it; list the domains used for tracking.",
        file: parsed.file.path, aspect: .tracking, inResourceBundle: parsed.isInResourceBundle)
    ]
  }
}
