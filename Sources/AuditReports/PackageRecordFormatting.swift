import AuditModel
import PackageProvenance
import PrivacyAudit

extension PackageRecord {
  /// The record as a JSON object in schema order, every field present (`null` when unknown);
  /// shared by the JSON document and SARIF properties.
  var json: JSONValue {
    .report([
      (.manager, .string(manager.rawValue)),
      (.name, .string(name)),
      (.version, .optional(version)),
      (.branch, .optional(branch)),
      (.revision, .optional(revision)),
      (.source, .optional(source)),
      (.artifactURL, .optional(artifactURL)),
      (.checksum, .optional(checksum)),
    ])
  }

  /// `KochavaCore 7.6.0 (CocoaPods)`, followed by what else is known
  /// (`, branch main, revision 1f2e…, from https://…, artifact https://…, checksum 7a3c…`).
  /// - Parameters:
  ///   - name: The format's escaping for the name and version (prose).
  ///   - detail: The format's escaping for the branch, revision, origin, URL and checksum (literal values).
  func summary(name: (String) -> String, detail: (String) -> String) -> String {
    let headline = ([name(self.name)] + (version.map { [name($0)] } ?? []) + ["(\(manager.displayName))"])
    let details = [
      ("branch", branch), ("revision", revision), ("from", source), ("artifact", artifactURL), ("checksum", checksum),
    ].compactMap { label, value in value.map { "\(label) \(detail($0))" } }
    return ([headline.joined(separator: " ")] + details).joined(separator: ", ")
  }
}

extension AuditReport {
  /// How many targets each dependency manager put in the scanned folders, in `PackageManager` order.
  var packageCounts: [(manager: PackageManager, count: Int)] {
    PackageManager.allCases.map { manager in (manager, targets.filter { $0.package?.manager == manager }.count) }
  }
}
