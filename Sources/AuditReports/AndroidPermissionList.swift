import PrivacyAudit
import PropertyLists

extension TargetReport {
  /// The permissions an Android archive requests, as every report format lists them in the
  /// target's identity: `ACCESS_FINE_LOCATION, WRITE_EXTERNAL_STORAGE (up to API 28)`, platform
  /// permissions without `android.permission.`, each name through `quote` (the format's
  /// escaper); `none` when its manifest requests none, `nil` when there is no manifest to read.
  func androidPermissionList(quote: (String) -> String) -> String? {
    guard let permissions = androidPermissions else { return nil }
    guard !permissions.isEmpty else { return "none" }
    return permissions.map { permission in
      quote(permission.shortName) + (permission.apiLevels.map { " (\($0))" } ?? "")
    }.joined(separator: ", ")
  }
}
