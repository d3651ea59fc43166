import AuditReports
import Foundation

/// A one-line progress display on standard error, redrawn in place; silent unless enabled.
///
/// Enabled only when standard error is a terminal (and not under CI), so logs and pipes never
/// see it. Redraws are throttled to a few per second.
final class ProgressLine {
  private let enabled: Bool
  private let context: CommandContext
  private var lastDraw = Date.distantPast
  private var drawn = false

  init(enabled: Bool, context: CommandContext) {
    self.enabled = enabled
    self.context = context
  }

  /// Shows `message` (it may name an input file: it is escaped by `TextEscaping`), truncated to one line.
  func update(_ message: String) {
    guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = Date()
    drawn = true
    context.streams.writeError(Array("\r\u{1B}[K\(TextEscaping.escaped(message).prefix(100))".utf8))
  }

  /// Erases the line.
  func clear() {
    guard drawn else { return }
    context.streams.writeError(Array("\r\u{1B}[K".utf8))
  }
}
