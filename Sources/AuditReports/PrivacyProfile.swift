import AuditModel
import PrivacyAudit
import ScanFiles

import struct PrivacyCatalog.Catalog

/// A required-reason category as the profile shows it: declared in the manifest, used by a
/// binary, or both.
struct CategoryStatus: Sendable, Hashable {
  /// The full category string, e.g. `NSPrivacyAccessedAPICategoryFileTimestamp`.
  var category: String
  /// The manifest declares it.
  var declared: Bool
  /// A binary of the target uses it.
  var used: Bool
  /// Whether `declared` is known: not for a category the manifests read do not declare when
  /// another manifest of the target could not be read (`unreadable-privacy-manifest`).
  var declarationKnown = true

  /// The category without `NSPrivacyAccessedAPICategory` (`FileTimestamp`), for compact views;
  /// a string without the prefix (an unknown or shortened category) is shown whole.
  var shortName: String { Catalog.shortCategoryName(category) }

  /// `declared, used`, `used, NOT DECLARED` or `declared, NOT USED`: the profile's verdict.
  var verdict: String {
    switch (declared, used) {
    case (true, true): "declared, used"
    case (false, true): declarationKnown ? "used, NOT DECLARED" : "used, declaration not known"
    case (true, false): "declared, NOT USED"
    case (false, false): "neither declared nor used"
    }
  }

  /// Whether a binary uses the category and the manifests are known not to declare it.
  var isUndeclared: Bool { used && !declared && declarationKnown }

  /// Every category the target declares or uses, sorted by category string.
  static func statuses(of target: TargetReport) -> [CategoryStatus] {
    let declared = Set(target.declaredCategories)
    let used = Set(target.usedCategories)
    return declared.union(used).sorted().map {
      CategoryStatus(
        category: $0, declared: declared.contains($0), used: used.contains($0),
        declarationKnown: declared.contains($0) || target.readEveryManifest)
    }
  }
}

extension TrackingProfile {
  /// Whether the profile says "tracking: yes": the binaries read the advertising identifier, or
  /// the manifest declares `NSPrivacyTracking` true. Asking for App Tracking Transparency is not
  /// tracking (a consent SDK shows the prompt for its host app).
  var tracks: Bool {
    readsAdvertisingIdentifier || declaredTracking == true
  }

  /// What the binaries do, in words: `reads the advertising identifier`, `requests App Tracking
  /// Transparency`; empty when neither.
  var behaviours: [String] {
    (readsAdvertisingIdentifier ? ["reads the advertising identifier"] : [])
      + (requestsAuthorization ? ["requests App Tracking Transparency"] : [])
  }

  /// `NSPrivacyTracking true`, `… false`, `… absent` or, when a manifest could not be read and
  /// none read says true, `… not known (a manifest could not be read)`.
  func manifestStatement(everyManifestRead: Bool) -> String {
    "NSPrivacyTracking " + manifestValue(everyManifestRead: everyManifestRead)
  }

  /// `true`, `false`, `absent` or `not known (a manifest could not be read)`: the value of
  /// `manifestStatement(everyManifestRead:)`.
  func manifestValue(everyManifestRead: Bool) -> String {
    switch declaredTracking {
    case true?: "true"
    case _ where !everyManifestRead: "not known (a manifest could not be read)"
    case false?: "false"
    case nil: "absent"
    }
  }
}

extension PermissionUse {
  /// `requested` when the evidence proves a request, `referenced` for a class reference alone.
  var strength: String { requested ? "requested" : "referenced" }
  /// `asks for access` or `API referenced only`: `strength` in words for the HTML report.
  var plainStrength: String { requested ? "asks for access" : "API referenced only" }
}

extension Evidence {
  /// Where the evidence is, in the `nm`-like form `binary(member)[arch]`.
  var location: String { binary.description + memberAndArchitecture }

  /// The `(member)[arch]` part of `location`, empty when neither is known.
  var memberAndArchitecture: String {
    (member.map { "(\($0))" } ?? "") + (architecture.map { "[\($0)]" } ?? "")
  }
}

extension TargetReport {
  /// `path` as the text report shows it under the target's header, which names the target in
  /// full: relative to the target when inside it (`Demo.app/Demo` → `Demo`), the last path
  /// component when it is the target itself (a loose binary), else unchanged. A target that is
  /// an archive (an `.aar`) holds its files as `ARCHIVE!/ENTRY`.
  func shortened(_ path: ScanPath) -> String {
    if path == self.path {
      return path.lastComponent.map(String.init) ?? path.description
    }
    guard let inside = path.components(below: self.path), !inside.isEmpty else {
      return path.description
    }
    return inside.joined(separator: "/")
  }
}
