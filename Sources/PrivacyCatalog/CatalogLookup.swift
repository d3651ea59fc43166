extension Catalog {
  /// The reason code spelled exactly `code` (case-sensitive), with the category it belongs to;
  /// `nil` when no category has it (the manifest rules' ITMS-91055 check compares the category).
  package func reason(_ code: String) -> (reason: ReasonCode, category: APICategory)? {
    for category in categories {
      if let reason = category.reasons.first(where: { $0.code == code }) { return (reason, category) }
    }
    return nil
  }
}
