import TargetDiscovery

/// An archive and a signature receipt as the reports write them: JSON (shared by the JSON
/// report and SARIF's artifact properties, `Docs/REPORT-FORMATS.md`) and one-line summaries.
extension DiscoveredArchive {
  var json: JSONValue {
    .object([
      ("path", .string(path)),
      ("format", .string(format)),
      ("sha256", .string(sha256)),
      ("entries", .int(entryCount)),
      ("signatureReceipts", .array(receipts.map(\.json))),
    ])
  }
}

extension SignatureReceipt {
  var json: JSONValue {
    .object([
      ("path", .string(path)),
      ("xcframework", .string(xcframework)),
      ("signed", signed.map(JSONValue.bool) ?? .null),
      ("signatureType", .optional(signatureType)),
      ("signatureIdentifier", .optional(signatureIdentifier)),
      ("library", .optional(library)),
      ("problem", .optional(problem)),
    ])
  }

  /// The receipt's file name, without the folders.
  var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// "signed, AppleDeveloperProgram ABCDE12345" / "not signed" / "unreadable: …", for text and Markdown.
  var summary: String {
    if let problem { return "unreadable: " + problem }
    let state = signed.map { $0 ? "signed" : "not signed" } ?? "signed state not recorded"
    return ([state] + [signatureType, signatureIdentifier].compactMap { $0 }).joined(separator: ", ")
  }
}
