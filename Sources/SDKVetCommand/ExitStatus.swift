/// The process exit statuses sdkvet documents (see `Docs/CLI.md`).
public enum ExitStatus: Int32, Sendable {
  /// Clean: every input was read and no finding reached the gate.
  case success = 0
  /// Findings at or above `--fail-on`, or (for `symbols` and `info`) an input that could not be read.
  case failure = 1
  /// The command line was wrong.
  case usage = 2
}
