/// Apple's required-reason API lists per category, as the fact sheet
/// (`../shared/reference/privacy-facts.md` §1.2–1.6, "Apple's list" lines) gives them.
///
/// A committed copy, used when the fact sheet is not next to the package; when it is, a test
/// checks that this copy still equals what the fact sheet says.
enum AppleAPIList {
  static let byCategory: [String: [String]] = [
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
      "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
      "getattrlist", "getattrlistbulk", "fgetattrlist", "stat", "fstat", "fstatat", "lstat", "getattrlistat",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time()"],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
      "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
      "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize", "systemSize",
      "statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist", "getattrlistat",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
    "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults"],
  ]
}
