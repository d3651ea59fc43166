extension Catalog {
  /// A required-reason category without Apple's `NSPrivacyAccessedAPICategory` prefix
  /// (`FileTimestamp`), the one short name every view shows; a string without the prefix (an
  /// unknown or already shortened category) is returned whole.
  package static func shortCategoryName(_ category: String) -> String {
    category.hasPrefix(categoryPrefix) && category.count > categoryPrefix.count
      ? String(category.dropFirst(categoryPrefix.count)) : category
  }
}
