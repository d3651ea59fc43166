/// The misspelt top-level manifest keys the parser tests and the MisspeltKit sample share, each
/// with the key a "did you mean" must name.
package enum MisspeltManifestKeys {
  /// `(misspelt, meant)`.
  package static let answered = [
    ("NSPrivacyAccesedAPITypes", "NSPrivacyAccessedAPITypes"), ("NSPrivacyTrackingDomain", "NSPrivacyTrackingDomains"),
  ]

  /// The misspellings of `answered` no message in `messages` answers with the key meant.
  package static func unanswered(in messages: [String]) -> [String] {
    answered.filter { misspelt, meant in
      !messages.contains { $0.contains("`\(misspelt)`") && $0.contains("did you mean \(meant)?") }
    }.map(\.0)
  }
}
