import AuditModel
package import PrivacyAudit
import ScanFiles
import TargetDiscovery

/// The privacy picture as Markdown, for a review or a pull request: the app-wide table, the
/// questions for vendors, then one table per bundle. Every value from the input goes through
/// `MarkdownEscaping`.
package enum PrivacyPictureMarkdown {
  /// The report for `picture`.
  /// - Parameters:
  ///   - picture: What to write.
  ///   - toolVersion: sdkvet's version, named under the title.
  package static func render(_ picture: PrivacyPicture, toolVersion: String) -> String {
    typealias W = PrivacyPictureWording
    let code = { (text: String) in MarkdownEscaping.code(text, inTable: true) }
    var lines = [
      "# Privacy report", "", "sdkvet \(MarkdownEscaping.text(toolVersion)): \(W.headline(picture)).", "",
      "## App Privacy", "", W.unionIntroduction, "",
    ]
    if picture.dataTypes.isEmpty {
      lines.append("No bundle declares a collected data type.")
    } else {
      lines += [
        MarkdownEscaping.row(["Data type", "Linked", "Tracking", "Purposes", "Declared by"]),
        MarkdownEscaping.row(Array(repeating: "---", count: 5)),
      ]
      lines += picture.dataTypes.map { row in
        MarkdownEscaping.row([
          code(W.dataType(row.dataType)), W.flag(row.linked), W.flag(row.tracking),
          row.purposes.map { code(W.purpose($0)) }.joined(separator: ", "),
          row.bundles.map { code($0.description) }.joined(separator: ", "),
        ])
      }
    }
    let write = { (lines: inout [String], questions: [PrivacyPicture.Question]) in
      for question in questions {
        let capability = question.capability
        lines.append(
          "- \(code(question.bundle.description)) reaches \(MarkdownEscaping.text(capability.name)) "
            + "(\(capability.symbols.map(code).joined(separator: ", "))) and "
            + W.question(question) { code(W.dataType($0)) })
      }
    }
    lines += ["", "## Questions for vendors", "", W.questionsIntroduction, ""]
    if picture.vendorQuestions.isEmpty { lines.append("None: every reachable capability is declared.") }
    write(&lines, picture.vendorQuestions)
    if !picture.ownCodeQuestions.isEmpty {
      lines += ["", "## Questions about the app's own code", "", W.ownCodeIntroduction, ""]
      write(&lines, picture.ownCodeQuestions)
    }
    for bundle in picture.bundles { lines += [""] + self.bundle(bundle) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func bundle(_ bundle: PrivacyPicture.Bundle) -> [String] {
    let code = { (text: String) in MarkdownEscaping.code(text, inTable: true) }
    let sections =
      [(bundle.path.description, PrivacyPictureFacts.bundle(bundle, code: code, plain: MarkdownEscaping.text))]
      + bundle.includedSDKs.map { sdk in
        (
          PrivacyPictureWording.includedName(sdk, in: bundle),
          PrivacyPictureFacts.includedSDK(sdk, host: bundle, code: code)
        )
      }
    return sections.enumerated().flatMap { index, section in
      (index == 0 ? [] : [""])
        + [
          "### " + MarkdownEscaping.text(section.0), "", MarkdownEscaping.row(["", ""]),
          MarkdownEscaping.row(["---", "---"]),
        ]
        + section.1.map { MarkdownEscaping.row([$0.0, $0.1]) }
    }
  }
}
