package import AuditModel
import PrivacyAudit
import PrivacyCatalog
import ScanFiles
import TargetDiscovery

/// Writes the human-readable report (`--format text`, the default), laid out for 100 columns.
///
/// Per target: a header line (path and kind), then the verdict (`TargetVerdict`: App Store
/// Connect, what the host app must add, what the target reaches, who it comes from), the app it
/// is embedded in, its package, binaries and manifests, each finding with its severity, rule ID,
/// category, message and aligned evidence lines (`symbol  via  binary(member)[archs]  from
/// library`, one per symbol unless `evidence` is `.full`), then the privacy profile (categories
/// declared/used, permissions, tracking). A summary line closes the report.
package struct TextReporter: Reporter {
  /// Whether ANSI colour escapes are written; the CLI turns this on only for a TTY without
  /// `--no-color` or `NO_COLOR`.
  package var useColor: Bool
  /// One evidence line per symbol (`collapsed`) or per location (`full`).
  package var evidence: EvidenceDetail

  /// Creates a text reporter.
  ///
  /// - Parameters:
  ///   - useColor: Whether to write ANSI colour escapes.
  ///   - evidence: One evidence line per symbol, or per location.
  package init(useColor: Bool, evidence: EvidenceDetail = .collapsed) {
    self.useColor = useColor
    self.evidence = evidence
  }

  /// Column where a target's header values start (after `binary`, `manifest`, `package`).
  private static let headerIndent = 12
  /// Column where a finding's message and evidence start (after the severity label).
  private static let findingIndent = 11
  /// Column where the profile's values start (after its labels).
  private static let profileIndent = 17
  /// Widest a symbol or location column is padded to; longer values overflow their column.
  private static let maximumColumn = 44

  /// Writes `report` as text followed by a newline. Every string taken from the report passes
  /// through `TextEscaping` where it is written (`shown(_:)`), so control characters from scanned
  /// files are shown as escapes, never written raw.
  package func write(_ report: AuditReport, to output: inout some TextOutputStream) {
    let style = TerminalStyle(enabled: useColor)
    // One write per target (a target always has its heading line), so a streaming output never
    // holds the whole report.
    for target in report.targets {
      output.write(targetLines(target, style: style).joined(separator: "\n") + "\n\n")
    }
    for archive in report.archives {
      var lines = ArchiveText.lines(archive)
      lines[0] = style.apply(.bold, lines[0])
      output.write(lines.joined(separator: "\n") + "\n\n")
    }
    if !report.problems.isEmpty {
      let lines = report.problems.map { "  \(shown($0.path.description)): \(shown($0.message))" }
      output.write(([style.apply(.bold, report.problemsHeading)] + lines).joined(separator: "\n") + "\n\n")
    }
    if let policy = report.policy {
      output.write("policy \(shown(policy.path)) applied (SHA-256 \(policy.sha256))\n")
    }
    output.write(style.apply(.bold, report.summaryLine) + "\n")
  }

  private func targetLines(_ target: TargetReport, style: TerminalStyle) -> [String] {
    var lines = [style.apply(.bold, shown(target.path.description)) + "  (\(target.kind.rawValue))"]
    let verdict = TargetVerdict(target)
    let quote = { (text: String) in self.shown(text) }
    let verdictColor: TerminalStyle.Attribute = verdict.appStore.outcome == .willReject ? .red : .bold
    lines += headerLines("App Store", style.apply(verdictColor, verdict.appStoreConnect(quote: quote)))
    if let team = verdict.team { lines += headerLines("team", quote(team)) }
    lines += headerLines(verdict.mustAddLabel, verdict.mustAdd(quote: quote))
    lines += headerLines("reaches", verdict.reaches(quote: quote, plain: quote))
    lines += headerLines("from", verdict.origin(quote: quote, plain: quote))
    if let app = target.embeddedIn {
      lines.append("  in app    " + shown(app.description))
    }
    if let package = target.package {
      lines += headerLines("package", package.summary(name: shown, detail: shown))
    }
    for binary in target.binaries {
      let architectures =
        binary.architectures.isEmpty ? "" : "  " + binary.architectures.map(shown).joined(separator: ", ")
      lines.append("  binary    \(shown(target.shortened(binary.path)))  \(binary.format.rawValue)\(architectures)")
    }
    lines.append("  manifest  " + (target.privacyManifest.map { shown(target.shortened($0)) } ?? "none"))
    lines += target.otherPrivacyManifests.map { "            " + shown(target.shortened($0)) }
    if let permissions = target.androidPermissionList(quote: shown) {
      lines += headerLines("android", "permissions " + permissions)
    }
    lines += target.signatureReceipts.map(ArchiveText.receiptLine)
    lines.append("")
    if target.findings.isEmpty {
      lines.append("  no findings")
    }
    for finding in target.findings {
      lines += findingLines(finding, in: target, style: style)
    }
    lines.append("")
    lines += profileLines(target, style: style)
    return lines
  }

  private func findingLines(_ finding: Finding, in target: TargetReport, style: TerminalStyle) -> [String] {
    let label = TextLayout.padded(finding.severity.rawValue, to: Self.findingIndent - 2)
    let category = finding.category.map { "  " + shown($0) } ?? ""
    let code = finding.appStoreCode.map { "  " + $0.rawValue } ?? ""
    var lines = [
      "  " + style.apply(TerminalStyle.attribute(for: finding.severity), label) + finding.rule.rawValue + category
        + code
    ]
    lines += TextLayout.wrapped(shown(finding.message), indent: Self.findingIndent, hangingIndent: Self.findingIndent)
    if let file = finding.file {
      lines.append(String(repeating: " ", count: Self.findingIndent) + "file: " + shown(target.shortened(file)))
    }
    let rows = EvidenceRow.rows(finding.evidence, in: target, detail: evidence)
    lines += evidenceLines(rows, indent: Self.findingIndent + 2).map { style.apply(.dim, $0) }
    return lines
  }

  /// Evidence as aligned columns (`symbol  via  location  from library`), locations relative
  /// to the target; a column that would pass column 100 moves to a continuation line.
  private func evidenceLines(_ rows: [EvidenceRow], indent: Int) -> [String] {
    let symbols = rows.map { shown($0.first.symbol) }
    let vias = rows.map(\.first.via.rawValue)
    let locations = rows.map { shown($0.location) }
    // A symbol longer than the column overflows it alone; the others are aligned among themselves.
    let symbolWidth = symbols.map(\.count).filter { $0 <= Self.maximumColumn }.max() ?? Self.maximumColumn
    let viaWidth = vias.map(\.count).max() ?? 0
    let locationWidth = min(locations.map(\.count).max() ?? 0, Self.maximumColumn)
    var lines: [String] = []
    for (index, item) in rows.map(\.first).enumerated() {
      var columns = [
        TextLayout.Column(text: symbols[index], width: symbolWidth),
        TextLayout.Column(text: vias[index], width: viaWidth),
        TextLayout.Column(text: locations[index], width: locationWidth),
      ]
      if let library = item.library {
        columns.append(TextLayout.Column(text: "from " + shown(library), width: 0))
      }
      lines += TextLayout.aligned(columns, indent: indent, continuationIndent: indent + 2)
      if let callSites = item.callSites {
        lines += TextLayout.wrapped(
          shown(callSites.sentence { $0 }), indent: indent + 2, hangingIndent: indent + 4)
      }
    }
    return lines
  }

  private func profileLines(_ target: TargetReport, style: TerminalStyle) -> [String] {
    var lines = ["  " + style.apply(.bold, "Privacy profile")]
    let statuses = CategoryStatus.statuses(of: target)
    let names = statuses.map { shown($0.shortName) }
    let nameWidth = names.map(\.count).max() ?? 0
    let categories = zip(statuses, names).map { status, name -> String in
      let verdict: String
      switch (status.declared, status.used) {
      case (false, true) where status.declarationKnown: verdict = style.apply(.red, status.verdict)
      case (true, false): verdict = style.apply(.yellow, status.verdict)
      default: verdict = status.verdict
      }
      return TextLayout.padded(name, to: nameWidth) + "  " + verdict
    }
    lines += labelled("categories", categories.isEmpty ? ["none"] : categories)

    let resources = target.permissions.map { shown($0.resource) }
    let resourceWidth = resources.map(\.count).max() ?? 0
    let strengthWidth = "referenced".count
    let permissions = zip(target.permissions, resources).flatMap { permission, resource -> [String] in
      var columns = [
        TextLayout.Column(text: resource, width: resourceWidth),
        TextLayout.Column(text: permission.strength, width: strengthWidth),
      ]
      let keys = permission.infoPlistKeys.enumerated().map { index, key in
        index == permission.infoPlistKeys.count - 1 ? shown(key) : shown(key) + ","
      }
      columns += keys.map { TextLayout.Column(text: $0, width: 0) }
      if let source = permission.source {
        columns.append(TextLayout.Column(text: "(from \(shown(source)))", width: 0))
      }
      return TextLayout.aligned(columns, indent: 0, continuationIndent: 2, width: TextLayout.width - Self.profileIndent)
    }
    lines += labelled("permissions", permissions.isEmpty ? ["none"] : permissions)

    lines += labelled(
      "tracking",
      TextLayout.wrapped(
        trackingSummary(target.tracking, everyManifestRead: target.readEveryManifest), indent: 0, hangingIndent: 0,
        width: TextLayout.width - Self.profileIndent))
    if !target.commonSDKs.isEmpty {
      let sdks = target.commonSDKs.map { detection in
        let inside = detection.includedIn.map { shown(target.shortened($0)) }.joined(separator: ", ")
        return shown(detection.sdk) + " (\(detection.confidence.rawValue)" + (inside.isEmpty ? ")" : "; in \(inside))")
      }
      lines += labelled("listed SDKs", sdks)
    }
    if !target.hosts.isEmpty {
      lines += labelled("hosts", HostPlaces.of(target).map { shown($0.host) + " (in \(shown($0.places)))" })
    }
    return lines
  }

  /// `  label     value`, the value wrapped under itself at the header's column.
  private func headerLines(_ label: String, _ value: String) -> [String] {
    var wrapped = TextLayout.wrapped(value, indent: Self.headerIndent, hangingIndent: Self.headerIndent)
    wrapped[0] = "  " + TextLayout.padded(label, to: Self.headerIndent - 2) + wrapped[0].dropFirst(Self.headerIndent)
    return wrapped
  }

  /// `yes: reads the advertising identifier; manifest NSPrivacyTracking false; no domains`.
  private func trackingSummary(_ tracking: TrackingProfile, everyManifestRead: Bool) -> String {
    var parts = [(tracking.tracks ? "yes" : "no") + ":"]
    parts += tracking.behaviours.map { $0 + ";" }
    let domains =
      tracking.trackingDomains.isEmpty
      ? "no domains" : "domains " + tracking.trackingDomains.map(shown).joined(separator: ", ")
    parts.append("manifest \(tracking.manifestStatement(everyManifestRead: everyManifestRead)); \(domains)")
    if !tracking.sources.isEmpty {
      parts[parts.count - 1] += ";"
      parts.append("from " + tracking.sources.map(shown).joined(separator: ", "))
    }
    return parts.joined(separator: " ")
  }

  /// `values` under a profile label: the label on the first line, the rest aligned beneath.
  private func labelled(_ label: String, _ values: [String]) -> [String] {
    values.enumerated().map { index, value in
      String(repeating: " ", count: 4)
        + TextLayout.padded(index == 0 ? label : "", to: Self.profileIndent - 4) + value
    }
  }

  /// A string from the report as the text shows it: escaped by `TextEscaping`.
  private func shown(_ text: String) -> String { TextEscaping.escaped(text) }
}
