import AuditModel
public import PrivacyAudit

/// The output formats of `sdkvet privacy-report --format`.
public enum PrivacyReportFormat: String, Sendable, Hashable, CaseIterable {
  /// Text for a terminal (the default).
  case text
  /// Markdown for a review or pull request.
  case markdown
  /// One self-contained HTML page in the scan report's style, which prints cleanly to PDF.
  case html
  /// The versioned JSON document (`Docs/REPORT-FORMATS.md`, "Privacy report").
  case json
  /// The app-wide collected data types as fastlane's `app_privacy_details.json`.
  case appPrivacyJSON = "app-privacy-json"

  /// The report of `picture` in this format.
  /// - Parameters:
  ///   - picture: What to write.
  ///   - toolVersion: sdkvet's version, written into the Markdown, HTML and JSON reports.
  /// - Returns: The output, and what the format could not carry (one sentence each, for standard error).
  public func render(_ picture: PrivacyPicture, toolVersion: String) -> (output: String, leftOut: [String]) {
    switch self {
    case .text: return (PrivacyPictureText.render(picture), [])
    case .markdown: return (PrivacyPictureMarkdown.render(picture, toolVersion: toolVersion), [])
    case .html: return (PrivacyPictureHTML.render(picture, toolVersion: toolVersion), [])
    case .json: return (Self.text(PrivacyPictureJSON.document(picture, toolVersion: toolVersion)), [])
    case .appPrivacyJSON:
      let details = AppPrivacyDetails(picture)
      return (Self.text(details.document), details.leftOut)
    }
  }

  private static func text(_ value: JSONValue) -> String {
    var output = ""
    value.write(to: &output)
    return output
  }
}
