import AuditModel
public import PrivacyAudit

/// Writes `sdkvet diff`'s report in text, JSON (`Docs/REPORT-FORMATS.md`, "Diff") or Markdown
/// for a pull-request comment. Every value from the inputs is escaped by its format's escaper
/// where it is written.
public struct DiffReporter: Sendable {
  /// The output formats of `sdkvet diff --format`.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    case text, json, markdown
  }

  /// The diff JSON's schema version, raised under the same policy as the scan report's.
  public static let schemaVersion = 1

  /// The format written.
  public var format: Format
  /// sdkvet's version, written into JSON and Markdown.
  public var toolVersion: String

  /// Creates a reporter.
  public init(format: Format, toolVersion: String) {
    self.format = format
    self.toolVersion = toolVersion
  }

  /// Writes the diff of `old` and `new` (the inputs as named on the command line).
  public func write(_ diff: ReportDiff, old: String, new: String, to output: inout some TextOutputStream) {
    switch format {
    case .text: output.write(text(diff))
    case .json: json(diff, old: old, new: new).write(to: &output)
    case .markdown: output.write(markdown(diff, old: old, new: new))
    }
  }

  /// One line: how many targets changed, what was added (by severity) and removed.
  static func summary(_ diff: ReportDiff) -> String {
    let changes = diff.allChanges
    let added = changes.filter { $0.direction == .added }
    let removed = changes.filter { $0.direction == .removed }.count
    let notComparable = changes.count - added.count - removed
    let bySeverity = Severity.allCases.reversed().compactMap { severity -> String? in
      let count = added.filter { $0.severity == severity }.count
      return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    let targets = diff.targets.count
    let problems = diff.problems.count
    return "\(targets) target\(targets == 1 ? "" : "s") changed: \(added.count) added"
      + (bySeverity.isEmpty ? "" : " (\(bySeverity.joined(separator: ", ")))")
      + ", \(removed) removed"
      + (notComparable == 0 ? "" : ", \(notComparable) not comparable")
      + (problems == 0 ? "" : "; \(problems) problem\(problems == 1 ? "" : "s") while scanning")
      + "."
  }

  /// `problem in the new version: PATH: MESSAGE`.
  static func problemLine(_ problem: ReportDiff.Problem, quote: (String) -> String) -> String {
    "problem in the \(problem.version.rawValue) version: \(quote(problem.path)): \(quote(problem.message))"
  }

  /// The item as one phrase: `category api` for an API (`category reason` for a reason), else the value.
  static func phrase(_ item: DiffItem) -> String {
    item.category.map { "\($0) \(item.value)" } ?? item.value
  }

  /// The change's item as a reviewer decides from it: the phrase, a slice's counts, the slices
  /// it is in (unless its value names its slice), and for a category or API whether the new
  /// manifest declares it: `UserDefaults in ios-arm64, macos-arm64; declared in the new manifest`.
  static func description(_ change: DiffChange) -> String {
    let item = change.item
    var text = phrase(item) + (item.detail.map { ": \($0)" } ?? "")
    if !item.slices.isEmpty, !change.aspect.namesItsSlice {
      text += " in " + item.slices.joined(separator: ", ")
    }
    switch change.declaredInNewVersion {
    case true?: text += "; declared in the new manifest"
    case false?: text += "; NOT declared in the new manifest"
    case nil: break
    }
    return text
  }

  /// The target's heading: its name, and where it was and is.
  static func paths(_ target: TargetDiff) -> String {
    switch (target.oldPath, target.newPath) {
    case (let old?, let new?): "\(old) → \(new)"
    case (let old?, nil): "gone: \(old)"
    case (nil, let new?): "new: \(new)"
    case (nil, nil): ""
    }
  }

  private func text(_ diff: ReportDiff) -> String {
    let problems = diff.problems.map { Self.problemLine($0, quote: TextEscaping.escaped) + "\n" }.joined()
    guard !diff.targets.isEmpty else { return problems + "No changes.\n" }
    var text = problems.isEmpty ? "" : problems + "\n"
    let aspectWidth = DiffAspect.allCases.map(\.rawValue.count).max() ?? 0
    for target in diff.targets {
      text += "\(TextEscaping.escaped(target.name))  (\(TextEscaping.escaped(Self.paths(target))))\n"
      for change in target.changes {
        let sign =
          switch change.direction {
          case .added: "+"
          case .removed: "-"
          case .notComparable: "?"
          }
        let severity = TextLayout.padded(change.severity.rawValue, to: 8)
        let aspect = TextLayout.padded(change.aspect.rawValue, to: aspectWidth + 2)
        let symbols = change.item.symbols.isEmpty ? "" : "  [\(change.item.symbols.joined(separator: ", "))]"
        text += "  \(sign) \(severity)\(aspect)\(TextEscaping.escaped(Self.description(change) + symbols))\n"
      }
      text += "\n"
    }
    return text + Self.summary(diff) + "\n"
  }

  private func json(_ diff: ReportDiff, old: String, new: String) -> JSONValue {
    let changes = diff.allChanges
    let targets: [JSONValue] = diff.targets.map { target in
      .object([
        ("name", .string(target.name)),
        ("bundleIdentifier", .optional(target.bundleIdentifier)),
        ("oldPath", .optionalPath(target.oldPath)),
        ("newPath", .optionalPath(target.newPath)),
        (
          "changes",
          .array(
            target.changes.map { change in
              .object([
                ("change", .string(change.direction.rawValue)),
                ("aspect", .string(change.aspect.rawValue)),
                ("severity", .string(change.severity.rawValue)),
                ("category", .optional(change.item.category)),
                ("value", .string(change.item.value)),
                ("symbols", .strings(change.item.symbols)),
                ("slices", .strings(change.item.slices)),
                ("detail", .optional(change.item.detail)),
                ("declared", change.declaredInNewVersion.map(JSONValue.bool) ?? .null),
              ])
            })
        ),
      ])
    }
    var summary: [(key: String, value: JSONValue)] = [
      ("targets", .int(diff.targets.count)),
      ("added", .int(changes.filter { $0.direction == .added }.count)),
      ("removed", .int(changes.filter { $0.direction == .removed }.count)),
      ("notComparable", .int(changes.filter { $0.direction == .notComparable }.count)),
      ("problems", .int(diff.problems.count)),
    ]
    for severity in Severity.allCases.reversed() {
      summary.append(("\(severity.rawValue)s", .int(changes.filter { $0.severity == severity }.count)))
    }
    return .object([
      ("schemaVersion", .int(Self.schemaVersion)),
      ("tool", .object([("name", .string("sdkvet")), ("version", .string(toolVersion))])),
      ("old", .string(old)),
      ("new", .string(new)),
      ("targets", .array(targets)),
      (
        "problems",
        .array(
          diff.problems.map {
            .object([
              ("version", .string($0.version.rawValue)), ("path", .string($0.path)), ("message", .string($0.message)),
            ])
          })
      ),
      ("summary", .object(summary)),
    ])
  }

  /// The Markdown table's words for each direction.
  private static let markdownDirection: [DiffChange.Direction: String] = [
    .added: "➕ added", .removed: "➖ removed", .notComparable: "❔ not comparable",
  ]

  private func markdown(_ diff: ReportDiff, old: String, new: String) -> String {
    var text =
      "## sdkvet diff: \(MarkdownEscaping.code(old, inTable: false)) → \(MarkdownEscaping.code(new, inTable: false))\n\n"
    text += diff.problems.map { "- " + Self.problemLine($0) { MarkdownEscaping.code($0, inTable: false) } + "\n" }
      .joined()
    guard !diff.targets.isEmpty else { return text + (diff.problems.isEmpty ? "" : "\n") + "No changes.\n" }
    text += (diff.problems.isEmpty ? "" : "\n") + "**\(Self.summary(diff))**\n"
    for target in diff.targets {
      text += "\n### \(MarkdownEscaping.text(target.name))\n\n\(MarkdownEscaping.text(Self.paths(target)))\n\n"
      text += MarkdownEscaping.row(["Change", "Severity", "Aspect", "Item", "Evidence"]) + "\n"
      text += MarkdownEscaping.row(Array(repeating: "---", count: 5)) + "\n"
      for change in target.changes {
        let evidence = change.item.symbols.map { MarkdownEscaping.code($0, inTable: true) }.joined(separator: ", ")
        text +=
          MarkdownEscaping.row([
            Self.markdownDirection[change.direction] ?? "", change.severity.rawValue, change.aspect.rawValue,
            MarkdownEscaping.code(Self.description(change), inTable: true), evidence,
          ]) + "\n"
      }
    }
    return text + "\n<sub>sdkvet \(MarkdownEscaping.text(toolVersion))</sub>\n"
  }
}
