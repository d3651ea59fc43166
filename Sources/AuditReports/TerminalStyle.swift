import AuditModel
import PrivacyAudit

/// ANSI SGR styling for the text report, applied only when colour was asked for.
struct TerminalStyle: Sendable {
  /// The SGR attributes the report uses.
  enum Attribute: String, Sendable {
    /// Bold (`ESC[1m`).
    case bold = "1"
    /// Faint (`ESC[2m`).
    case dim = "2"
    /// Bold red (`ESC[1;31m`).
    case red = "1;31"
    /// Yellow (`ESC[33m`).
    case yellow = "33"
    /// Cyan (`ESC[36m`).
    case cyan = "36"
  }

  /// Whether escape sequences are written at all.
  var enabled: Bool

  /// `text` wrapped in the attribute and a reset, or unchanged when colour is off.
  func apply(_ attribute: Attribute, _ text: String) -> String {
    enabled ? "\u{1B}[\(attribute.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// The attribute a severity label is shown in.
  static func attribute(for severity: Severity) -> Attribute {
    switch severity {
    case .error: .red
    case .warning: .yellow
    case .note: .cyan
    }
  }
}
