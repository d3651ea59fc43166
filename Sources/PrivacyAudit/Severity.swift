/// How serious a finding is; `--fail-on` gates the exit status on it.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
  /// Information a reviewer should read (what an SDK will ask the user for).
  case note
  /// Likely wrong, or wrong in some setups.
  case warning
  /// App Store Connect rejects this, or the binary could not be read.
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  /// Orders note < warning < error.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
