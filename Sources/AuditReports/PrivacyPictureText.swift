import AuditModel
import PackageProvenance
package import PrivacyAudit
import PropertyLists
import ScanFiles
import TargetDiscovery

/// The privacy picture as text for a terminal (`sdkvet privacy-report`, the default format):
/// the app-wide table, the questions for vendors, then each bundle. Every value from the input
/// goes through `TextEscaping`.
package enum PrivacyPictureText {
  /// The report for `picture`.
  package static func render(_ picture: PrivacyPicture) -> String {
    typealias W = PrivacyPictureWording
    let e = TextEscaping.escaped
    let prose = { (text: String) in TextLayout.wrapped(text, indent: 0, hangingIndent: 0) }
    var lines = ["sdkvet privacy report: " + W.headline(picture), ""] + prose(W.unionIntroduction)
    if picture.dataTypes.isEmpty {
      lines.append("  (no bundle declares a collected data type)")
    } else {
      let table =
        [["DATA TYPE", "LINKED", "TRACKING", "PURPOSES", "DECLARED BY"]]
        + picture.dataTypes.map { row in
          [
            e(W.dataType(row.dataType)), W.flag(row.linked), W.flag(row.tracking),
            row.purposes.map { e(W.purpose($0)) }.joined(separator: ", "),
            row.bundles.map { e($0.description) }.joined(separator: ", "),
          ]
        }
      lines += aligned(table)
    }
    let write = { (lines: inout [String], questions: [PrivacyPicture.Question]) in
      for question in questions {
        let capability = question.capability
        lines += TextLayout.wrapped(
          "\(e(question.bundle.description)): reaches \(e(capability.name)) (\(capability.symbols.map(e).joined(separator: ", "))) and "
            + W.question(question) { e(W.dataType($0)) }, indent: 2, hangingIndent: 4)
      }
    }
    lines += [""] + prose("Questions for vendors. " + W.questionsIntroduction)
    if picture.vendorQuestions.isEmpty { lines.append("  (none: every reachable capability is declared)") }
    write(&lines, picture.vendorQuestions)
    if !picture.ownCodeQuestions.isEmpty {
      lines += [""] + prose("Questions about the app's own code. " + W.ownCodeIntroduction)
      write(&lines, picture.ownCodeQuestions)
    }
    for bundle in picture.bundles { lines += [""] + self.bundle(bundle) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func bundle(_ bundle: PrivacyPicture.Bundle) -> [String] {
    typealias W = PrivacyPictureWording
    let e = TextEscaping.escaped
    let list = { (values: [String]) in values.isEmpty ? "none" : values.map(e).joined(separator: ", ") }
    var lines = ["\(e(bundle.path.description)) (\(bundle.kind.rawValue))"]
    if let package = bundle.package { lines.append("  package: " + package.summary(name: e, detail: e)) }
    if !bundle.includedSDKs.isEmpty { lines.append("  includes: " + list(bundle.includedSDKs.map(\.sdk))) }
    lines.append("  manifests: " + list(bundle.manifests.map(\.description)))
    if let permissions = bundle.androidPermissions {
      lines.append("  android permissions: " + permissions.listed(quote: e))
    }
    lines.append(
      "  declares: tracking \(W.tracking(of: bundle)), tracking domains \(list(bundle.trackingDomains))")
    for entry in bundle.collectedData {
      lines.append(
        "    collects \(e(W.dataType(entry.type))): linked \(W.flag(entry.linked)), tracking \(W.flag(entry.tracking)), "
          + "for \(list(entry.purposes.map(W.purpose)))")
    }
    for category in bundle.declaredReasons.keys.sorted() {
      lines.append("    accesses \(e(W.category(category))): \(list(bundle.declaredReasons[category] ?? []))")
    }
    if !bundle.readEveryManifest {
      lines += TextLayout.wrapped("  unknown declarations: " + W.manifestNotRead, indent: 2, hangingIndent: 4)
    }
    if !bundle.binariesNotRead.isEmpty {
      lines += TextLayout.wrapped(
        "  unknown reach: " + W.notRead(bundle.binariesNotRead.map { e($0.description) }), indent: 2, hangingIndent: 4)
    }
    lines.append("  reaches: required-reason APIs \(list(bundle.usedCategories.map(W.category)))")
    for capability in bundle.capabilities {
      let how = capability.requested ? "" : " (class reference only)"
      lines.append("    \(e(capability.name))\(how): \(list(capability.symbols))")
    }
    lines.append("    hosts \(list(bundle.hosts)); tracking hosts \(list(bundle.trackingHosts))")
    for sdk in bundle.includedSDKs {
      lines += ["", e(W.includedName(sdk, in: bundle)) + " (SDK linked into another bundle)"]
      lines += PrivacyPictureFacts.includedSDK(sdk, host: bundle, code: e).flatMap { label, value in
        TextLayout.wrapped("\(label.lowercased()): \(value)", indent: 2, hangingIndent: 4)
      }
    }
    return lines
  }

  /// Rows padded to their columns' widths, wrapped at `TextLayout.width`.
  private static func aligned(_ rows: [[String]]) -> [String] {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.flatMap { row in
      TextLayout.aligned(
        zip(row, widths).map { TextLayout.Column(text: $0, width: $1) }, indent: 2, continuationIndent: 6)
    }
  }
}
