import ScanFiles

/// A report shows a path as its text (`ARCHIVE!/ENTRY`, `ScanPath.description`); these write the
/// model's typed paths in each format, so no renderer builds that text itself.
extension JSONValue {
  /// A path as a JSON string.
  static func path(_ path: ScanPath) -> JSONValue { .string(path.description) }

  /// A path as a JSON string, or `null` when there is none.
  static func optionalPath(_ path: ScanPath?) -> JSONValue { .optional(path?.description) }

  /// Paths as an array of JSON strings.
  static func paths(_ paths: [ScanPath]) -> JSONValue { .strings(paths.map(\.description)) }
}

extension HTMLEscaping {
  /// A path as HTML text.
  static func text(_ path: ScanPath) -> String { text(path.description) }

  /// A path as HTML code.
  static func code(_ path: ScanPath) -> String { code(path.description) }
}

extension MarkdownEscaping {
  /// A path as Markdown code.
  static func code(_ path: ScanPath, inTable: Bool) -> String { code(path.description, inTable: inTable) }
}
