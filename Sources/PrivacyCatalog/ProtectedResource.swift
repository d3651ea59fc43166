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
  package var evidence: [ResourceEvidence]
  /// Provenance or caveats.
  package var note: String?
  /// Why no binary spelling can show the resource (a key that guards a file-system location,
  /// not an API): such a resource has no evidence and is never reported from a binary.
  package var noBinarySpelling: String?

  /// Creates a resource.
  package init(
    id: String, name: String, kind: Kind = .permission, indicatesTracking: Bool = false,
    infoPlistKeys: [InfoPlistKey], evidence: [ResourceEvidence], note: String? = nil, noBinarySpelling: String? = nil
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.indicatesTracking = indicatesTracking
    self.infoPlistKeys = infoPlistKeys
    self.evidence = evidence
    self.note = note
    self.noBinarySpelling = noBinarySpelling
  }

  /// The keys the app's Info.plist must carry when the resource is requested.
  package var requiredInfoPlistKeys: [String] {
    infoPlistKeys.filter { $0.requirement == .required }.map(\.key)
  }

  /// The keys an extension the request activates must carry in its own Info.plist.
  package var extensionInfoPlistKeys: [String] {
    infoPlistKeys.filter { $0.requirement == .extension }.map(\.key)
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
    evidence = try node.member("evidence").elements().map(ResourceEvidence.init(json:))
    note = try node.optionalMember("note")?.string()
    noBinarySpelling = try node.optionalMember("noBinarySpelling")?.string()
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
    /// Required in the Info.plist of the extension the request activates (a system extension),
    /// not in the app's: never looked for in the app.
    case `extension`
  }

  /// The key, e.g. `NSCameraUsageDescription`.
  package var key: String
  /// How the key relates to the resource.
  package var requirement: Requirement
  /// The platforms Apple documents the key for (`iOS`, `macOS`, `visionOS`, …); empty when unrecorded.
  package var platforms: [String]
  /// What replaces the key when Apple deprecates it (another key, or a few words), else `nil`.
  package var deprecatedBy: String?
  /// Apple's reference page of the key, when recorded.
  package var source: String?
  /// A thread or document showing that App Store Connect mails ITMS-90683 for this key when the
  /// resource's API is merely referenced (a class, no request): then an app that lacks the key
  /// is predicted that email from a reference alone. Without it, only a request predicts it.
  package var mailedOnReference: String?

  /// Creates a key.
  package init(
    key: String, requirement: Requirement = .required, platforms: [String] = [], deprecatedBy: String? = nil,
    source: String? = nil, mailedOnReference: String? = nil
  ) {
    self.key = key
    self.requirement = requirement
    self.platforms = platforms
    self.deprecatedBy = deprecatedBy
    self.source = source
    self.mailedOnReference = mailedOnReference
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

/// One piece of resource evidence: a spelling (with the class it only counts together with, for
/// a selector: `requestAuthorization:` proves a speech request only beside
/// `_OBJC_CLASS_$_SFSpeechRecognizer`) and its strength.
package struct ResourceEvidence: Sendable, Hashable {
  /// What to look for in the binary.
  package var spelling: Spelling
  /// What a match proves.
  package var strength: EvidenceStrength

  /// Creates evidence.
  package init(spelling: Spelling, strength: EvidenceStrength) {
    self.spelling = spelling
    self.strength = strength
  }

  /// The spelling's conditions (`Spelling.onlyWith`).
  package var onlyWith: [String] { spelling.onlyWith }
}

extension ResourceEvidence {
  /// Reads evidence: a spelling's fields (`onlyWith` among them) beside `strength`.
  init(json node: JSONNode) throws(JSONDocumentError) {
    spelling = try Spelling(json: node)
    strength = try EvidenceStrength(json: node.member("strength"))
  }
}

extension InfoPlistKey {
  /// Reads a key; `key` and `requirement` are required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    key = try node.member("key").string()
    requirement = try Requirement(json: node.member("requirement"))
    platforms = try node.optionalMember("platforms")?.strings() ?? []
    deprecatedBy = try node.optionalMember("deprecatedBy")?.string()
    source = try node.optionalMember("source")?.string()
    mailedOnReference = try node.optionalMember("mailedOnReference")?.string()
  }
}
