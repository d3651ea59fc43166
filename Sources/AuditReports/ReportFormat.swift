/// The output formats of `sdkvet scan --format`.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
  /// Human-readable text grouped per target (the default).
  case text
  /// The versioned JSON document described in `Docs/REPORT-FORMATS.md`.
  case json
  /// SARIF 2.1.0 for code-scanning services.
  case sarif
  /// A Markdown report to paste into a security review or pull request.
  case markdown
  /// One self-contained HTML page for a reviewer's browser.
  case html
  /// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding.
  case github

  /// The reporter for this format.
  ///
  /// - Parameters:
  ///   - toolVersion: sdkvet's version, written into JSON, SARIF, Markdown and HTML output.
  ///   - useColor: Whether text output may use ANSI colour (the CLI decides from the TTY,
  ///     `--no-color` and `NO_COLOR`); ignored by the other formats.
  ///   - informationURI: The project's home page for SARIF's `tool.driver.informationUri`;
  ///     omitted when `nil`.
  ///   - scanRoot: The absolute directory the scan ran in, for SARIF's `SCANROOT` base URI;
  ///     left unresolved when `nil`.
  ///   - evidence: One evidence row per symbol, or per location, in text, Markdown and HTML;
  ///     JSON and SARIF always hold every location.
  /// - Returns: A reporter configured for this format.
  public func reporter(
    toolVersion: String, useColor: Bool, informationURI: String? = nil, scanRoot: String? = nil,
    evidence: EvidenceDetail = .collapsed
  ) -> any Reporter {
    switch self {
    case .text: TextReporter(useColor: useColor, evidence: evidence)
    case .json: JSONReporter(toolVersion: toolVersion)
    case .sarif: SARIFReporter(toolVersion: toolVersion, informationURI: informationURI, scanRoot: scanRoot)
    case .markdown: MarkdownReporter(toolVersion: toolVersion, evidence: evidence)
    case .html: HTMLReporter(toolVersion: toolVersion, evidence: evidence)
    case .github: GitHubAnnotationReporter()
    }
  }
}
