import AuditModel
import PrivacyCatalog

/// Tracking evidence and the tracking rules: `tracking-undeclared` (any target) and
/// `tracking-without-authorization` (app targets, over the app and everything embedded).
enum TrackingRules {
  /// The target's own tracking profile: what its binaries do and what its manifests say.
  static func profile(_ audit: TargetAudit) -> TrackingProfile {
    let requests = audit.hits.filter { $0.strength == .request }
    return TrackingProfile(
      readsAdvertisingIdentifier: requests.contains { $0.resource.readsTrackedValue },
      requestsAuthorization: requests.contains { $0.resource.requestsTrackingAuthorization },
      declaredTracking: audit.declaredTracking,
      trackingDomains: Set(audit.manifests.flatMap(\.manifest.trackingDomains)).sorted(),
      advertisingIdentifierEvidence: requests.filter { $0.resource.readsTrackedValue }.map(\.evidence).normalized)
  }

  /// Tracking evidence in the target's own binaries while its manifest does not say it tracks:
  /// a read of the advertising identifier (with its class). Asking for App Tracking Transparency
  /// is not tracking: a consent SDK shows the prompt for its host app (its purpose string is
  /// `requires-purpose-string`'s), and what the SDK itself reads is what says whether it tracks.
  static func undeclared(_ audit: TargetAudit, profile: TrackingProfile) -> [Finding] {
    let evidence = audit.hits.filter { $0.strength == .request && $0.resource.readsTrackedValue }.map(\.evidence)
    guard !evidence.isEmpty, profile.declaredTracking != true, audit.readEveryManifest else { return [] }
    let what = "reads the advertising identifier"
    let manifest =
      audit.manifests.isEmpty
      ? "it has no privacy manifest"
      : profile.declaredTracking == false
        ? "its manifest sets NSPrivacyTracking to false" : "its manifest does not set NSPrivacyTracking"
    return [
      Finding(
        rule: .trackingUndeclared, subject: .target,
        message:
          "The code \(what), but \(manifest). App Store Connect does not check this at upload, but Apple asks for NSPrivacyTracking true when data is used for tracking: "
          + "declare it with its tracking domains, or remove the tracking code.",
        evidence: evidence.normalized)
    ]
  }

  /// For an app: the advertising identifier read with no ATT request anywhere in the app, or
  /// ATT requested without its purpose string.
  static func withoutAuthorization(
    own: TargetAudit, embedded: [TargetAudit], infoPlist: InfoPlistDocument?, index: CatalogIndex
  ) -> [Finding] {
    let hits = ([own] + embedded).flatMap(\.hits).filter { $0.strength == .request }
    let reads = hits.filter { $0.resource.readsTrackedValue }
    let requests = hits.filter { $0.resource.requestsTrackingAuthorization }
    var findings: [Finding] = []
    if !reads.isEmpty && requests.isEmpty {
      findings.append(
        Finding(
          rule: .trackingWithoutAuthorization, subject: .target,
          message: "The advertising identifier is read but nothing in the app requests App Tracking Transparency; "
            + "request it (ATTrackingManager) before tracking, or remove the identifier read.",
          evidence: reads.map(\.evidence).normalized))
    }
    let present = infoPlist?.keys ?? []
    let missing = index.trackingAuthorizationKeys.filter { !present.contains($0) }
    if !requests.isEmpty && !missing.isEmpty {
      findings.append(
        Finding(
          rule: .trackingWithoutAuthorization, subject: .target,
          message:
            "App Tracking Transparency is requested but the app's Info.plist lacks \(missing.joined(separator: ", ")); "
            + "without it the request fails or the app crashes.",
          file: infoPlist?.path, evidence: requests.map(\.evidence).normalized))
    }
    return findings
  }
}
