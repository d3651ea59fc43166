import AuditModel
import PrivacyAudit
import TargetDiscovery

import struct PrivacyCatalog.CatalogMatch

/// How much evidence a human-readable report shows: one row per symbol with where it occurs
/// (`collapsed`, the default), or one row per location (`full`, as JSON and SARIF always are).
public enum EvidenceDetail: String, Sendable, CaseIterable {
  /// One row per symbol, its locations summed up ("in 4 slices, 8 architectures").
  case collapsed
  /// One row per symbol and location.
  case full
}

/// A finding's evidence as the text, Markdown and HTML reports show it: the same symbol found
/// through the same route in several slices, architectures or members is one row saying where.
struct EvidenceRow {
  /// The first of the collapsed evidence: its symbol, route, library and call sites are shown.
  var first: Evidence
  /// Where it occurs, relative to the target: `libfat.a(fileinfo.o)[arm64, x86_64]`,
  /// `libfat.a(fileinfo.o)[all]` in every architecture of the binary, or a count (`in 4
  /// slices, 8 architectures`) when in more than two places.
  var location: String

  /// The rows of `evidence`, in order of first occurrence; with `.full`, one per item.
  static func rows(_ evidence: [Evidence], in target: TargetReport, detail: EvidenceDetail)
    -> [EvidenceRow]
  {
    guard detail == .collapsed else {
      return evidence.map { EvidenceRow(first: $0, location: target.shortened($0.binary) + $0.memberAndArchitecture) }
    }
    var order: [Key] = []
    var groups: [Key: [Evidence]] = [:]
    for item in evidence {
      let key = Key(symbol: item.symbol, via: item.via, library: item.library)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(item)
    }
    return order.compactMap { key in
      guard let items = groups[key], let first = items.first else { return nil }
      return EvidenceRow(first: first, location: location(of: items, in: target))
    }
  }

  /// What groups evidence into one row.
  private struct Key: Hashable {
    var symbol: String
    var via: CatalogMatch.Via
    var library: String?
  }

  /// `place[arch]`, `place[arch1, arch2]`, `place1, place2 [archs]`, or `in N slices, M architectures`.
  private static func location(of items: [Evidence], in target: TargetReport) -> String {
    var places: [String] = []
    var architectures: [String] = []
    var pairs: Set<String> = []
    for item in items {
      let place = target.shortened(item.binary) + (item.member.map { "(\($0))" } ?? "")
      if !places.contains(place) { places.append(place) }
      if let architecture = item.architecture, !architectures.contains(architecture) {
        architectures.append(architecture)
      }
      pairs.insert(place + "\u{0}" + (item.architecture ?? ""))
    }
    // In every architecture of binaries that have several: their binary lines list them.
    let binaries = Set(items.map(\.binary))
    let everywhere =
      architectures.count > 1
      && binaries.allSatisfy { path in
        Set(target.binaries.first { $0.path == path }?.architectures ?? []) == Set(architectures)
      }
    let archList =
      everywhere ? "[all]" : architectures.isEmpty ? "" : "[" + architectures.joined(separator: ", ") + "]"
    if places.count == 1 { return places[0] + archList }
    if places.count == 2 { return places.joined(separator: ", ") + (archList.isEmpty ? "" : " " + archList) }
    let (count, noun) =
      binaries.count > 1
      ? (binaries.count, target.kind == .xcframework ? "slices" : "files") : (places.count, "members")
    return "in \(count) \(noun), \(pairs.count) architectures"
  }
}
