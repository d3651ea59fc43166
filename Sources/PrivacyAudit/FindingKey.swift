public import AuditModel
package import ScanFiles

/// What identifies a finding from one scan to the next: its rule, its target, its category, the
/// file it is about, and the symbols of its evidence — never its message text, which may be
/// reworded, nor anything positional.
///
/// Baselines (`scan --baseline`) match findings by key, and SARIF's `partialFingerprints` carry
/// its `fingerprint`, so a code-scanning service tracks a finding across runs. A finding whose
/// evidence gains a symbol (a new API use of an already-reported category) has a new key, so it is
/// reported again.
package struct FindingKey: Sendable, Hashable {
  /// The rule ID as written in a report; kept as a string so a baseline written by another
  /// version, with rules this one does not know, still reads.
  package var rule: String
  /// The target's path as found under the scanned root.
  package var target: String
  /// The category or protected resource, if the finding has one.
  package var category: String?
  /// The manifest or Info.plist the finding is about, if any.
  package var file: String?
  /// The evidence symbols, sorted, each once.
  package var symbols: [String]

  /// Creates a key; `symbols` are sorted and made unique.
  package init(rule: String, target: String, category: String?, file: String?, symbols: some Sequence<String>) {
    self.rule = rule
    self.target = target
    self.category = category
    self.file = file
    self.symbols = Set(symbols).sorted()
  }

  /// The key of `finding`, reported for the target at `target`.
  package init(_ finding: Finding, target: ScanPath) {
    self.init(
      rule: finding.rule.rawValue, target: target.description, category: finding.category,
      file: finding.file?.description,
      symbols: finding.evidence.map(\.symbol))
  }

  /// A stable 64-bit FNV-1a hash of the key's fields, as 16 lowercase hex digits: the same on
  /// every platform and in every run. Each field is prefixed by its UTF-8 length, so no two keys
  /// run together into the same bytes.
  package var fingerprint: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ field: String?) {
      let bytes = field.map { Array($0.utf8) }
      let length = bytes.map { String($0.count) } ?? "-"
      for byte in Array(length.utf8) + [UInt8(ascii: ":")] + (bytes ?? []) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    add(rule)
    add(target)
    add(category)
    add(file)
    for symbol in symbols { add(symbol) }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

/// The findings of an earlier report, by key: what `scan --baseline` leaves out of a new one.
public struct Baseline: Sendable {
  /// How many findings of the earlier report have each key.
  private var counts: [FindingKey: Int] = [:]

  /// A baseline holding `keys`; a key listed twice matches two findings.
  package init(keys: some Sequence<FindingKey>) {
    for key in keys { counts[key, default: 0] += 1 }
  }

  /// The number of findings the baseline holds.
  public var count: Int { counts.values.reduce(0, +) }

  /// `key` with its target and file paths spelt one way: relative to `workingFolder` when they
  /// lie inside it, without `./` steps, doubled or trailing slashes, so a baseline written for
  /// `Frameworks/` matches a scan of `./Frameworks` or of its absolute path from the same folder.
  static func normalized(_ key: FindingKey, workingFolder: String?) -> FindingKey {
    var key = key
    key.target = normalized(key.target, workingFolder: workingFolder)
    key.file = key.file.map { normalized($0, workingFolder: workingFolder) }
    return key
  }

  private static func normalized(_ path: String, workingFolder: String?) -> String {
    var path = path
    if let folder = workingFolder, !folder.isEmpty, path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
      path = String(path.dropFirst(folder.hasSuffix("/") ? folder.count : folder.count + 1))
    }
    let absolute = path.hasPrefix("/")
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }

  /// The baseline of every finding in `report`.
  public init(report: AuditReport) {
    self.init(keys: report.targets.flatMap { target in target.findings.map { FindingKey($0, target: target.path) } })
  }

  /// `report` without the findings the baseline holds, and how many were left out. Each finding
  /// of the baseline matches at most one finding, in report order, so a finding that now occurs
  /// more often than before is reported for the extra occurrences. Targets are kept, with their
  /// profiles, even when all their findings are left out.
  ///
  /// Target paths are compared normalized (`normalized(_:workingFolder:)`): `workingFolder` is
  /// the folder the scan ran in, which a report's absolute paths are made relative to.
  public func filtering(_ report: AuditReport, workingFolder: String? = nil) -> (report: AuditReport, matched: Int) {
    var remaining: [FindingKey: Int] = [:]
    for (key, count) in counts { remaining[Self.normalized(key, workingFolder: workingFolder), default: 0] += count }
    var matched = 0
    let targets = report.targets.map { target in
      let kept = target.findings.filter { finding in
        let key = Self.normalized(FindingKey(finding, target: target.path), workingFolder: workingFolder)
        guard let count = remaining[key], count > 0 else { return true }
        remaining[key] = count - 1
        return false
      }
      let leftOut = target.findings.count - kept.count
      matched += leftOut
      return target.reviewed(findings: kept, teamReview: target.teamReview.adding(inBaseline: leftOut))
    }
    return (report.replacing(targets: targets), matched)
  }
}
