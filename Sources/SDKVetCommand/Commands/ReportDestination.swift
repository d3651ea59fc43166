import AuditReports

/// One report a scan writes: a format, and the file it goes to (`nil`: standard output).
///
/// `scan` takes `--format` and `--output` in pairs, so one scan writes every format a CI job
/// wants: the Nth `--output` gets the Nth `--format`, and one `--format` more than there are
/// `--output`s goes to standard output. A single `--format` (or none: `text`) with at most one
/// `--output` is the plain usage, unchanged.
struct ReportDestination: Sendable, Equatable {
  /// The format to render.
  let format: ReportFormat
  /// The file to write, or `nil` for standard output.
  let path: String?

  /// Pairs the `--format` values with the `--output` values.
  /// - Throws: `UsageError` when there are more outputs than formats, more than one format
  ///   without an output, or two outputs naming the same file.
  static func pairs(formats: [ReportFormat], outputs: [String]) throws(UsageError) -> [ReportDestination] {
    guard outputs.count == formats.count || outputs.count + 1 == formats.count else {
      throw UsageError(
        description:
          "\(formats.count) '--format' and \(outputs.count) '--output': give each '--format' its own '--output' (the Nth '--output' gets the Nth '--format'); only the last '--format' may go to standard output"
      )
    }
    var seen: Set<String> = []
    for path in outputs where !seen.insert(path).inserted {
      throw UsageError(description: "'--output \(path)' is given twice: each format needs a file of its own")
    }
    return formats.enumerated().map { index, format in
      ReportDestination(format: format, path: index < outputs.count ? outputs[index] : nil)
    }
  }
}
