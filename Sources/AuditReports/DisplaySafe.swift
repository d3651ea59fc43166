import PrivacyAudit
import PrivacyCatalog

/// Makes text from scanned files safe to show on a terminal or in Markdown.
///
/// Symbol names, member names and paths come from the binaries and bundles under review, so
/// they can hold escape sequences that would recolour or rewrite a reviewer's terminal, line
/// breaks that would break the layout, or bidirectional overrides that make a name read
/// differently from its bytes. Tabs and line breaks become spaces; every other control
/// character (C0, DEL, C1) and every bidirectional control is written as a visible `\u{XX}`.
enum DisplaySafe {
  /// `text` with control and bidirectional-control characters made visible.
  static func text(_ text: String) -> String {
    // Printable ASCII, the common case for symbols and paths, needs no work.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var safe = ""
    for scalar in text.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        safe += " "
      } else if needsEscape(scalar) {
        safe += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        safe.unicodeScalars.append(scalar)
      }
    }
    return safe
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
    default: false
    }
  }

  /// A copy of `report` with every string passed through `text(_:)`; the text and Markdown
  /// reporters render this copy.
  static func report(_ report: AuditReport) -> AuditReport {
    AuditReport(targets: report.targets.map(target))
  }

  private static func target(_ target: TargetReport) -> TargetReport {
    TargetReport(
      path: text(target.path), kind: target.kind, embeddedIn: target.embeddedIn.map(text),
      binaries: target.binaries.map {
        BinarySummary(path: text($0.path), format: $0.format, architectures: $0.architectures.map(text))
      },
      privacyManifest: target.privacyManifest.map(text), usedCategories: target.usedCategories.map(text),
      declaredCategories: target.declaredCategories.map(text),
      apiUses: target.apiUses.map {
        APIUse(category: text($0.category), api: text($0.api), evidence: evidence($0.evidence))
      },
      permissions: target.permissions.map {
        PermissionUse(
          resource: text($0.resource), infoPlistKeys: $0.infoPlistKeys.map(text), evidence: $0.evidence.map(evidence),
          requested: $0.requested, source: $0.source.map(text))
      },
      tracking: TrackingProfile(
        readsAdvertisingIdentifier: target.tracking.readsAdvertisingIdentifier,
        requestsAuthorization: target.tracking.requestsAuthorization,
        declaredTracking: target.tracking.declaredTracking,
        trackingDomains: target.tracking.trackingDomains.map(text), sources: target.tracking.sources.map(text)),
      findings: target.findings.map {
        Finding(
          rule: $0.rule, severity: $0.severity, category: $0.category.map(text), message: text($0.message),
          file: $0.file.map(text), evidence: $0.evidence.map(evidence))
      })
  }

  private static func evidence(_ evidence: PrivacyAudit.Evidence) -> PrivacyAudit.Evidence {
    PrivacyAudit.Evidence(
      symbol: text(evidence.symbol), via: evidence.via, binary: text(evidence.binary),
      architecture: evidence.architecture.map(text), member: evidence.member.map(text),
      library: evidence.library.map(text))
  }
}
