package import PrivacyCatalog

/// Renders the privacy catalog as Markdown for `sdkvet catalog --format markdown`: one section per
/// required-reason category (its APIs with every binary spelling, then its reason codes), the
/// advisory spellings apart, and one section per protected resource (keys, then evidence).
package enum CatalogMarkdown {
  /// Writes `catalog` as Markdown to `output`.
  package static func write(_ catalog: Catalog, to output: inout some TextOutputStream) {
    output.write("# Privacy catalog\n\n")
    output.write("Schema version \(catalog.schemaVersion)")
    if let asOf = catalog.asOf { output.write(", data as of \(escaped(asOf))") }
    output.write(". \(catalog.apis.count) APIs, \(catalog.resources.count) protected resources.\n")
    writeSources(catalog.sources, to: &output)
    output.write("\n## Required-reason API categories\n")
    for category in catalog.categories {
      writeCategory(category, apis: catalog.apis.filter { $0.categories.contains(category.id) }, to: &output)
    }
    output.write("\n## Protected resources\n")
    for resource in catalog.resources {
      writeResource(resource, to: &output)
    }
    guard !catalog.commonSDKs.isEmpty else { return }
    output.write("\n## Commonly used SDKs (ITMS-91061)\n\n")
    writeTable(
      header: ["SDK", "Aliases", "Documented classes", "Documented symbols", "Swift modules"],
      rows: catalog.commonSDKs.map { sdk in
        [escaped(sdk.name)]
          + [sdk.aliases, sdk.classes, sdk.symbols, sdk.swiftModules].map { $0.map(code).joined(separator: ", ") }
      }, to: &output)
  }

  private static func writeSources(_ sources: [CatalogSource], to output: inout some TextOutputStream) {
    guard !sources.isEmpty else { return }
    output.write("\nSources:\n\n")
    for source in sources {
      output.write("- [\(escaped(source.title))](\(MarkdownEscaping.linkDestination(source.url)))\n")
    }
  }

  private static func writeCategory(
    _ category: APICategory, apis: [RequiredReasonAPI], to output: inout some TextOutputStream
  ) {
    output.write("\n### \(escaped(category.title)): \(MarkdownEscaping.code(category.id, inTable: false))\n\n")
    let listed = apis.filter { !$0.advisory }
    writeTable(
      header: ["API", "Spellings", "Advisory spellings"],
      rows: listed.map { api in
        [
          code(api.name), spellingList(api.spellings.filter { !$0.advisory }),
          spellingList(api.spellings.filter(\.advisory)),
        ]
      }, to: &output)
    let unlisted = apis.filter(\.advisory)
    if !unlisted.isEmpty {
      output.write("\nNot on Apple's list (advisory, never counted as a use):\n\n")
      writeTable(
        header: ["Analogue", "Spellings", "Note"],
        rows: unlisted.map { [code($0.name), spellingList($0.spellings), escaped($0.note ?? "")] }, to: &output)
    }
    output.write("\nReason codes:\n\n")
    writeTable(
      header: ["Code", "Who may declare it", "Allows"],
      rows: category.reasons.map { [code($0.code), eligibility($0), escaped($0.summary)] }, to: &output)
  }

  private static func writeResource(_ resource: ProtectedResource, to output: inout some TextOutputStream) {
    output.write(
      "\n### \(MarkdownEscaping.text(resource.name)) (\(MarkdownEscaping.code(resource.id, inTable: false)))\n\n")
    if resource.indicatesTracking { output.write("Evidence of tracking.\n\n") }
    if resource.infoPlistKeys.isEmpty {
      output.write("Info.plist keys: none of its own.\n\n")
    } else {
      writeTable(
        header: ["Info.plist key", "Requirement", "Platforms", "Deprecated by", "Source", "Mailed on a reference"],
        rows: resource.infoPlistKeys.map { key in
          [
            code(key.key), key.requirement.rawValue, escaped(key.platforms.joined(separator: ", ")),
            escaped(key.deprecatedBy ?? ""), escaped(key.source ?? ""), escaped(key.mailedOnReference ?? ""),
          ]
        }, to: &output)
      output.write("\n")
    }
    if let note = resource.note { output.write("\(escaped(note))\n\n") }
    if let reason = resource.noBinarySpelling {
      output.write("No binary spelling: \(escaped(reason))\n")
      return
    }
    writeTable(
      header: ["Evidence", "Kind", "Strength", "Counts only with", "Source"],
      rows: resource.evidence.map { evidence in
        [
          code(evidence.spelling.name), evidence.spelling.kind.rawValue, evidence.strength.rawValue,
          evidence.onlyWith.map(code).joined(separator: ", "), escaped(evidence.spelling.source ?? ""),
        ]
      }, to: &output)
  }

  private static func writeTable(header: [String], rows: [[String]], to output: inout some TextOutputStream) {
    output.write(MarkdownEscaping.row(header) + "\n")
    output.write("|" + String(repeating: "---|", count: header.count) + "\n")
    for row in rows {
      output.write(MarkdownEscaping.row(row) + "\n")
    }
  }

  private static func spellingList(_ spellings: [Spelling]) -> String {
    spellings.map { spelling in
      let suffix = spelling.kind == .swiftPrefix ? "…" : ""
      let format = spelling.format.map { $0 == .elf ? " (ELF)" : " (Mach-O)" } ?? ""
      let classes =
        spelling.onlyWith.isEmpty ? "" : " with " + spelling.onlyWith.map(code).joined(separator: " or ")
      return MarkdownEscaping.code(spelling.name + suffix, inTable: true) + format + classes
    }.joined(separator: "<br>")
  }

  private static func eligibility(_ reason: ReasonCode) -> String {
    switch reason.usableBy {
    case .appOrSDK: return "apps and SDKs"
    case .sdkOnly: return "SDKs only"
    case .appKindRestricted:
      switch reason.appKind {
      case .customKeyboard: return "custom-keyboard apps only"
      case .healthResearch: return "health-research apps only"
      case nil: return "one kind of app only"
      }
    }
  }

  private static func code(_ text: String) -> String { MarkdownEscaping.code(text, inTable: true) }

  private static func escaped(_ text: String) -> String { MarkdownEscaping.text(text) }
}
