/// Whether a target tracks, by its binaries and by its manifest.
public struct TrackingProfile: Sendable, Hashable {
  /// The advertising identifier is read (`ASIdentifierManager` `advertisingIdentifier`).
  public let readsAdvertisingIdentifier: Bool
  /// App Tracking Transparency is requested.
  public let requestsAuthorization: Bool
  /// `NSPrivacyTracking` from the manifest; `nil` when absent.
  public let declaredTracking: Bool?
  /// `NSPrivacyTrackingDomains` from the manifest.
  public let trackingDomains: [String]
  /// Embedded SDKs the tracking evidence comes from (app targets).
  public let sources: [String]
  /// Where the target's own binaries read the advertising identifier (never an embedded SDK's).
  public let advertisingIdentifierEvidence: [Evidence]

  /// Creates a profile.
  package init(
    readsAdvertisingIdentifier: Bool = false, requestsAuthorization: Bool = false, declaredTracking: Bool? = nil,
    trackingDomains: [String] = [], sources: [String] = [],
    advertisingIdentifierEvidence: [Evidence] = []
  ) {
    self.readsAdvertisingIdentifier = readsAdvertisingIdentifier
    self.requestsAuthorization = requestsAuthorization
    self.declaredTracking = declaredTracking
    self.trackingDomains = trackingDomains
    self.sources = sources
    self.advertisingIdentifierEvidence = advertisingIdentifierEvidence
  }

  /// The profile of an app that embeds an SDK with profile `inner` at `source`: what the SDK
  /// reads or requests counts for the app, and `source` is named when it reads or requests
  /// anything. The advertising identifier evidence stays the app's own.
  package func including(_ inner: TrackingProfile, from source: String) -> TrackingProfile {
    guard inner.readsAdvertisingIdentifier || inner.requestsAuthorization else { return self }
    return TrackingProfile(
      readsAdvertisingIdentifier: readsAdvertisingIdentifier || inner.readsAdvertisingIdentifier,
      requestsAuthorization: requestsAuthorization || inner.requestsAuthorization, declaredTracking: declaredTracking,
      trackingDomains: trackingDomains, sources: sources + [source],
      advertisingIdentifierEvidence: advertisingIdentifierEvidence)
  }

  /// The same profile with only the advertising identifier evidence `isKept` keeps.
  package func keepingEvidence(where isKept: (Evidence) -> Bool) -> TrackingProfile {
    TrackingProfile(
      readsAdvertisingIdentifier: readsAdvertisingIdentifier, requestsAuthorization: requestsAuthorization,
      declaredTracking: declaredTracking, trackingDomains: trackingDomains, sources: sources,
      advertisingIdentifierEvidence: advertisingIdentifierEvidence.filter(isKept))
  }
}
