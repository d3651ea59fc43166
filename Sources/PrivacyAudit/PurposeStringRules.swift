import AuditModel
import PropertyLists

/// `purpose-string-style`: every purpose string present in the target's `Info.plist` and in each
/// localized `InfoPlist.strings` is checked against Apple's writing guidance.
enum PurposeStringRules {
  static func findings(_ audit: TargetAudit) -> [Finding] {
    let developmentRegion = audit.infoPlist.flatMap { document -> String? in
      guard case .success(let entries) = document.entries else { return nil }
      return entries["CFBundleDevelopmentRegion"]?.stringValue
    }
    var findings: [Finding] = []
    if let infoPlist = audit.infoPlist, case .success(let entries) = infoPlist.entries {
      findings += check(entries, in: infoPlist, isEnglish: isEnglish(developmentRegion ?? "en"))
    }
    for strings in audit.localizedStrings {
      switch strings.entries {
      case .success(let entries):
        findings += check(entries, in: strings, isEnglish: isEnglish(strings.localization ?? ""))
      case .failure(let error):
        findings.append(
          Finding(
            rule: .purposeStringStyle, subject: .target,
            message:
              "The localized strings file could not be read (\(error.message)), so its purpose strings are missing on device.",
            file: strings.path))
      }
    }
    return findings
  }

  /// English, or a base localization that is English by convention; word checks only apply there.
  private static func isEnglish(_ localization: String) -> Bool {
    let lowered = localization.lowercased()
    return lowered == "en" || lowered.hasPrefix("en-") || lowered.hasPrefix("en_") || lowered == "english"
      || lowered == "base"
  }

  private static func check(_ entries: [String: PropertyListValue], in document: InfoPlistDocument, isEnglish: Bool)
    -> [Finding]
  {
    let place = document.localization.map { " (\($0))" } ?? ""
    let repeated = document.duplicateKeys.filter { $0.hasSuffix("UsageDescription") }.map { key in
      Finding(
        rule: .purposeStringStyle, subject: .infoPlistKey(key),
        message: "\(key)\(place) is set more than once; keep one purpose string (sdkvet reads the last).",
        file: document.path)
    }
    let styled = entries.keys.sorted().filter { $0.hasSuffix("UsageDescription") }.compactMap { key -> Finding? in
      guard let value = entries[key] else { return nil }
      let problems: [String]
      let quoted: String
      if let text = value.stringValue {
        problems = PurposeStringStyle.problems(in: text, key: key, isEnglish: isEnglish)
        quoted = " \"\(text)\""
      } else {
        problems = ["is a \(value.typeName), not a String"]
        quoted = ""
      }
      guard !problems.isEmpty else { return nil }
      return Finding(
        rule: .purposeStringStyle, subject: .infoPlistKey(key),
        message: "\(key)\(place)\(quoted) \(problems.joined(separator: "; ")).", file: document.path)
    }
    return repeated + styled
  }
}
