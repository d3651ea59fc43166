import JSONDocuments

/// The keys of the JSON report of `scan --format json` (`Docs/REPORT-FORMATS.md`), spelled once:
/// the writer (`JSONReporter`, with the evidence and package members it shares) and the readers
/// of a saved report (`Baseline`, `TargetProfile`) name a key only through this.
enum ReportKey: String {
  // The document.
  case schemaVersion, tool, targets, archives, problems, policy, baseline, summary
  // A target.
  case path, kind, bundleIdentifier, embeddedIn, binaries, privacyManifest, otherPrivacyManifests
  case usedCategories, declaredCategories, declaredReasons, apiUses, findings, permissions, androidPermissions
  case tracking, signatureReceipts, signature, package, commonSDKs, hosts
  // The App Store verdict and the team's review of a target.
  case appStoreVerdict, outcome, rejections, code, triggers, unknownBecause
  case teamReview, inBaseline, acceptedByPolicy, turnedOffByPolicy, reason, expires
  // A binary.
  case format, architectures, platforms, linkedLibraries, rpaths
  // A finding.
  case rule, severity, category, subjectKind, message, file, evidence, appStoreCode
  // Evidence, and an API use (`category`, `api` beside the evidence's members).
  case api, symbol, via, binary, architecture, member, library
  case callSites, callSiteCount, callerCount, notCalled, function, address, count, demangled
  // A permission.
  case resource, infoPlistKeys, requested, source
  // An Android permission.
  case maxSdkVersion, onlyFromSdk23
  // Tracking.
  case tracks, readsAdvertisingIdentifier, requestsAuthorization, declaredTracking, trackingDomains, sources
  // A commonly used SDK.
  case sdk, confidence, includedIn
  // A package record.
  case manager, name, version, branch, revision, artifactURL, checksum
  // A host, the applied policy and baseline, the summary.
  case host, sha256, leftOut, errors, warnings, notes, rules, packages
  // A problem (a path not read).
  case unusableInput
  // The signature of a target (`SignatureJSON`), as far as a saved report is read back.
  case signer
}

extension JSONValue {
  /// An object of the JSON report, its members in this order.
  static func report(_ members: [(key: ReportKey, value: JSONValue)]) -> JSONValue {
    .object(ReportKey.members(members))
  }
}

extension ReportKey {
  /// `members` with their keys spelled out, for a list other members are added to.
  static func members(_ members: [(key: ReportKey, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
    members.map { ($0.key.rawValue, $0.value) }
  }
}

extension JSONWriter {
  /// Writes a key of the JSON report; its value is written next.
  mutating func key(_ key: ReportKey) {
    self.key(key.rawValue)
  }
}

extension JSONNode {
  /// The member `key` of a report's object, which must be there (it may be `null`).
  func member(_ key: ReportKey) throws(JSONDocumentError) -> JSONNode {
    try member(key.rawValue)
  }

  /// The member `key` of a report's object; `nil` when it is absent or `null`.
  func optionalMember(_ key: ReportKey) throws(JSONDocumentError) -> JSONNode? {
    try optionalMember(key.rawValue)
  }

  /// The value of a string enumeration (a rule, a kind, a code), refused when this sdkvet does
  /// not know it.
  func value<Value: RawRepresentable>(_ type: Value.Type) throws(JSONDocumentError) -> Value
  where Value.RawValue == String {
    let text = try string()
    guard let value = Value(rawValue: text) else { throw error("unknown value '\(text)'") }
    return value
  }
}
