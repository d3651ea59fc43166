import ScanFiles
package import TargetDiscovery

/// An archive and a signature receipt as the reports write them: JSON (shared by the JSON
/// report and SARIF's artifact properties, `Docs/REPORT-FORMATS.md`) and one-line summaries.
extension DiscoveredArchive {
  /// The archive as the JSON report's `archives` and `info --format json` write it.
  package var json: JSONValue {
    .object([
      ("path", .string(path.description)),
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
      ("path", .string(path.description)),
      ("xcframework", .string(xcframework)),
      ("signed", signed.map(JSONValue.bool) ?? .null),
      ("signatureType", .optional(signatureType)),
      ("signatureIdentifier", .optional(signatureIdentifier)),
      ("library", .optional(library)),
      ("problem", .optional(problem)),
    ])
  }

  /// "signed, AppleDeveloperProgram ABCDE12345" / "not signed" / "unreadable: …", for text and Markdown.
  var summary: String {
    if let problem { return "unreadable: " + problem }
    let state = signed.map { $0 ? "signed" : "not signed" } ?? "signed state not recorded"
    return ([state] + [signatureType, signatureIdentifier].compactMap { $0 }).joined(separator: ", ")
  }
}

/// An archive as text: its path, format and entry count, its SHA-256, then one line per
/// signature receipt; every string from the archive escaped (`TextEscaping`).
package enum ArchiveText {
  /// The lines, unstyled.
  package static func lines(_ archive: DiscoveredArchive) -> [String] {
    let shown = TextEscaping.escaped
    var lines = [
      shown(archive.path.description) + "  (archive: \(shown(archive.format)), \(archive.entryCount) entries)"
    ]
    lines.append("  sha256    " + archive.sha256)
    lines += archive.receipts.map(receiptLine)
    return lines
  }

  /// `  receipt   GoodKit.xcframework-ios.signature  signed, AppleDeveloperProgram, A1B2C3D4E5`.
  package static func receiptLine(_ receipt: SignatureReceipt) -> String {
    "  receipt   \(TextEscaping.escaped(receipt.fileName))  \(TextEscaping.escaped(receipt.summary))"
  }
}
