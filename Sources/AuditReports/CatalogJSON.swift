package import PrivacyCatalog

/// Renders the privacy catalog as JSON for `sdkvet catalog --format json`: the catalog file format
/// itself (`Docs/CATALOG.md`), so the output can be saved, extended and passed back with
/// `--catalog`.
///
/// Keys are in schema order, entries in catalog order, and optional fields that hold their
/// default (`advisory` false, no `note`) are left out, as in `Resources/catalog.json`; the same
/// catalog always yields the same bytes.
package enum CatalogJSON {
  /// Writes `catalog` as one JSON document followed by a newline.
  package static func write(_ catalog: Catalog, to output: inout some TextOutputStream) {
    var members: [(key: String, value: JSONValue)] = [("schemaVersion", .int(catalog.schemaVersion))]
    if let asOf = catalog.asOf { members.append(("asOf", .string(asOf))) }
    members += [
      ("sources", .array(catalog.sources.map { .object([("title", .string($0.title)), ("url", .string($0.url))]) })),
      ("categories", .array(catalog.categories.map(category))),
      ("apis", .array(catalog.apis.map(api))),
      ("resources", .array(catalog.resources.map(resource))),
      ("commonSDKs", .array(catalog.commonSDKs.map(commonSDK))),
      (
        "trackingHosts",
        .array(catalog.trackingHosts.map { .object([("domain", .string($0.domain)), ("owner", .string($0.owner))]) })
      ),
      ("collectedDataHints", .array(catalog.collectedDataHints.map(collectedDataHint))),
    ]
    JSONValue.object(members).write(to: &output)
  }

  private static func collectedDataHint(_ hint: CollectedDataHint) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("resource", .string(hint.resource)), ("dataTypes", .strings(hint.dataTypes)),
    ]
    if hint.answeredByTracking { members.append(("answeredByTracking", .bool(true))) }
    members.append(("source", .string(hint.source)))
    return .object(members)
  }

  private static func category(_ category: APICategory) -> JSONValue {
    .object([
      ("id", .string(category.id)),
      ("title", .string(category.title)),
      (
        "reasons",
        .array(
          category.reasons.map { reason in
            var members: [(key: String, value: JSONValue)] = [
              ("code", .string(reason.code)), ("summary", .string(reason.summary)),
              ("usableBy", .string(reason.usableBy.rawValue)),
            ]
            if let appKind = reason.appKind { members.append(("appKind", .string(appKind.rawValue))) }
            return .object(members)
          })
      ),
    ])
  }

  private static func api(_ api: RequiredReasonAPI) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(api.id)), ("name", .string(api.name)), ("categories", .strings(api.categories)),
    ]
    if api.advisory { members.append(("advisory", .bool(true))) }
    if let note = api.note { members.append(("note", .string(note))) }
    members.append(("spellings", .array(api.spellings.map { .object(spellingMembers($0)) })))
    return .object(members)
  }

  private static func resource(_ resource: ProtectedResource) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(resource.id)), ("name", .string(resource.name)), ("kind", .string(resource.kind.rawValue)),
    ]
    if resource.indicatesTracking { members.append(("indicatesTracking", .bool(true))) }
    members += [
      (
        "infoPlistKeys",
        .array(
          resource.infoPlistKeys.map(infoPlistKey))
      ),
      ("evidence", .array(resource.evidence.map(evidence))),
    ]
    if let note = resource.note { members.append(("note", .string(note))) }
    if let reason = resource.noBinarySpelling { members.append(("noBinarySpelling", .string(reason))) }
    return .object(members)
  }

  /// A key; empty platforms and absent facts are left out.
  private static func infoPlistKey(_ key: InfoPlistKey) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("key", .string(key.key)), ("requirement", .string(key.requirement.rawValue)),
    ]
    if !key.platforms.isEmpty { members.append(("platforms", .strings(key.platforms))) }
    for (name, value) in [
      ("deprecatedBy", key.deprecatedBy), ("source", key.source), ("mailedOnReference", key.mailedOnReference),
    ] {
      if let value { members.append((name, .string(value))) }
    }
    return .object(members)
  }

  /// A commonly used SDK; empty lists and a missing note are left out.
  private static func commonSDK(_ sdk: CommonSDK) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(sdk.name))]
    for (key, values) in [("aliases", sdk.aliases), ("classes", sdk.classes)] where !values.isEmpty {
      members.append((key, .strings(values)))
    }
    if let source = sdk.classesSource { members.append(("classesSource", .string(source))) }
    if !sdk.symbols.isEmpty { members.append(("symbols", .strings(sdk.symbols))) }
    if let source = sdk.symbolsSource { members.append(("symbolsSource", .string(source))) }
    if !sdk.swiftModules.isEmpty { members.append(("swiftModules", .strings(sdk.swiftModules))) }
    if let note = sdk.note { members.append(("note", .string(note))) }
    return .object(members)
  }

  /// Evidence is one flat object: the spelling's fields, then `strength`.
  private static func evidence(_ evidence: ResourceEvidence) -> JSONValue {
    var members = spellingMembers(evidence.spelling)
    members.append(("strength", .string(evidence.strength.rawValue)))
    return .object(members)
  }

  private static func spellingMembers(_ spelling: Spelling) -> [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(spelling.name)), ("kind", .string(spelling.kind.rawValue)),
    ]
    if let format = spelling.format { members.append(("format", .string(format.rawValue))) }
    if spelling.advisory { members.append(("advisory", .bool(true))) }
    if let note = spelling.note { members.append(("note", .string(note))) }
    if !spelling.onlyWith.isEmpty { members.append(("onlyWith", .strings(spelling.onlyWith))) }
    if let source = spelling.source { members.append(("source", .string(source))) }
    return members
  }
}
