public import AuditModel
public import PrivacyCatalog
import ScanFiles
import TargetDiscovery

extension PrivacyPicture {
  /// Builds the picture from a scan's report, naming capabilities and asking questions with `catalog`.
  /// - Parameters:
  ///   - report: The scan's report (apps with their embedded targets rolled up).
  ///   - catalog: The catalog in effect: resource names, tracking hosts, `collectedDataHints`.
  public init(report: AuditReport, catalog: Catalog) {
    let names = Dictionary(catalog.resources.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    // An xcframework is a row per slice: only one slice ends up in a given build of an app.
    let parts = report.targets.flatMap { target in
      target.kind == .xcframework && !target.slices.isEmpty ? target.slices.map(target.restricted(toSlice:)) : [target]
    }
    bundles = parts.flatMap { target in
      [Self.bundle(target, names: names, trackingHosts: catalog.trackingHosts)] + Self.resourceBundles(of: target)
    }.sorted { $0.path < $1.path }
    dataTypes = Self.rows(bundles)
    // A target's code answers for what every manifest it ships declares, its resource bundles' too
    // (a static SDK linked into it brings its manifest in one).
    let declaredByTarget = Dictionary(
      parts.map { ($0.path, Set($0.collectedDataByManifest.values.joined().map(\.type))) },
      uniquingKeysWith: { first, _ in first })
    // A question comes from a known gap: a bundle whose manifests were not all read is asked none.
    questions = bundles.filter(\.readEveryManifest).flatMap { bundle in
      let asked = bundle.capabilities.compactMap { capability -> Question? in
        guard let hint = catalog.collectedDataHint(for: capability.resource) else { return nil }
        let declared = declaredByTarget[bundle.path] ?? []
        if hint.dataTypes.contains(where: declared.contains) { return nil }
        if hint.answeredByTracking && bundle.declaredTracking == true { return nil }
        return Question(
          bundle: bundle.path, capability: capability, expectedDataTypes: hint.dataTypes,
          answeredByTracking: hint.answeredByTracking, source: hint.source,
          isOwnCode: bundle.kind == .app || bundle.kind == .appExtension)
      }
      return Self.oneQuestionPerCapability(asked)
    }
  }

  /// One bundle's questions merged where they ask for the same data types (location when in
  /// use, always and with temporary full accuracy all ask whether it collects location): one
  /// question naming every capability and its symbols.
  private static func oneQuestionPerCapability(_ questions: [Question]) -> [Question] {
    var merged: [Question] = []
    for question in questions {
      guard
        let index = merged.firstIndex(where: {
          $0.expectedDataTypes == question.expectedDataTypes && $0.answeredByTracking == question.answeredByTracking
        })
      else {
        merged.append(question)
        continue
      }
      let first = merged[index]
      merged[index] = Question(
        bundle: first.bundle,
        capability: Capability(
          resource: first.capability.resource, name: first.capability.name + ", " + question.capability.name,
          requested: first.capability.requested || question.capability.requested,
          symbols: Set(first.capability.symbols + question.capability.symbols).sorted()),
        expectedDataTypes: first.expectedDataTypes, answeredByTracking: first.answeredByTracking, source: first.source,
        isOwnCode: first.isOwnCode)
    }
    return merged
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
      manifests: ownManifests(of: target),
      declaredTracking: target.tracking.declaredTracking, trackingDomains: target.tracking.trackingDomains,
      collectedData: ownManifests(of: target).flatMap { target.collectedDataByManifest[$0] ?? [] },
      readEveryManifest: target.readEveryManifest, declaredReasons: target.declaredReasons,
      binariesNotRead: target.binaries.filter { !$0.format.wasRead }.map(\.path).sorted(),
      usedCategories: target.usedCategories, capabilities: capabilities.sorted { $0.resource < $1.resource },
      hosts: hosts,
      trackingHosts: hosts.filter { host in trackingHosts.contains { TrackingHost.host(host, isWithin: $0.domain) } },
      androidPermissions: target.androidPermissions)
  }

  /// The target's manifests outside its resource bundles, the primary first.
  private static func ownManifests(of target: TargetReport) -> [ScanPath] {
    ((target.privacyManifest.map { [$0] } ?? []) + target.otherPrivacyManifests).filter {
      !isInResourceBundle($0, of: target)
    }
  }

  /// Whether `manifest` is in a resource bundle of the target (`X.framework/Y.bundle/…`).
  private static func isInResourceBundle(_ manifest: ScanPath, of target: TargetReport) -> Bool {
    ParsedManifest.liesInResourceBundle(manifest, below: target.path)
  }

  /// A row for each resource bundle of the target that ships a manifest: the bundle's own
  /// declarations (a static SDK linked into the target ships its manifest so). Its code is in
  /// the target's binaries, so what it reaches is counted in the target's row.
  private static func resourceBundles(of target: TargetReport) -> [Bundle] {
    let manifests = ((target.privacyManifest.map { [$0] } ?? []) + target.otherPrivacyManifests).filter {
      isInResourceBundle($0, of: target)
    }
    return manifests.map { manifest in
      let folder = manifest.parent ?? manifest
      return Bundle(
        path: folder, kind: .bundle, embeddedIn: target.path, package: nil, includedSDKs: [], manifests: [manifest],
        declaredTracking: nil, trackingDomains: [], collectedData: target.collectedDataByManifest[manifest] ?? [],
        readEveryManifest: target.readEveryManifest, declaredReasons: [:], binariesNotRead: [], usedCategories: [],
        capabilities: [], hosts: [], trackingHosts: [],
        androidPermissions: nil)
    }
  }

  /// The union over bundles: one row per data type, linked or tracking if any declaration is.
  private static func rows(_ bundles: [Bundle]) -> [DataTypeRow] {
    var rows: [String: DataTypeRow] = [:]
    for bundle in bundles {
      for entry in bundle.collectedData {
        let row =
          rows[entry.type]
          ?? DataTypeRow(dataType: entry.type, bundles: [], linked: false, tracking: false, purposes: [])
        rows[entry.type] = DataTypeRow(
          dataType: entry.type, bundles: row.bundles.contains(bundle.path) ? row.bundles : row.bundles + [bundle.path],
          linked: row.linked || entry.linked, tracking: row.tracking || entry.tracking,
          purposes: Set(row.purposes + entry.purposes).sorted())
      }
    }
    return rows.keys.sorted().compactMap { rows[$0] }
  }
}
