extension Catalog {
  /// The category with this full string, e.g. `NSPrivacyAccessedAPICategoryDiskSpace`.
  /// Short forms (`DiskSpace`) are not categories and return `nil`.
  public func category(_ id: String) -> APICategory? {
    categories.first { $0.id == id }
  }

  /// The reason code spelled exactly `code` (case-sensitive), with the category it belongs to;
  /// `nil` when no category has it.
  public func reason(_ code: String) -> (reason: ReasonCode, category: APICategory)? {
    for category in categories {
      if let reason = category.reasons.first(where: { $0.code == code }) { return (reason, category) }
    }
    return nil
  }

  /// Whether `code` is an approved reason for `category` (the ITMS-91055 check).
  public func isReason(_ code: String, validFor category: String) -> Bool {
    reason(code)?.category.id == category
  }

  /// The API with this identifier.
  public func api(_ id: String) -> RequiredReasonAPI? {
    apis.first { $0.id == id }
  }

  /// The protected resource with this identifier.
  public func resource(_ id: String) -> ProtectedResource? {
    resources.first { $0.id == id }
  }
}
