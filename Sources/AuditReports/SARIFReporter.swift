package import AuditModel
import PrivacyAudit
import PrivacyCatalog
import TargetDiscovery

/// Writes SARIF 2.1.0 (OASIS, errata 01) for code-scanning services.
///
/// One run; `tool.driver.rules` holds one `reportingDescriptor` per `RuleID`, in
/// `RuleID.allCases` order, whether or not it fired, so `ruleIndex` is stable across reports.
/// Each finding is one `result`; its location is the file the finding is about (the manifest
/// or Info.plist) or else the binary of its first evidence, and every piece of evidence is a
/// related location. `Scripts/validate-sarif` checks the output against the published schema.
package struct SARIFReporter: Reporter {
  /// The SARIF version written as `version`.
  package static let sarifVersion = "2.1.0"
  /// The schema URI written as `$schema` (the OASIS 2.1.0 errata 01 schema).
  package static let schemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// sdkvet's version, written as `tool.driver.version`.
  package var toolVersion: String
  /// The project's home page, written as `tool.driver.informationUri` when set.
  package var informationURI: String?
  /// The absolute directory that relative paths in the report are relative to, written as the
  /// `SCANROOT` base's `uri` when set; without it `SCANROOT` is described but left unresolved.
  package var scanRoot: String?

  /// Creates a SARIF reporter.
  ///
  /// - Parameters:
  ///   - toolVersion: sdkvet's version.
  ///   - informationURI: The project's home page, or `nil` to omit `informationUri`.
  ///   - scanRoot: The absolute directory the scan ran in, or `nil` to leave `SCANROOT` unresolved.
  package init(toolVersion: String, informationURI: String? = nil, scanRoot: String? = nil) {
    self.toolVersion = toolVersion
    self.informationURI = informationURI
    self.scanRoot = scanRoot
  }

  /// Writes `report` as one SARIF log followed by a newline.
  package func write(_ report: AuditReport, to output: inout some TextOutputStream) {
    var artifacts = SARIFArtifacts(archives: report.archives)
    let results = report.targets.flatMap { target in
      zip(target.findings, Self.fingerprints(of: target)).map {
        result(for: $0, in: target, fingerprint: $1, artifacts: &artifacts)
      }
    }
    var members: [(key: String, value: JSONValue)] = [
      ("tool", .object([("driver", driver)])),
      ("invocations", .array([Self.invocation(report)])),
      ("originalUriBaseIds", .object([(ArtifactURI.scanRootBase, scanRootLocation)])),
    ]
    if !artifacts.artifacts.isEmpty { members.append(("artifacts", .array(artifacts.artifacts))) }
    members += [
      ("results", .array(results)),
      (
        "properties",
        .object([
          ("profiles", .array(report.targets.map(JSONReporter.profile))),
          ("policy", JSONReporter.policy(report.policy)),
        ])
      ),
    ]
    let run: JSONValue = .object(members)
    let log: JSONValue = .object([
      ("$schema", .string(Self.schemaURI)),
      ("version", .string(Self.sarifVersion)),
      ("runs", .array([run])),
    ])
    log.write(to: &output)
  }

  /// The run's invocation: successful unless a path could not be used (a path the user gave
  /// that does not exist or holds no target, or a path inside the scan that was refused or not
  /// read: `AuditReport.problems`), each of which is an error notification. A code-scanning
  /// service that reads an empty `results` from a successful run closes every open alert; from a
  /// failed one it does not, and what a path not read holds was not audited.
  private static func invocation(_ report: AuditReport) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("executionSuccessful", .bool(report.problems.isEmpty))]
    if !report.problems.isEmpty {
      let notifications = report.problems.map { problem -> JSONValue in
        .object([
          ("level", .string("error")), ("message", message("\(problem.path): \(problem.message)")),
        ])
      }
      members.append(("toolExecutionNotifications", .array(notifications)))
    }
    return .object(members)
  }

  private var driver: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string("sdkvet")), ("version", .string(toolVersion))]
    if let informationURI {
      members.append(("informationUri", .string(informationURI)))
    }
    members.append(("rules", .array(RuleDocumentation.all.map(Self.descriptor))))
    return .object(members)
  }

  private var scanRootLocation: JSONValue {
    let description: (key: String, value: JSONValue) = (
      "description",
      .object([("text", .string("The directory sdkvet scan ran in; report paths are relative to it."))])
    )
    guard let scanRoot else { return .object([description]) }
    return .object([("uri", .string(ArtifactURI.directoryURI(scanRoot))), description])
  }

  private static func descriptor(_ rule: RuleDocumentation) -> JSONValue {
    .object([
      ("id", .string(rule.rule.rawValue)),
      ("name", .string(rule.name)),
      ("shortDescription", text(rule.summary)),
      ("fullDescription", text(rule.summary + " " + rule.detail)),
      (
        "help",
        .object([("text", .string(rule.fixText)), ("markdown", .string(rule.fixMarkdown))])
      ),
      ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
      ("properties", .object([("tags", .strings(["privacy"]))])),
    ])
  }

  /// The key under which each result carries its `FindingKey` fingerprint in
  /// `partialFingerprints`; versioned, so a change of the key's fields gets a new name.
  static let fingerprintKey = "sdkvetFinding/v1"

  /// Each finding's fingerprint: its key's, with `:N` added for the N-th repeat of the same key
  /// in the target (findings that differ only in message text), so every result's is distinct.
  private static func fingerprints(of target: TargetReport) -> [String] {
    var seen: [FindingKey: Int] = [:]
    return target.findings.map { finding in
      let key = FindingKey(finding, target: target.path)
      let repeats = seen[key, default: 0]
      seen[key] = repeats + 1
      return key.fingerprint + (repeats == 0 ? "" : ":\(repeats)")
    }
  }

  private func result(
    for finding: Finding, in target: TargetReport, fingerprint: String, artifacts: inout SARIFArtifacts
  ) -> JSONValue {
    let primaryPath = finding.primaryPath(in: target)
    let primary: JSONValue = .object([
      ("physicalLocation", .object([("artifactLocation", artifacts.location(of: primaryPath))])),
      (
        "logicalLocations",
        .array([.object([("fullyQualifiedName", .path(target.path)), ("kind", .string("module"))])])
      ),
    ])
    var members: [(key: String, value: JSONValue)] = [
      ("ruleId", .string(finding.rule.rawValue)),
      ("ruleIndex", .int(RuleID.allCases.firstIndex(of: finding.rule) ?? 0)),
      ("level", .string(Self.level(finding.severity))),
      ("message", Self.message(finding.message)),
      ("locations", .array([primary])),
    ]
    if !finding.evidence.isEmpty {
      let related = finding.evidence.enumerated().map { index, evidence in
        Self.relatedLocation(index: index, evidence: evidence, at: artifacts.location(of: evidence.binary))
      }
      members.append(("relatedLocations", .array(related)))
    }
    members.append(("partialFingerprints", .object([(Self.fingerprintKey, .string(fingerprint))])))
    members.append(
      (
        "properties",
        .object([
          ("target", .path(target.path)),
          ("targetKind", .string(target.kind.rawValue)),
          ("category", .optional(finding.category)),
          ("evidence", .array(finding.evidence.map(\.json))),
          ("appStoreCode", .optional(finding.appStoreCode?.rawValue)),
          ("package", target.package?.json ?? .null),
        ])
      ))
    return .object(members)
  }

  /// One piece of evidence as a related location: the binary, the member and architecture as a
  /// logical location, and a message naming the symbol.
  private static func relatedLocation(index: Int, evidence: Evidence, at location: JSONValue) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .int(index)),
      ("physicalLocation", .object([("artifactLocation", location)])),
    ]
    if evidence.member != nil || evidence.architecture != nil {
      var logical: [(key: String, value: JSONValue)] = []
      if let member = evidence.member {
        logical.append(("name", .string(member)))
      }
      logical.append(("fullyQualifiedName", .string(evidence.location)))
      logical.append(("kind", .string("module")))
      members.append(("logicalLocations", .array([.object(logical)])))
    }
    let library = evidence.library.map { ", bound to \($0)" } ?? ""
    let callers = evidence.callSites.map { "; " + $0.sentence { $0 } } ?? ""
    members.append(
      ("message", message("\(evidence.symbol) (\(evidence.via.rawValue)) in \(evidence.location)\(library)\(callers)")))
    return .object(members)
  }

  private static func text(_ text: String) -> JSONValue {
    .object([("text", .string(text))])
  }

  /// A result's or notification's `message`: its text names files and symbols from the inputs,
  /// and SARIF reads `[text](N)` in a message as an embedded link (SARIF 2.1.0 §3.11.6), so every
  /// bracket is written `\[` or `\]`, which a viewer shows as the bracket.
  private static func message(_ text: String) -> JSONValue {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else {
      return Self.text(text)
    }
    var escaped = ""
    for character in text {
      if character == "[" || character == "]" { escaped.append("\\") }
      escaped.append(character)
    }
    return Self.text(escaped)
  }

  /// SARIF's `level` for a severity; the names are the same.
  private static func level(_ severity: Severity) -> String { severity.rawValue }
}
