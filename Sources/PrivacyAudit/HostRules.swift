import AuditModel
import PrivacyCatalog
import ScanFiles
import TargetDiscovery

/// The hosts a target contacts, and `tracking-domain-undeclared`: a target whose manifest sets
/// `NSPrivacyTracking` true names a host on the catalog's tracking-host list that none of its
/// `NSPrivacyTrackingDomains` covers (a listed domain covers itself and its subdomains). Only the
/// vendor knows whether it tracks through that host or uses it for other calls (Meta's Audience
/// Network declares `ep1.facebook.com` and calls `graph.facebook.com`), so the finding asks.
enum HostRules {
  /// Each host of each binary once, sorted by host then binary.
  static func hosts(_ audit: TargetAudit) -> [HostUse] {
    // Each binary's hosts are made distinct by the host alone: a set of uses would hash the
    // binary's whole path again for every host of every slice and member.
    var hostsByBinary: [ScanPath: Set<String>] = [:]
    for binary in audit.binaries {
      hostsByBinary[binary.file.path, default: []].formUnion(binary.images.lazy.flatMap(\.hosts))
    }
    return hostsByBinary.flatMap { binary, hosts in hosts.map { HostUse(host: $0, binary: binary) } }.sorted {
      $0.host != $1.host ? $0.host < $1.host : $0.binary < $1.binary
    }
  }

  /// The finding, when the target declares tracking and contacts undeclared tracking hosts.
  static func undeclaredTrackingDomains(_ audit: TargetAudit, hosts: [HostUse], trackingHosts: [TrackingHost])
    -> [Finding]
  {
    guard audit.declaredTracking == true, audit.readEveryManifest else { return [] }
    let declared = Set(audit.manifests.flatMap(\.manifest.trackingDomains).map { $0.lowercased() })
    let undeclared = hosts.filter { use in
      !declared.contains { TrackingHost.host(use.host, isWithin: $0) }
        && trackingHosts.contains { TrackingHost.host(use.host, isWithin: $0.domain) }
    }
    guard !undeclared.isEmpty else { return [] }
    let names = Set(undeclared.map(\.host)).sorted()
    let (these, it) = names.count == 1 ? ("host", "it") : ("hosts", "them")
    return [
      Finding(
        rule: .trackingDomainUndeclared, subject: .target,
        message:
          "The manifest sets NSPrivacyTracking true and lists its tracking domains, and the code also names \(names.joined(separator: ", ")), "
          + "which sdkvet's catalog lists as tracking \(these) but NSPrivacyTrackingDomains does not. A question for the vendor: "
          + "does the SDK track through \(it)? If so, add each (or a parent domain) to NSPrivacyTrackingDomains, since the "
          + "system blocks only the listed domains until the user allows tracking; if it calls \(it) for something else, nothing is missing.",
        evidence: undeclared.map { use in
          Evidence(symbol: use.host, via: .string, binary: use.binary, architecture: nil, member: nil, library: nil)
        })
    ]
  }
}
