public import AuditModel
import PrivacyAudit

/// Renders an audit report in one output format.
///
/// A reporter is a pure function of the report: it writes text into the stream it is given and
/// never prints, opens files or exits, so the CLI decides where output goes (stdout or
/// `--output FILE`) and tests can capture it in a `String`. Output is deterministic: the same
/// report always renders to the same bytes.
public protocol Reporter: Sendable {
  /// Writes `report` into `output`.
  ///
  /// - Parameters:
  ///   - report: The audit result to render; its targets and findings are written in the
  ///     order the report holds them (the audit sorts them).
  ///   - output: The sink, e.g. a `String` or a stream over stdout.
  func write(_ report: AuditReport, to output: inout some TextOutputStream)
}

extension Reporter {
  /// Renders `report` into a new string.
  ///
  /// - Parameter report: The audit result to render.
  /// - Returns: The complete output, ending in a newline.
  public func rendered(_ report: AuditReport) -> String {
    var text = ""
    write(report, to: &text)
    return text
  }
}
