import JSONDocuments

/// A permission-gated resource (camera, location, contacts, …) or a tracking behaviour
/// (reading the advertising identifier), with the Info.plist keys it needs and the binary
/// evidence that code uses it.
package struct ProtectedResource: Sendable, Hashable {
  /// What kind of resource an entry describes.
  package enum Kind: String, Sendable, Hashable, CatalogEnumeration {
    /// The system asks the user; the app's Info.plist must carry a purpose string.
    case permission
    /// No prompt of its own (the advertising identifier): evidence of tracking, governed by ATT.
    case tracking
  }

  /// A stable identifier, unique in the catalog (e.g. `camera`, `location-always`).
  package var id: String
  /// A human name, e.g. "Location (always)".
  package var name: String
  /// Whether the user is asked, or the entry is tracking evidence only.
  package var kind: Kind
  /// True when using the resource is evidence of tracking (ATT requests, the advertising identifier).
  package var indicatesTracking: Bool
  /// The Info.plist keys involved; empty only for `.tracking` entries.
  package var infoPlistKeys: [InfoPlistKey]
  /// The binary evidence, each item with its strength.
  package var evidence: [Evidence]
  /// Provenance or caveats.
  package var note: String?

  /// Creates a resource.
  package init(
    id: String, name: String, kind: Kind = .permission, indicatesTracking: Bool = false,
    infoPlistKeys: [InfoPlistKey], evidence: [Evidence], note: String? = nil
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.indicatesTracking = indicatesTracking
    self.infoPlistKeys = infoPlistKeys
    self.evidence = evidence
    self.note = note
  }

  /// The keys the app's Info.plist must carry when the resource is requested.
  package var requiredInfoPlistKeys: [String] {
    infoPlistKeys.filter { $0.requirement == .required }.map(\.key)
  }
}

extension ProtectedResource {
  /// Reads a resource; `indicatesTracking` and `note` may be left out.
  init(json node: JSONNode) throws(JSONDocumentError) {
    id = try node.member("id").string()
    name = try node.member("name").string()
    kind = try Kind(json: node.member("kind"))
    indicatesTracking = try node.optionalMember("indicatesTracking")?.bool() ?? false
    infoPlistKeys = try node.member("infoPlistKeys").elements().map(InfoPlistKey.init(json:))
    evidence = try node.member("evidence").elements().map(Evidence.init(json:))
    note = try node.optionalMember("note")?.string()
  }
}

/// An Info.plist key tied to a protected resource.
package struct InfoPlistKey: Sendable, Hashable {
  /// How the key relates to the resource.
  package enum Requirement: String, Sendable, Hashable, CatalogEnumeration {
    /// Must be present whenever the resource is requested (current OS versions).
    case required
    /// A deprecated key still needed for older deployment targets; its absence is not an error.
    case legacy
    /// A companion key some uses need (e.g. `NSBonjourServices`); its absence is not an error.
    case optional
  }

  /// The key, e.g. `NSCameraUsageDescription`.
  package var key: String
  /// How the key relates to the resource.
  package var requirement: Requirement

  /// Creates a key.
  package init(key: String, requirement: Requirement = .required) {
    self.key = key
    self.requirement = requirement
  }
}

/// How much a piece of resource evidence proves.
package enum EvidenceStrength: String, Sendable, Hashable, CatalogEnumeration {
  /// A request selector or function is referenced: the code can trigger the prompt (or, for
  /// tracking entries, reads the tracked value).
  case request
  /// Only a class or a status check is referenced: weaker, shown but not proof of a request.
  case reference
}

/// One piece of resource evidence: a spelling, its strength, and optionally a class it only
/// counts together with (a generic selector such as `requestAuthorization:` proves a speech
/// request only when `_OBJC_CLASS_$_SFSpeechRecognizer` is imported by the same image).
package struct Evidence: Sendable, Hashable {
  /// What to look for in the binary.
  package var spelling: Spelling
  /// What a match proves.
  package var strength: EvidenceStrength
  /// Exact imported symbol names of which at least one must be present in the same image for
  /// this evidence to count; empty when it counts on its own.
  package var onlyWith: [String]

  /// Creates evidence.
  package init(spelling: Spelling, strength: EvidenceStrength, onlyWith: [String] = []) {
    self.spelling = spelling
    self.strength = strength
    self.onlyWith = onlyWith
  }
}

extension Evidence {
  /// Reads evidence: a spelling's fields beside `strength` and, when given, `onlyWith`.
  init(json node: JSONNode) throws(JSONDocumentError) {
    spelling = try Spelling(json: node)
    strength = try EvidenceStrength(json: node.member("strength"))
    onlyWith = try node.optionalMember("onlyWith")?.strings() ?? []
  }
}

extension InfoPlistKey {
  /// Reads a key; both fields are required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    key = try node.member("key").string()
    requirement = try Requirement(json: node.member("requirement"))
  }
}
