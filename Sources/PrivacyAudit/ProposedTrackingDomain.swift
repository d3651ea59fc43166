import AuditModel
package import PrivacyCatalog

/// A host a target's binaries name, proposed to its drafted manifest as a tracking domain. Only
/// the vendor knows which hosts it tracks through, so a draft shows these commented out.
package struct ProposedTrackingDomain: Sendable, Hashable {
  /// The host, lowercase, as found.
  package var host: String
  /// The catalog's tracking domain the host is in (`app-measurement.com`, Google), `nil` when it
  /// is on no list: such a host is more likely to be one the vendor must declare.
  package var knownTracker: TrackingHost?

  /// Creates a proposal.
  package init(host: String, knownTracker: TrackingHost?) {
    self.host = host
    self.knownTracker = knownTracker
  }

  /// Each host of `report` once, known trackers first, that none of `declared` covers.
  static func proposals(for report: TargetReport, declared: [String], catalog: Catalog) -> [Self] {
    let hosts = Set(report.hosts.map(\.host)).filter { host in
      !declared.contains { TrackingHost.host(host, isWithin: $0.lowercased()) }
    }
    let proposals = hosts.map { host in
      Self(host: host, knownTracker: catalog.trackingHosts.first { TrackingHost.host(host, isWithin: $0.domain) })
    }
    return proposals.sorted { ($0.knownTracker == nil ? 1 : 0, $0.host) < ($1.knownTracker == nil ? 1 : 0, $1.host) }
  }
}
