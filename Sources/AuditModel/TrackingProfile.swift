/// Whether a target tracks, by its binaries and by its manifest.
public struct TrackingProfile: Sendable, Hashable {
  /// The advertising identifier is read (`ASIdentifierManager` `advertisingIdentifier`).
  public package(set) var readsAdvertisingIdentifier: Bool
  /// App Tracking Transparency is requested.
  public package(set) var requestsAuthorization: Bool
  /// `NSPrivacyTracking` from the manifest; `nil` when absent.
  public package(set) var declaredTracking: Bool?
  /// `NSPrivacyTrackingDomains` from the manifest.
  public package(set) var trackingDomains: [String]
  /// Embedded SDKs the tracking evidence comes from (app targets).
  public package(set) var sources: [String]
  /// Where the target's own binaries read the advertising identifier (never an embedded SDK's).
  public package(set) var advertisingIdentifierEvidence: [Evidence] = []

  /// Creates a profile.
  package init(
    readsAdvertisingIdentifier: Bool = false, requestsAuthorization: Bool = false, declaredTracking: Bool? = nil,
    trackingDomains: [String] = [], sources: [String] = []
  ) {
    self.readsAdvertisingIdentifier = readsAdvertisingIdentifier
    self.requestsAuthorization = requestsAuthorization
    self.declaredTracking = declaredTracking
    self.trackingDomains = trackingDomains
    self.sources = sources
  }
}
