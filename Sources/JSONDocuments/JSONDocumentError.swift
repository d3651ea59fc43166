/// A JSON document that could not be read or used: what is wrong and where.
///
/// Every JSON file sdkvet reads reports its problems this way: the catalog and `--catalog`
/// overlays, `--policy`, saved reports (`--baseline`, `diff`), and the dependency managers' lock
/// and state files. A value of the wrong type, a missing key or a value the reader refuses is
/// named by its JSON path (`$.targets[3].findings[0].rule`); text that is not JSON, or nested too
/// deep, by its byte offset and line.
public struct JSONDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file (or "built-in catalog") that holds the problem.
  public let file: String
  /// The JSON path of the offending value, `$` for the whole document.
  public let path: String
  /// What is wrong.
  public let message: String
  /// Where in the file the text stops being readable, in bytes from its start, for a syntax or
  /// nesting problem; `nil` when the problem is a value (named by `path`).
  public let offset: Int?
  /// The line (from 1) that holds `offset`.
  public let line: Int?

  /// Creates an error about the value at `path`, or about the text at byte `offset` on `line`.
  public init(file: String, path: String, message: String, offset: Int? = nil, line: Int? = nil) {
    self.file = file
    self.path = path
    self.message = message
    self.offset = offset
    self.line = line
  }

  /// One line: `file: $.path: message`, and the line and byte offset of a syntax problem.
  public var description: String {
    guard let line, let offset else { return "\(file): \(path): \(message)" }
    return "\(file): \(path): \(message) (line \(line), byte \(offset))"
  }
}
