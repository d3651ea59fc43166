import AuditModel
import PrivacyAudit
import TargetDiscovery

/// The hosts a target's binaries name, each once, with where: the one binary (relative to the
/// target), two of them, or how many (`4 slices`) — a host every slice of an xcframework holds
/// is one line, not one per slice.
struct HostPlaces {
  var host: String
  var places: String

  /// The target's hosts in order of first appearance.
  static func of(_ target: TargetReport) -> [HostPlaces] {
    var order: [String] = []
    var binaries: [String: [String]] = [:]
    for use in target.hosts {
      if binaries[use.host] == nil { order.append(use.host) }
      let binary = target.shortened(use.binary)
      if !(binaries[use.host]?.contains(binary) ?? false) { binaries[use.host, default: []].append(binary) }
    }
    return order.map { host in
      let found = binaries[host] ?? []
      let noun = target.kind == .xcframework ? "slices" : "binaries"
      return HostPlaces(host: host, places: found.count <= 2 ? found.joined(separator: ", ") : "\(found.count) \(noun)")
    }
  }
}
