public import PrivacyCatalog

extension PrivacyPicture {
  /// Builds the picture from a scan's report, naming capabilities and asking questions with `catalog`.
  /// - Parameters:
  ///   - report: The scan's report (apps with their embedded targets rolled up).
  ///   - catalog: The catalog in effect: resource names, tracking hosts, `collectedDataHints`.
  public init(report: AuditReport, catalog: Catalog) {
    let names = Dictionary(catalog.resources.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    bundles = report.targets.map { Self.bundle($0, names: names, trackingHosts: catalog.trackingHosts) }
    dataTypes = Self.rows(bundles)
    questions = bundles.flatMap { bundle in
      bundle.capabilities.compactMap { capability -> Question? in
        guard let hint = catalog.collectedDataHint(for: capability.resource) else { return nil }
        let declared = Set(bundle.collectedData.map(\.type))
        if hint.dataTypes.contains(where: declared.contains) { return nil }
        if hint.answeredByTracking && bundle.declaredTracking == true { return nil }
        return Question(
          bundle: bundle.path, capability: capability, expectedDataTypes: hint.dataTypes,
          answeredByTracking: hint.answeredByTracking, source: hint.source)
      }
    }
  }

  private static func bundle(_ target: TargetReport, names: [String: String], trackingHosts: [TrackingHost]) -> Bundle {
    let symbols = { (evidence: [Evidence]) in Set(evidence.map(\.symbol)).sorted() }
    var capabilities = target.permissions.filter { $0.source == nil }.map {
      Capability(
        resource: $0.resource, name: names[$0.resource] ?? $0.resource, requested: $0.requested,
        symbols: symbols($0.evidence))
    }
    let identifier = target.tracking.advertisingIdentifierEvidence
    if !identifier.isEmpty {
      let id = "advertising-identifier"
      capabilities.append(
        Capability(resource: id, name: names[id] ?? id, requested: true, symbols: symbols(identifier)))
    }
    let hosts = Set(target.hosts.map(\.host)).sorted()
    return Bundle(
      path: target.path, kind: target.kind, embeddedIn: target.embeddedIn, package: target.package,
      includedSDKs: target.commonSDKs.filter { !$0.includedIn.isEmpty }.sorted { $0.sdk < $1.sdk }.map {
        IncludedSDK(sdk: $0.sdk, confidence: $0.confidence, binaries: $0.includedIn, symbols: symbols($0.evidence))
      },
      manifests: (target.privacyManifest.map { [$0] } ?? []) + target.otherPrivacyManifests,
      declaredTracking: target.tracking.declaredTracking, trackingDomains: target.tracking.trackingDomains,
      collectedData: target.declaredCollectedData, declaredReasons: target.declaredReasons,
      usedCategories: target.usedCategories, capabilities: capabilities.sorted { $0.resource < $1.resource },
      hosts: hosts,
      trackingHosts: hosts.filter { host in trackingHosts.contains { TrackingHost.host(host, isWithin: $0.domain) } },
      androidPermissions: target.androidPermissions)
  }

  /// The union over bundles: one row per data type, linked or tracking if any declaration is.
  private static func rows(_ bundles: [Bundle]) -> [DataTypeRow] {
    var rows: [String: DataTypeRow] = [:]
    for bundle in bundles {
      for entry in bundle.collectedData {
        var row =
          rows[entry.type]
          ?? DataTypeRow(dataType: entry.type, bundles: [], linked: false, tracking: false, purposes: [])
        if !row.bundles.contains(bundle.path) { row.bundles.append(bundle.path) }
        row.linked = row.linked || entry.linked
        row.tracking = row.tracking || entry.tracking
        row.purposes = Set(row.purposes + entry.purposes).sorted()
        rows[entry.type] = row
      }
    }
    return rows.keys.sorted().compactMap { rows[$0] }
  }
}
