package import AuditModel
import BinaryImage
import PackageProvenance
package import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery

/// The audit: turns already-read targets into findings. Pure: no file system access, so every
/// rule can be tested with data built in memory.
package struct PrivacyAuditor: Sendable {
  let index: CatalogIndex

  /// Creates an auditor judging against `catalog`.
  package init(catalog: Catalog) {
    index = CatalogIndex(catalog: catalog)
  }

  /// Audits every target one after another, then rolls each app's embedded targets up into the app.
  ///
  /// The same as `report(_:)` over `audit(target:)` of each target; a caller with many targets
  /// runs `audit(target:)` on every core instead (targets are independent).
  /// - Parameter targets: The targets with their binaries matched and their files read.
  /// - Returns: The report, targets sorted by path, findings and evidence in a stable order.
  package func audit(_ targets: [TargetEvidence]) -> AuditReport {
    report(targets.map(audit(target:)))
  }

  /// Audits one target on its own: everything that needs no other target.
  package func audit(target: TargetEvidence) -> AuditedTarget {
    let audit = TargetAudit(target, index: index)
    return AuditedTarget(audit: audit, report: ownReport(audit))
  }

  /// The report over targets audited on their own: each app takes in its embedded targets.
  /// - Returns: The report, targets sorted by path, findings and evidence in a stable order.
  package func report(_ audited: [AuditedTarget]) -> AuditReport {
    var final = audited.map(\.report)
    for (position, app) in audited.enumerated() where app.audit.isAppTarget {
      let embedded = audited.filter { $0.audit.target.embeddedIn == app.audit.target.path }
      final[position] = rollUp(app.report, app: app.audit, embedded: embedded.map { ($0.audit, $0.report) })
    }
    let finished = final.map { $0.audited(findings: FindingLimit.applied(to: $0.findings.sorted(by: Finding.ordered))) }
    return AuditReport(targets: finished.sorted { $0.path < $1.path })
  }

  /// What the target's own binaries and files show, with every rule that needs nothing else.
  private func ownReport(_ audit: TargetAudit) -> TargetReport {
    let (used, uses) = DeclarationRules.summary(audit)
    let permissions = PermissionRules.permissions(audit)
    let tracking = TrackingRules.profile(audit)
    var findings = BinaryRules.findings(audit) + ManifestRules.findings(audit, index: index)
    findings += DeclarationRules.findings(audit, known: index.categories)
    findings += TrackingRules.undeclared(audit, profile: tracking)
    let hosts = HostRules.hosts(audit)
    findings += HostRules.undeclaredTrackingDomains(audit, hosts: hosts, trackingHosts: index.catalog.trackingHosts)
    findings += PurposeStringRules.findings(audit)
    findings += PackageRules.findings(audit)
    if !audit.isAppTarget { findings += PermissionRules.sdkFindings(permissions, index: index) }
    // A bundle without a binary is one `no-binary` finding: its name alone is no SDK, and it has
    // no code whose signature would matter.
    let holdsNoBinary = BinaryRules.holdsNoBinary(audit)
    let detections = holdsNoBinary ? [] : CommonSDKRules.detections(audit, index: index)
    findings += CommonSDKRules.findings(audit, detections: detections)
    if !holdsNoBinary { findings += SignatureRules.findings(audit, detections: detections) }
    findings += ArchiveRules.findings(audit)
    let declared = Set(audit.manifests.flatMap { $0.manifest.accessedAPITypes.map(\.category) }).filter(
      index.categories.contains)
    let privacyManifest = Self.primaryManifest(audit)
    return TargetReport(
      path: audit.target.path, kind: audit.target.kind, embeddedIn: audit.target.embeddedIn,
      binaries: audit.binaries.map(Self.summary).sorted { $0.path < $1.path }, privacyManifest: privacyManifest,
      otherPrivacyManifests: audit.manifests.map(\.file.path).filter { $0 != privacyManifest }.sorted(),
      usedCategories: used, declaredCategories: declared.sorted(),
      declaredReasons: Self.declaredReasons(audit, declared: declared), apiUses: uses, permissions: permissions,
      tracking: tracking, findings: findings, signatureReceipts: audit.target.signatureReceipts,
      signature: audit.target.signature, commonSDKs: detections, package: audit.package?.record, hosts: hosts,
      bundleIdentifier: audit.target.bundleIdentifier,
      collectedDataByManifest: Dictionary(
        audit.manifests.map { ($0.file.path, $0.manifest.collectedDataTypes) }, uniquingKeysWith: { first, _ in first }),
      androidPermissions: audit.target.androidManifest?.permissions)
  }

  /// The app's profile with its embedded targets' permissions and tracking (each with its source),
  /// and the app rules judged over all of it.
  private func rollUp(_ report: TargetReport, app: TargetAudit, embedded: [(audit: TargetAudit, report: TargetReport)])
    -> TargetReport
  {
    var permissions = report.permissions
    var tracking = report.tracking
    for (_, inner) in embedded.sorted(by: { $0.report.path < $1.report.path }) {
      let source = Self.relative(inner.path, to: report.path)
      permissions += inner.permissions.map { $0.from(source) }
      tracking = tracking.including(inner.tracking, from: source)
    }
    let findings =
      report.findings + PermissionRules.appFindings(permissions, infoPlist: app.infoPlist, index: index)
      + TrackingRules.withoutAuthorization(
        own: app, embedded: embedded.map(\.audit), infoPlist: app.infoPlist, index: index)
    return report.audited(findings: findings, permissions: permissions, tracking: tracking)
  }

  /// The manifest shown as the target's: one at Apple's documented location before one in a
  /// resource bundle, then by path.
  private static func primaryManifest(_ audit: TargetAudit) -> ScanPath? {
    audit.manifests.min {
      ($0.isInResourceBundle ? 1 : 0, $0.file.path) < ($1.isInResourceBundle ? 1 : 0, $1.file.path)
    }
    .map(\.file.path)
  }

  /// `path` relative to the folder `base`, or `path` itself when it is not inside it.
  private static func relative(_ path: ScanPath, to base: ScanPath) -> String {
    path.components(below: base)?.joined(separator: "/") ?? path.description
  }

  private static func summary(_ binary: ScannedBinary) -> BinarySummary {
    BinarySummary(
      path: binary.file.path, format: binary.format,
      architectures: Set(binary.images.map(\.architecture)).sorted(),
      platforms: binary.images.flatMap(\.platforms),
      signatures: binary.images.compactMap {
        $0.format == .machO && $0.member == nil
          ? SliceSignature(architecture: $0.architecture, signature: $0.signature) : nil
      }, linkedLibraries: binary.images.flatMap(\.libraries), rpaths: binary.images.flatMap(\.rpaths))
  }

  /// The reasons the manifests give for each of the `declared` categories, sorted, each once.
  private static func declaredReasons(_ audit: TargetAudit, declared: Set<String>) -> [String: [String]] {
    let types = audit.manifests.flatMap(\.manifest.accessedAPITypes).filter { declared.contains($0.category) }
    return Dictionary(grouping: types, by: \.category).mapValues { Set($0.flatMap(\.reasons)).sorted() }
  }
}

/// One target audited on its own (`PrivacyAuditor.audit(target:)`), waiting for
/// `PrivacyAuditor.report(_:)` to roll embedded targets up into their apps.
package struct AuditedTarget: Sendable {
  let audit: TargetAudit
  let report: TargetReport
}
