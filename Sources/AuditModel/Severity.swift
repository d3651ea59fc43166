/// How serious a finding is; `--fail-on` gates the exit status on it.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
  /// sdkvet's own advice: information a reviewer should read (what an SDK will ask the user for).
  case note
  /// Apple documents it as wrong, but App Store Connect accepts it (or does not check it at upload).
  case warning
  /// App Store Connect rejects this (documented or observed), or a binary could not be read.
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
