package import AuditModel
import BinaryImage
import Dispatch
import PackageProvenance
import PrivacyAudit
import PropertyLists
import ScanFiles
import Synchronization
import TargetDiscovery

/// Writes the versioned JSON document of `Docs/REPORT-FORMATS.md` (`schemaVersion` 1).
///
/// The document is written with keys in schema order (not alphabetical), one target at a time,
/// by a hand-written writer, so the bytes are stable across runs and platforms. Every
/// optional field is present, as `null` when it has no value, so consumers never need to
/// distinguish "absent" from "null".
package struct JSONReporter: Reporter {
  /// The schema version written as `schemaVersion`; raised only when a field is removed,
  /// renamed or changes type (adding fields keeps the version).
  package static let schemaVersion = 1

  /// sdkvet's version, written as `tool.version`.
  package var toolVersion: String

  /// Creates a JSON reporter.
  ///
  /// - Parameter toolVersion: sdkvet's version, written as `tool.version`.
  package init(toolVersion: String) {
    self.toolVersion = toolVersion
  }

  /// Writes `report` as one pretty-printed JSON object followed by a newline.
  ///
  /// Each target is built as a `JSONValue` and written alone, those of a batch on every core
  /// (`fragments(_:depth:)`), and the bytes go out in chunks: a scan of many targets never holds
  /// its whole document.
  package func write(_ report: AuditReport, to output: inout some TextOutputStream) {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key(.schemaVersion)
    writer.int(Self.schemaVersion)
    writer.key(.tool)
    JSONValue.report([(.name, .string("sdkvet")), (.version, .string(toolVersion))]).write(to: &writer)
    writer.key(.targets)
    writer.beginArray()
    var start = 0
    while start < report.targets.count {
      let batch = report.targets[start..<min(report.targets.count, start + Self.targetBatch)]
      for fragment in Self.fragments(batch, depth: writer.depth) {
        writer.fragment(fragment)
        writer.handOn(to: &output)
      }
      start += batch.count
    }
    writer.endArray()
    writer.key(.archives)
    JSONValue.array(report.archives.map(\.json)).write(to: &writer)
    writer.key(.problems)
    JSONValue.array(report.problems.map(Self.problem)).write(to: &writer)
    writer.key(.policy)
    Self.policy(report.policy).write(to: &writer)
    writer.key(.baseline)
    Self.baseline(report.baseline).write(to: &writer)
    writer.key(.summary)
    Self.summary(of: report).write(to: &writer)
    writer.endObject()
    writer.finishDocument(to: &output)
  }

  /// Targets rendered at once: enough to keep every core busy, few enough that the text held
  /// is a few targets', not the report's.
  private static let targetBatch = 64

  /// Each of `targets` as the bytes a `JSONWriter` created at `depth` writes for it, rendered on
  /// every core, in order: the bytes the report's own writer would have written at that depth.
  /// Rendering a target (building its `JSONValue` and escaping its strings) is most of the
  /// report's writing, which otherwise runs on one core after the scan is done.
  private static func fragments(_ targets: ArraySlice<TargetReport>, depth: Int) -> [[UInt8]] {
    let rendered = Mutex([[UInt8]](repeating: [], count: targets.count))
    DispatchQueue.concurrentPerform(iterations: targets.count) { offset in
      var writer = JSONWriter(depth: depth)
      target(targets[targets.startIndex + offset]).write(to: &writer)
      let bytes = writer.takeBytes()
      rendered.withLock { $0[offset] = bytes }
    }
    return rendered.withLock { $0 }
  }

  /// The applied policy file, `null` when none was applied.
  static func policy(_ policy: AppliedPolicy?) -> JSONValue {
    policy.map { .report([(.path, .string($0.path)), (.sha256, .string($0.sha256))]) } ?? .null
  }

  /// The applied baseline and how many of the scan's findings it left out, `null` when none was.
  static func baseline(_ baseline: AppliedBaseline?) -> JSONValue {
    baseline.map { .report([(.path, .string($0.path)), (.leftOut, .int($0.leftOut))]) } ?? .null
  }

  /// A path discovery could not use: what the report cannot speak for.
  private static func problem(_ problem: DiscoveryProblem) -> JSONValue {
    .report([
      (.path, .string(problem.path.description)), (.message, .string(problem.message)),
      (.unusableInput, .bool(problem.isUnusableInput)),
    ])
  }

  private static func target(_ target: TargetReport) -> JSONValue {
    .report([
      (.path, .path(target.path)),
      (.kind, .string(target.kind.rawValue)),
      (.bundleIdentifier, .optional(target.bundleIdentifier)),
      (.embeddedIn, .optionalPath(target.embeddedIn)),
      (.appStoreVerdict, verdict(target.appStoreVerdict)),
      (.teamReview, teamReview(target.teamReview)),
      (.binaries, .array(target.binaries.map(binary))),
      (.privacyManifest, .optionalPath(target.privacyManifest)),
      (.otherPrivacyManifests, .paths(target.otherPrivacyManifests)),
      (.usedCategories, .strings(target.usedCategories)),
      (.declaredCategories, .strings(target.declaredCategories)),
      (
        .declaredReasons,
        .object(target.declaredReasons.sorted { $0.key < $1.key }.map { ($0.key, .strings($0.value)) })
      ),
      (.apiUses, .array(target.apiUses.map(apiUse))),
      (.findings, .array(target.findings.map(finding))),
      (.permissions, .array(target.permissions.map(permission))),
      (.androidPermissions, target.androidPermissions.map { .array($0.map(androidPermission)) } ?? .null),
      (.tracking, tracking(target.tracking)),
      (.signatureReceipts, .array(target.signatureReceipts.map(\.json))),
      (.signature, target.signature.map(JSONValue.signature) ?? .null),
      (.package, target.package?.json ?? .null),
      (.commonSDKs, .array(target.commonSDKs.map(detection))),
      (
        .hosts,
        .array(target.hosts.map { .report([(.host, .string($0.host)), (.binary, .path($0.binary))]) })
      ),
    ])
  }

  /// The App Store verdict: the outcome, the codes with what triggers each, the rules that leave
  /// it open, the warnings left to review.
  static func verdict(_ verdict: AppStoreVerdict) -> JSONValue {
    .report([
      (.outcome, .string(verdict.outcome.rawValue)),
      (
        .rejections,
        .array(
          verdict.rejections.map { .report([(.code, .string($0.code.rawValue)), (.triggers, .strings($0.triggers))]) })
      ),
      (.unknownBecause, .strings(verdict.unknownBecause.map(\.rawValue))),
      (.warnings, .int(verdict.warnings)),
    ])
  }

  /// What the policy and the baseline left out of the target's findings.
  static func teamReview(_ review: TeamReview) -> JSONValue {
    .report([
      (.inBaseline, .int(review.inBaseline)),
      (
        .acceptedByPolicy,
        .array(
          review.acceptedByPolicy.map {
            .report([
              (.rule, .string($0.rule.rawValue)), (.category, .optional($0.category)), (.reason, .string($0.reason)),
              (.expires, .optional($0.expires)),
            ])
          })
      ),
      (.turnedOffByPolicy, .int(review.turnedOffByPolicy)),
    ])
  }

  /// One requested Android permission, as the scan's and the privacy report's JSON write it.
  static func androidPermission(_ permission: AndroidPermission) -> JSONValue {
    .report([
      (.name, .string(permission.name)),
      (.maxSdkVersion, permission.maxSdkVersion.map(JSONValue.int) ?? .null),
      (.onlyFromSdk23, .bool(permission.onlyFromSdk23)),
    ])
  }

  private static func detection(_ detection: SDKDetection) -> JSONValue {
    .report([
      (.sdk, .string(detection.sdk)),
      (.confidence, .string(detection.confidence.rawValue)),
      (.includedIn, .paths(detection.includedIn)),
      (.evidence, .array(detection.evidence.map(\.json))),
    ])
  }

  private static func binary(_ binary: BinarySummary) -> JSONValue {
    .report([
      (.path, .path(binary.path)),
      (.format, .string(binary.format.rawValue)),
      (.architectures, .strings(binary.architectures)),
      (.platforms, .strings(binary.platforms)),
      (.signature, .signatures(binary.signatures.map { ($0.architecture, $0.signature) })),
      (
        .linkedLibraries,
        .array(
          binary.linkedLibraries.map { .report([(.name, .string($0.name)), (.kind, .string($0.kind.rawValue))]) })
      ),
      (.rpaths, .strings(binary.rpaths)),
    ])
  }

  /// An API use, flat: the evidence fields sit beside `category` and `api`.
  private static func apiUse(_ use: APIUse) -> JSONValue {
    .report([(.category, .string(use.category)), (.api, .string(use.api))] + use.evidence.jsonMembers)
  }

  private static func finding(_ finding: Finding) -> JSONValue {
    .report([
      (.rule, .string(finding.rule.rawValue)),
      (.severity, .string(finding.severity.rawValue)),
      (.category, .optional(finding.category)),
      (.subjectKind, .optional(finding.subject.kind?.rawValue)),
      (.message, .string(finding.message)),
      (.file, .optionalPath(finding.file)),
      (.evidence, .array(finding.evidence.map(\.json))),
      (.appStoreCode, .optional(finding.appStoreCode?.rawValue)),
    ])
  }

  /// A target's privacy profile — what it declares and uses, what it can ask the user for, and
  /// whether it tracks — for formats that carry it beside their own structure (SARIF).
  static func profile(_ target: TargetReport) -> JSONValue {
    .report([
      (.path, .path(target.path)),
      (.kind, .string(target.kind.rawValue)),
      (.embeddedIn, .optionalPath(target.embeddedIn)),
      (.appStoreVerdict, verdict(target.appStoreVerdict)),
      (.teamReview, teamReview(target.teamReview)),
      (.usedCategories, .strings(target.usedCategories)),
      (.declaredCategories, .strings(target.declaredCategories)),
      (.permissions, .array(target.permissions.map(permission))),
      (.androidPermissions, target.androidPermissions.map { .array($0.map(androidPermission)) } ?? .null),
      (.tracking, tracking(target.tracking)),
      (.package, target.package?.json ?? .null),
    ])
  }

  private static func permission(_ permission: PermissionUse) -> JSONValue {
    .report([
      (.resource, .string(permission.resource)),
      (.infoPlistKeys, .strings(permission.infoPlistKeys)),
      (.evidence, .array(permission.evidence.map(\.json))),
      (.requested, .bool(permission.requested)),
      (.source, .optional(permission.source)),
    ])
  }

  private static func tracking(_ tracking: TrackingProfile) -> JSONValue {
    .report([
      (.tracks, .bool(tracking.tracks)),
      (.readsAdvertisingIdentifier, .bool(tracking.readsAdvertisingIdentifier)),
      (.requestsAuthorization, .bool(tracking.requestsAuthorization)),
      (.declaredTracking, tracking.declaredTracking.map(JSONValue.bool) ?? .null),
      (.trackingDomains, .strings(tracking.trackingDomains)),
      (.sources, .strings(tracking.sources)),
    ])
  }

  private static func summary(of report: AuditReport) -> JSONValue {
    let findings = report.allFindings
    let counts = SeverityCounts(findings)
    var perRule: [RuleID: Int] = [:]
    for finding in findings { perRule[finding.rule, default: 0] += 1 }
    let fired = RuleID.allCases.compactMap { rule -> (key: String, value: JSONValue)? in
      perRule[rule].map { (rule.rawValue, .int($0)) }
    }
    return .report([
      (.targets, .int(report.targets.count)),
      (.findings, .int(counts.total)),
      (.errors, .int(counts.errors)),
      (.warnings, .int(counts.warnings)),
      (.notes, .int(counts.notes)),
      (.rules, .object(fired)),
      (.packages, .object(report.packageCounts.map { ($0.manager.rawValue, .int($0.count)) })),
    ])
  }
}
