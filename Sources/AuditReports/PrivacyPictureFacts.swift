import AuditModel
import PackageProvenance
import PrivacyAudit
import PropertyLists
import ScanFiles
import TargetDiscovery

/// What the privacy reports show of one bundle (Markdown and HTML; the text report groups the
/// same facts on fewer lines) or one included SDK (all three), as (label, value) pairs already
/// escaped by the format's escapers, so the formats list the same facts in the same order.
enum PrivacyPictureFacts {
  typealias W = PrivacyPictureWording

  /// A bundle's rows: kind, package, included SDKs, manifests, Android permissions, what it
  /// declares, then what its binaries reach.
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - code: Escapes a name, path or key, set as code.
  ///   - plain: Escapes prose from the input (a package or capability name).
  static func bundle(
    _ bundle: PrivacyPicture.Bundle, code: (String) -> String, plain: (String) -> String
  ) -> [(String, String)] {
    func list(_ values: [String]) -> String { listed(values, code: code) }
    var rows: [(String, String)] = [("Kind", bundle.kind.rawValue)]
    if let package = bundle.package { rows.append(("Package", package.summary(name: plain, detail: code))) }
    if !bundle.includedSDKs.isEmpty { rows.append(("Includes", list(bundle.includedSDKs.map(\.sdk)))) }
    rows.append(("Manifests", list(bundle.manifests.map(\.description))))
    if let permissions = bundle.androidPermissions {
      rows.append(("Android permissions", permissions.listed(quote: code)))
    }
    rows += [
      ("NSPrivacyTracking", W.tracking(of: bundle)), ("Tracking domains", list(bundle.trackingDomains)),
    ]
    rows += bundle.collectedData.map { entry in
      (
        "Collects " + code(W.dataType(entry.type)),
        "linked \(W.flag(entry.linked)), tracking \(W.flag(entry.tracking)), for \(list(entry.purposes.map(W.purpose)))"
      )
    }
    rows += bundle.declaredReasons.keys.sorted().map { category in
      ("Accesses " + code(W.category(category)), list(bundle.declaredReasons[category] ?? []))
    }
    if !bundle.readEveryManifest { rows.append(("Unknown declarations", W.manifestNotRead)) }
    if !bundle.binariesNotRead.isEmpty {
      rows.append(("Unknown reach", W.notRead(bundle.binariesNotRead.map { code($0.description) })))
    }
    rows.append(("Required-reason APIs used", list(bundle.usedCategories.map(W.category))))
    rows += bundle.capabilities.map { capability in
      (
        "Reaches " + plain(capability.name) + (capability.requested ? "" : " (class reference only)"),
        list(capability.symbols)
      )
    }
    rows += [("Hosts", list(bundle.hosts)), ("Tracking hosts", list(bundle.trackingHosts))]
    return rows
  }

  /// An included SDK's rows: the binaries it is linked into, how it was recognised, and that its
  /// declarations and reach are its host's.
  static func includedSDK(
    _ sdk: PrivacyPicture.IncludedSDK, host: PrivacyPicture.Bundle, code: (String) -> String
  ) -> [(String, String)] {
    func list(_ values: [String]) -> String { listed(values, code: code) }
    return [
      ("Linked into", list(sdk.binaries.map(\.description))),
      ("Recognised", W.recognition(sdk.confidence, symbols: sdk.symbols) + ": " + list(sdk.symbols)),
      (
        "Declarations",
        "none of its own: those of \(code(host.path.description)) (manifests: \(list(host.manifests.map(\.description))))"
      ),
      ("Reaches", "counted in \(code(host.path.description)): its code is part of that bundle's binaries"),
    ]
  }

  /// `values` through `code`, comma-separated; `none` when empty.
  private static func listed(_ values: [String], code: (String) -> String) -> String {
    values.isEmpty ? "none" : values.map(code).joined(separator: ", ")
  }
}
