import AuditModel
import PrivacyCatalog

/// The catalog facts the rules look up, indexed once per audit.
struct CatalogIndex: Sendable {
  let catalog: Catalog
  /// Apple's name of each API by catalog id.
  let apiNames: [String: String]
  /// Resources by catalog id.
  let resources: [String: ProtectedResource]
  /// The full category strings.
  let categories: Set<String>
  /// The Info.plist keys of resources that request App Tracking Transparency.
  let trackingAuthorizationKeys: [String]
  /// Each name and alias of a commonly used SDK, lowercased, with the SDK's name (the first SDK keeps a shared alias).
  let commonSDKNames: [String: String]

  init(catalog: Catalog) {
    self.catalog = catalog
    apiNames = Dictionary(catalog.apis.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    resources = Dictionary(catalog.resources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    categories = Set(catalog.categories.map(\.id))
    trackingAuthorizationKeys = catalog.resources.filter(\.requestsTrackingAuthorization).flatMap(
      \.requiredInfoPlistKeys
    ).sorted()
    commonSDKNames = Dictionary(
      catalog.commonSDKs.flatMap { sdk in sdk.names.map { ($0.lowercased(), sdk.name) } },
      uniquingKeysWith: { first, _ in first })
  }
}

extension ProtectedResource {
  /// Using it reads a tracked value (the advertising identifier) rather than asking the user.
  var readsTrackedValue: Bool { indicatesTracking && kind == .tracking }
  /// Using it asks the user for App Tracking Transparency.
  var requestsTrackingAuthorization: Bool { indicatesTracking && kind == .permission }
  /// The keys a purpose string must be under: the required ones, else those of the extension
  /// the request activates, else all listed.
  var purposeKeys: [String] {
    let required = requiredInfoPlistKeys
    let inExtension = extensionInfoPlistKeys
    return !required.isEmpty ? required : !inExtension.isEmpty ? inExtension : infoPlistKeys.map(\.key)
  }
  /// The required keys App Store Connect is known to mail ITMS-90683 for on a reference alone.
  var keysMailedOnReference: [String] {
    infoPlistKeys.filter { $0.requirement == .required && $0.mailedOnReference != nil }.map(\.key)
  }
}
