import AuditModel

/// An Apple platform as `sdkvet diff --platform` names it: a device platform together with its
/// simulator (`ios` is `ios` and `ios-simulator`), Mac Catalyst on its own. The raw values are
/// the option's values.
public enum PlatformFamily: String, Sendable, Hashable, CaseIterable {
  case ios, maccatalyst, macos, tvos, visionos, watchos

  /// The family of a platform as a report names it (`ios-simulator`, `visionos`, …; see
  /// `BinarySummary.platforms`); `nil` for one outside these families (`driverkit`).
  public init?(reportPlatform: String) {
    let device = reportPlatform.hasSuffix("-simulator") ? String(reportPlatform.dropLast(10)) : reportPlatform
    self.init(rawValue: device)
  }

  /// The family of an xcframework slice from its `LibraryIdentifier` (`ios-arm64_x86_64-simulator`,
  /// `ios-arm64-maccatalyst`, `xros-arm64`); `nil` when the identifier names none.
  public init?(sliceIdentifier: String) {
    let parts = sliceIdentifier.split(separator: "-")
    guard let first = parts.first else { return nil }
    if parts.count > 2, parts.last == "maccatalyst" {
      self = .maccatalyst
    } else {
      self.init(rawValue: first == "xros" ? "visionos" : String(first))
    }
  }
}
