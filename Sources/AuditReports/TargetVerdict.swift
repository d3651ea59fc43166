import AuditModel
import BinaryImage
import PackageProvenance
import PrivacyAudit
import TargetDiscovery

/// What a reviewer decides from, put first in every target of the text, Markdown and HTML
/// reports: whether App Store Connect will reject the target and what triggers it, what the app
/// embedding it must add, what its code reaches, and who it comes from. Drawn from the target's
/// findings and profile alone; the findings below it hold the evidence.
struct TargetVerdict {
  /// What App Store Connect will do, as the audit judged it (policy and baseline leave it alone).
  let appStore: AppStoreVerdict
  /// What the team's policy and baseline left out, shown beside the verdict.
  let teamReview: TeamReview
  /// Info.plist keys to add: for an SDK, those of every permission it asks for; for an app, those
  /// its Info.plist lacks.
  let infoPlistKeys: [String]
  /// Categories the target's binaries use that none of its manifests declares (short names).
  let undeclaredCategories: [String]
  /// Categories the target's binaries use (short names).
  let usedCategories: [String]
  /// Protected resources the target reaches, each with whether it asks for access.
  let permissions: [(resource: String, requested: Bool)]
  /// Whether the target tracks (reads the advertising identifier, asks for App Tracking
  /// Transparency, or declares tracking).
  let tracks: Bool
  /// The hosts its binaries name, each once.
  let hosts: [String]
  /// The package record's name, version and manager, when a dependency manager put it there.
  let package: PackageRecord?
  /// Who signed it: the xcframework's signer, else each binary slice's, each once.
  let signers: [String]
  /// Whether the target is an app or extension (which adds keys itself) rather than an SDK.
  let isApp: Bool

  init(_ target: TargetReport) {
    appStore = target.appStoreVerdict
    teamReview = target.teamReview
    let isApp = target.kind == .app || target.kind == .appExtension
    self.isApp = isApp
    // An SDK's host app needs a purpose string for each permission the SDK asks for; an app only
    // the ones its Info.plist lacks.
    let lacking = Set(target.findings.filter { $0.rule == .missingPurposeString }.compactMap(\.category))
    let needed = target.permissions.filter { isApp ? lacking.contains($0.resource) : $0.requested }
    infoPlistKeys = Array(Set(needed.flatMap(\.infoPlistKeys))).sorted()
    let statuses = CategoryStatus.statuses(of: target)
    usedCategories = statuses.filter(\.used).map(\.shortName)
    undeclaredCategories = statuses.filter(\.isUndeclared).map(\.shortName)
    var requested: [String: Bool] = [:]
    for permission in target.permissions {
      requested[permission.resource, default: false] =
        requested[permission.resource, default: false] || permission.requested
    }
    permissions = requested.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    tracks = target.tracking.tracks
    hosts = Array(Set(target.hosts.map(\.host))).sorted()
    package = target.package
    if let signature = target.signature {
      signers = [signature.signer.description]
    } else {
      var seen: Set<String> = []
      signers = target.binaries.flatMap(\.signatures).map(\.signer.description).filter { seen.insert($0).inserted }
    }
  }

  /// `will reject: ITMS-91053 (missing-privacy-manifest)`, `cannot tell: …` or `will accept`.
  func appStoreConnect(quote: (String) -> String) -> String {
    switch appStore.outcome {
    case .willReject:
      return "will reject: "
        + appStore.rejections.map { "\($0.code.rawValue) (" + $0.triggers.map(quote).joined(separator: ", ") + ")" }
        .joined(separator: "; ")
    case .cannotTell:
      return "cannot tell: "
        + appStore.unknownBecause.compactMap(\.unknownVerdictReason).joined(separator: "; ") + " (see below)"
    case .willAccept:
      let warnings = appStore.warnings
      return "will accept" + (warnings > 0 ? "; \(warnings) warning\(warnings == 1 ? "" : "s") to review" : "")
    }
  }

  /// `will reject (ITMS-91053, ITMS-91061)`, `cannot tell` or `will accept`: the verdict in a
  /// table cell.
  var appStoreConnectInBrief: String {
    switch appStore.outcome {
    case .willReject: "will reject (" + appStore.rejections.map(\.code.rawValue).joined(separator: ", ") + ")"
    case .cannotTell: "cannot tell"
    case .willAccept: "will accept"
    }
  }

  /// What the team's policy and baseline left out, one clause per kind (`3 findings in the
  /// baseline; accepted by the policy until 2027-01-31: reason (rule Subject)`); `nil` when
  /// neither touched the target, so no view prints a line for it.
  var team: String? {
    guard !teamReview.isEmpty else { return nil }
    var parts: [String] = []
    let inBaseline = teamReview.inBaseline
    if inBaseline > 0 { parts.append("\(inBaseline) finding\(inBaseline == 1 ? "" : "s") in the baseline") }
    for acceptance in teamReview.acceptedByPolicy {
      let subject = acceptance.rule.rawValue + (acceptance.category.map { " " + $0 } ?? "")
      parts.append(
        "accepted by the policy" + (acceptance.expires.map { " until \($0)" } ?? "")
          + ": \(acceptance.reason) (\(subject))")
    }
    let off = teamReview.turnedOffByPolicy
    if off > 0 { parts.append("\(off) finding\(off == 1 ? "" : "s") turned off by the policy") }
    return parts.joined(separator: "; ")
  }

  /// The label of `mustAdd`: what the app must add, for an SDK the app embedding it.
  var mustAddLabel: String { isApp ? "app adds" : "host app" }

  /// `Info.plist keys NSCameraUsageDescription; manifest categories DiskSpace, …`, or `nothing`.
  func mustAdd(quote: (String) -> String) -> String {
    var parts: [String] = []
    if !infoPlistKeys.isEmpty { parts.append("Info.plist keys " + infoPlistKeys.map(quote).joined(separator: ", ")) }
    if !undeclaredCategories.isEmpty {
      parts.append(
        "manifest categories " + undeclaredCategories.map(quote).joined(separator: ", ")
          + (isApp ? "" : ", which the SDK does not declare"))
    }
    return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
  }

  /// `DiskSpace, UserDefaults; camera (asks); tracking; 2 hosts: a.example, b.example`.
  func reaches(quote: (String) -> String, plain: (String) -> String) -> String {
    var parts = [usedCategories.isEmpty ? "no required-reason API" : usedCategories.map(quote).joined(separator: ", ")]
    if !permissions.isEmpty {
      parts.append(
        permissions.map { plain($0.resource) + ($0.requested ? " (asks)" : " (API only)") }.joined(separator: ", "))
    }
    parts.append(tracks ? "tracking" : "no tracking")
    if !hosts.isEmpty {
      let named = hosts.prefix(Self.hostsNamed).map(quote).joined(separator: ", ")
      let more = hosts.count > Self.hostsNamed ? " and \(hosts.count - Self.hostsNamed) more" : ""
      parts.append("\(hosts.count) host\(hosts.count == 1 ? "" : "s"): " + named + more)
    }
    return parts.joined(separator: "; ")
  }

  /// `FBSDKCoreKit 17.0.0 (CocoaPods); signed AppleDeveloperProgram:ABCDE12345`.
  func origin(quote: (String) -> String, plain: (String) -> String) -> String {
    let from =
      package.map { record in
        ([plain(record.name)] + (record.version.map { [plain($0)] } ?? []) + ["(\(record.manager.displayName))"])
          .joined(separator: " ")
      } ?? "no dependency manager's record"
    let named = signers.filter { $0 != Signer.unsigned.description }
    let signed =
      named.isEmpty
      ? "unsigned"
      : "signed " + named.map(quote).joined(separator: ", ")
        + (named.count < signers.count ? " (some slices unsigned)" : "")
    return from + "; " + signed
  }

  /// Hosts named in `reaches` before "and N more".
  private static let hostsNamed = 3
}
