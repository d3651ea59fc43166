import AuditModel
import Foundation
package import PrivacyAudit
import PrivacyCatalog
import PropertyLists

/// Writes a `ManifestDraft` as an XML property list (`PrivacyInfo.xcprivacy`), with a comment
/// beside each empty reasons array listing the reasons that may apply, one beside empty
/// tracking domains, the hosts found as commented-out tracking domains, in each category entry
/// the symbols and calling functions that need it, and for an xcframework the slices that need
/// a copy (`ManifestDraftComments`). Apple's four keys come first in Xcode's order, any other key
/// after them by name; dictionary keys are sorted. Strings are XML-escaped; comment text is
/// sdkvet's own, the catalog's and the binaries', with `--` broken up so a comment cannot end early.
package enum ManifestDraftWriter {
  private static let topLevelOrder = [
    "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
  ]

  /// The draft as an XML property list, ending with a newline.
  package static func xml(_ draft: ManifestDraft) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
      #"<plist version="1.0">"#, "<dict>",
    ]
    lines += ManifestDraftComments.slices(draft).map { "\t" + comment($0) }
    lines += ManifestDraftComments.binariesNotRead(draft).map { "\t" + comment($0) }
    let keys =
      topLevelOrder.filter { draft.root[$0] != nil } + draft.root.keys.filter { !topLevelOrder.contains($0) }.sorted()
    for key in keys {
      guard let value = draft.root[key] else { continue }
      if key == "NSPrivacyTrackingDomains" && draft.needsTrackingDomains {
        lines.append(
          "\t" + comment("List the domains this code uses for tracking; NSPrivacyTracking true needs at least one."))
      }
      lines.append("\t<key>\(escaped(key))</key>")
      lines += element(value, depth: 1, draft: draft)
      if key == "NSPrivacyTrackingDomains" { lines = proposingDomains(lines, draft: draft) }
    }
    lines += ["</dict>", "</plist>"]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func element(_ value: PropertyListValue, depth: Int, draft: ManifestDraft) -> [String] {
    let indent = String(repeating: "\t", count: depth)
    switch value {
    case .string(let string): return [indent + "<string>\(escaped(string))</string>"]
    case .boolean(let flag): return [indent + (flag ? "<true/>" : "<false/>")]
    case .integer(let number): return [indent + "<integer>\(number)</integer>"]
    case .real(let number): return [indent + "<real>\(number)</real>"]
    case .date(let date): return [indent + "<date>\(ISO8601DateFormatter().string(from: date))</date>"]
    case .data(let data): return [indent + "<data>\(data.base64EncodedString())</data>"]
    case .array(let items):
      guard !items.isEmpty else { return [indent + "<array/>"] }
      return [indent + "<array>"] + items.flatMap { element($0, depth: depth + 1, draft: draft) } + [
        indent + "</array>"
      ]
    case .dictionary(let dictionary):
      var lines = [indent + "<dict>"]
      let category = dictionary["NSPrivacyAccessedAPIType"]?.stringValue
      if let evidence = category.flatMap({ draft.evidence[$0] }) {
        lines += ManifestDraftComments.evidence(evidence).map { indent + "\t" + comment($0) }
      }
      for key in dictionary.keys.sorted() {
        guard let item = dictionary[key] else { continue }
        if key == "NSPrivacyAccessedAPITypeReasons", let category, let reasons = draft.candidates[category] {
          lines.append(indent + "\t" + comment(candidateText(reasons)))
        }
        lines.append(indent + "\t<key>\(escaped(key))</key>")
        lines += element(item, depth: depth + 1, draft: draft)
      }
      return lines + [indent + "</dict>"]
    }
  }

  /// `lines`, which end with the top-level tracking domains array, with the proposed domains
  /// inside that array as comments.
  private static func proposingDomains(_ lines: [String], draft: ManifestDraft) -> [String] {
    guard !draft.proposedDomains.isEmpty else { return lines }
    let proposals =
      [
        "\t\t"
          + comment(
            ManifestDraftComments.proposedDomainsHeader(tracks: draft.root["NSPrivacyTracking"] == .boolean(true)))
      ]
      + draft.proposedDomains.map { "\t\t" + comment(ManifestDraftComments.proposedDomain($0)) }
    let opened = lines.last == "\t<array/>" ? lines.dropLast() + ["\t<array>"] : lines.dropLast()
    return opened + proposals + ["\t</array>"]
  }

  private static func candidateText(_ reasons: [ReasonCode]) -> String {
    guard !reasons.isEmpty else { return "No approved reason applies to this kind of target; remove the use." }
    let list = reasons.map { "\($0.code): \($0.summary)" }.joined(separator: " | ")
    return "Pick the approved reasons that describe the use and list them below; candidates: \(list)"
  }

  private static func comment(_ text: String) -> String {
    var safe = text
    while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "- -") }
    return "<!-- \(safe.hasSuffix("-") ? safe + " " : safe) -->"
  }

  /// `text` with `&`, `<` and `>` escaped for XML.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
