package import AuditModel
import BinaryImage
import PrivacyCatalog
import ScanFiles

/// A team's rules on top of the audit (`.sdkvet.json` or `scan --policy FILE`, `Docs/POLICY.md`):
/// what no SDK may use, findings the team has accepted for a named target, and rule severities of
/// its own. Applying it is pure: the date it is judged on is passed in.
package struct Policy: Sendable, Hashable {
  /// The schema version this sdkvet reads.
  package static let schemaVersion = 1

  /// What the targets a deny entry selects must not do.
  package struct Deny: Sendable, Hashable {
    /// The targets it applies to (`TargetSelector`); empty for every target.
    package var targets: [String]
    /// Required-reason categories (full strings) the targets must not use.
    package var categories: [String]
    /// Protected resources (catalog identifiers) the targets must not be able to ask for.
    package var permissions: [String]
    /// Whether the targets must not track.
    package var tracking: Bool
    /// Libraries and frameworks the targets must not link against, each named as
    /// `LinkedLibrary.isNamed(_:)` reads it (install name, file name or bare name).
    package var linkedLibraries: [String] = []
  }

  /// A finding the team accepted for a named target, until an optional date.
  package struct Allow: Sendable, Hashable {
    /// The target it applies to (`TargetSelector`).
    package var target: String
    /// The rule whose findings it silences.
    package var rule: RuleID
    /// Only findings of this category or resource; `nil` for every finding of the rule.
    package var category: String?
    /// Why the finding is accepted (required, shown when the entry expires).
    package var reason: String
    /// The last day (`YYYY-MM-DD`) the entry silences anything; `nil` for no end.
    package var expires: String?

    /// Whether the entry names `finding` (its rule, and its category when the entry gives one);
    /// the target is matched by the caller.
    func accepts(_ finding: Finding) -> Bool {
      finding.rule == rule && (category == nil || finding.category == category)
    }
  }

  /// What a rule's findings become: a severity, or left out.
  package enum Override: Sendable, Hashable {
    /// Every finding of the rule gets this severity.
    case severity(Severity)
    /// The rule's findings are left out.
    case off
  }

  /// The deny entries, in file order.
  package var deny: [Deny] = []
  /// The allow entries, in file order.
  package var allow: [Allow] = []
  /// Severity overrides per rule.
  package var overrides: [RuleID: Override] = [:]

  /// What applying the policy did besides changing findings.
  package struct Outcome: Sendable {
    /// The report with policy findings added, accepted findings left out and severities applied.
    package var report: AuditReport
    /// How many findings allow entries and `off` overrides left out.
    package var silenced: Int
    /// The indices (in `allow`) of the current entries that left out nothing: a target or rule
    /// mistyped, or a finding fixed since, so the entry can go.
    package var unusedAllowEntries: [Int] = []
    /// The deny entries' targets that name no target of the scan, and their libraries that name
    /// no library a scanned binary links but are one slip from one that is (`AdSuport`): either
    /// way the deny can never fire for what was meant.
    package var unmatchedDenyValues: [UnmatchedValue] = []
  }

  /// A value of a deny entry that matches nothing in the scanned targets.
  package struct UnmatchedValue: Sendable, Hashable {
    /// What a deny value names.
    package enum Kind: String, Sendable, Hashable {
      /// A scanned target (`targets`).
      case target
      /// A library a scanned binary links (`linkedLibraries`).
      case library
    }
    /// Its JSON path in the policy (`$.deny[0].targets[1]`).
    package var path: String
    /// The value as the policy writes it.
    package var value: String
    /// What it should have named.
    package var kind: Kind
    /// The scanned name nearest to it, for "did you mean"; `nil` when none is near.
    package var suggestion: String?
  }

  /// Applies the policy to `report` as of `today` (`YYYY-MM-DD`, UTC): adds a
  /// `policy-denied-category`, `-permission`, `-tracking` or `-linked-library` finding for each
  /// denied use, leaves
  /// out the findings a current allow entry names (an expired entry silences nothing and adds a
  /// `policy-allow-expired` warning to its target), then applies the severity overrides.
  package func applied(to report: AuditReport, today: String) -> Outcome {
    var silenced = 0
    var used = Set<Int>()
    let targets = report.targets.map { target in
      var findings = target.findings
      var accepted: [TeamReview.Acceptance] = []
      let selector = TargetSelector(path: target.path)
      for entry in deny where entry.targets.isEmpty || entry.targets.contains(where: selector.matches) {
        findings += denials(entry, in: target)
      }
      for (number, entry) in allow.enumerated() where selector.matches(entry.target) {
        if let expires = entry.expires, expires < today {
          findings.append(expired(entry, on: expires))
          used.insert(number)
          continue
        }
        let acceptedNow = findings.filter(entry.accepts)
        guard !acceptedNow.isEmpty else { continue }
        findings.removeAll(where: entry.accepts)
        accepted += acceptedNow.map {
          TeamReview.Acceptance(rule: $0.rule, category: $0.category, reason: entry.reason, expires: entry.expires)
        }
        silenced += acceptedNow.count
        used.insert(number)
      }
      var kept: [Finding] = []
      var turnedOff = 0
      for finding in findings {
        switch overrides[finding.rule] {
        case .off?: turnedOff += 1
        case .severity(let severity)?: kept.append(finding.overridden(to: severity))
        case nil: kept.append(finding)
        }
      }
      silenced += turnedOff
      return target.reviewed(
        findings: kept.sorted(by: Finding.ordered),
        teamReview: target.teamReview.adding(accepted: accepted, turnedOff: turnedOff))
    }
    return Outcome(
      report: report.replacing(targets: targets), silenced: silenced,
      unusedAllowEntries: allow.indices.filter { !used.contains($0) },
      unmatchedDenyValues: unmatchedDenyValues(in: report))
  }

  /// Each deny target that selects no target of `report`, with the nearest target name, and each
  /// denied library that no scanned binary links but that is one slip from a library one does
  /// (a denied library nobody links is the policy kept, not a mistake).
  private func unmatchedDenyValues(in report: AuditReport) -> [UnmatchedValue] {
    let selectors = report.targets.map { TargetSelector(path: $0.path) }
    let targetNames = selectors.flatMap { [$0.name, $0.stem] }
    let libraries = Set(report.targets.flatMap { $0.binaries.flatMap(\.linkedLibraries) })
    let libraryNames = Set(libraries.flatMap { [$0.fileName, $0.bareName] })
    var unmatched: [UnmatchedValue] = []
    for (index, entry) in deny.enumerated() {
      for (position, target) in entry.targets.enumerated() where !selectors.contains(where: { $0.matches(target) }) {
        unmatched.append(
          UnmatchedValue(
            path: "$.deny[\(index)].targets[\(position)]", value: target, kind: .target,
            suggestion: NearestSpelling.suggestion(for: target, among: targetNames)))
      }
      for (position, library) in entry.linkedLibraries.enumerated()
      where !libraries.contains(where: { $0.isNamed(library) }) {
        guard let suggestion = NearestSpelling.suggestion(for: library, among: libraryNames) else { continue }
        unmatched.append(
          UnmatchedValue(
            path: "$.deny[\(index)].linkedLibraries[\(position)]", value: library, kind: .library,
            suggestion: suggestion))
      }
    }
    return unmatched
  }

  private func denials(_ entry: Deny, in target: TargetReport) -> [Finding] {
    var findings: [Finding] = []
    let name = TargetSelector(path: target.path).name
    for category in entry.categories where target.usedCategories.contains(category) {
      findings.append(
        Finding(
          rule: .policyDeniedCategory, subject: .category(category),
          message: "\(name) uses \(category), which the policy denies.",
          evidence: target.apiUses.filter { $0.category == category }.map(\.evidence)))
    }
    for resource in entry.permissions {
      let uses = target.permissions.filter { $0.resource == resource }
      guard !uses.isEmpty else { continue }
      findings.append(
        Finding(
          rule: .policyDeniedPermission, subject: .resource(resource),
          message: "\(name) can ask for \(resource), which the policy denies.", evidence: uses.flatMap(\.evidence)))
    }
    let tracking = target.tracking
    if entry.tracking
      && (tracking.readsAdvertisingIdentifier || tracking.requestsAuthorization
        || tracking.declaredTracking == true)
    {
      let facts =
        (tracking.readsAdvertisingIdentifier ? ["reads the advertising identifier"] : [])
        + (tracking.requestsAuthorization ? ["requests App Tracking Transparency"] : [])
        + (tracking.declaredTracking == true ? ["declares NSPrivacyTracking true"] : [])
      findings.append(
        Finding(
          rule: .policyDeniedTracking, subject: .target,
          message: "\(name) tracks (\(facts.joined(separator: ", "))), which the policy denies."))
    }
    for denied in entry.linkedLibraries {
      let binaries = target.binaries.filter { $0.linkedLibraries.contains { $0.isNamed(denied) } }
      guard let library = binaries.first?.linkedLibraries.first(where: { $0.isNamed(denied) }) else { continue }
      findings.append(
        Finding(
          rule: .policyDeniedLinkedLibrary, subject: .linkedLibrary(library.fileName),
          message: "\(name) links against \(library.name), which the policy denies (\(denied)).",
          evidence: binaries.map {
            Evidence(
              symbol: library.name, via: .linkedLibrary, binary: $0.path, architecture: nil, member: nil,
              library: library.name)
          }))
    }
    return findings
  }

  private func expired(_ entry: Allow, on date: String) -> Finding {
    Finding(
      rule: .policyAllowExpired, subject: FindingSubject(kind: entry.rule.subjectKind, name: entry.category),
      message:
        "The policy's allow entry for \(entry.rule.rawValue) expired on \(date) (reason: \(entry.reason)); its findings are reported again."
    )
  }
}

/// How a policy names a target: by its path as reported, its file name (`TrackerKit.framework`),
/// or that name without its extension (`TrackerKit`).
struct TargetSelector {
  /// The last path component.
  let name: String
  /// The last path component without its extension.
  var stem: String { name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name }
  private let path: String

  init(path: ScanPath) {
    self.path = path.description
    name = path.lastComponent.map(String.init) ?? self.path
  }

  /// Whether `selector` names this target.
  func matches(_ selector: String) -> Bool {
    selector == path || selector == name || (name.contains(".") && stem == selector)
  }
}
