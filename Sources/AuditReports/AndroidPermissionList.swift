import AuditModel
import PrivacyAudit
import PropertyLists

extension [AndroidPermission] {
  /// The permissions as every report format lists them: `ACCESS_FINE_LOCATION,
  /// WRITE_EXTERNAL_STORAGE (up to API 28)`, platform permissions without `android.permission.`,
  /// each name through `quote` (the format's escaper); `none` when there are none.
  func listed(quote: (String) -> String) -> String {
    guard !isEmpty else { return "none" }
    return map { permission in
      quote(permission.shortName) + (permission.apiLevels.map { " (\($0))" } ?? "")
    }.joined(separator: ", ")
  }
}

extension TargetReport {
  /// The permissions an Android archive requests, as the scan's formats list them in the
  /// target's identity (`[AndroidPermission].listed(quote:)`); `nil` when there is no manifest to read.
  func androidPermissionList(quote: (String) -> String) -> String? {
    androidPermissions?.listed(quote: quote)
  }
}
