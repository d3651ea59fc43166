import AuditModel

/// Heuristic checks of one purpose string against Apple's guidance (HIG "Privacy", App Review
/// 5.1.1(ii)): one short, complete sentence in sentence case, ending with a period, that names
/// what the data is for. The limits are documented in `Docs/RULES.md`.
enum PurposeStringStyle {
  /// Longer than this many characters is more than "one short sentence".
  static let maximumLength = 180
  /// More sentences than this is more than one short statement (two are tolerated: a use and a reassurance).
  static let maximumSentences = 2

  /// Words that mark an unfinished string: matched as whole words, in capitals in any language
  /// ("todo" is a Spanish word) and in any case in English.
  static let placeholderWords: Set<String> = ["todo", "tbd", "fixme", "xxx", "placeholder"]
  /// Text that marks an unfinished string wherever it appears (unexpanded build settings).
  static let placeholderFragments = ["lorem ipsum", "usage description", "$(", "${"]
  /// Phrases that promise a vague benefit instead of naming the feature (Apple's bad example).
  static let vagueBenefits = [
    "better experience", "improve your experience", "better user experience", "enhance your experience",
  ]
  /// Words that introduce what the data is for; English only.
  static let purposeWords: Set<String> = [
    "to", "so", "for", "when", "while", "because", "if", "lets", "allows", "helps", "enables", "during", "after",
    "before",
  ]
  /// Characters that end a sentence with a period (Latin, CJK and full-width, Devanagari).
  static let periods: Set<Character> = [".", "。", "．", "।"]
  /// Characters that end any sentence.
  static let sentenceEnds: Set<Character> = [".", "。", "．", "।", "!", "?", "！", "？"]

  /// What is wrong with `text` as the purpose string of `key`; empty when nothing is.
  /// - Parameters:
  ///   - text: The string as written.
  ///   - key: The Info.plist key it belongs to.
  ///   - isEnglish: Whether word-level checks (the purpose words) apply to this localization.
  static func problems(in text: String, key: String, isEnglish: Bool) -> [String] {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { return ["is empty"] }
    let lowered = trimmed.lowercased()
    var problems: [String] = []
    if hasPlaceholderWord(trimmed, isEnglish: isEnglish) || placeholderFragments.contains(where: lowered.contains)
      || lowered.contains(key.lowercased()) || restatesKey(lowered, key: key)
    {
      problems.append("looks like a placeholder")
    }
    if vagueBenefits.contains(where: lowered.contains) {
      problems.append("promises a vague benefit instead of naming the feature")
    }
    if startsLowercase(trimmed) {
      problems.append("does not start with a capital letter")
    }
    if let last = trimmed.reversed().first(where: { !"\"'”’)]»".contains($0) }), !periods.contains(last) {
      problems.append("does not end with a period")
    }
    if trimmed.count > maximumLength {
      problems.append("is longer than a short sentence (\(trimmed.count) characters; keep it under \(maximumLength))")
    } else if sentenceCount(trimmed) > maximumSentences {
      problems.append("has more than \(maximumSentences) sentences; use one short sentence")
    }
    if isEnglish && !words(of: lowered).contains(where: purposeWords.contains) {
      problems.append("does not say what the data is for (no \"to\", \"for\", \"so\", \"when\" …)")
    }
    return problems
  }

  private static func hasPlaceholderWord(_ text: String, isEnglish: Bool) -> Bool {
    words(of: text).contains { word in
      let lowered = word.lowercased()
      return placeholderWords.contains(lowered) && (isEnglish || word == word.uppercased())
    }
  }

  /// Whether the text only restates the key: `NSCameraUsageDescription` → "camera usage" / "camera".
  private static func restatesKey(_ lowered: String, key: String) -> Bool {
    var name = Substring(key)
    if name.hasPrefix("NS") { name = name.dropFirst(2) }
    for suffix in ["UsageDescription", "Description"] where name.hasSuffix(suffix) {
      name = name.dropLast(suffix.count)
      break
    }
    let resource = words(of: spaced(name).lowercased()).joined(separator: " ")
    let said = words(of: lowered).filter { !["access", "usage", "use", "permission"].contains($0) }.joined(
      separator: " ")
    return !resource.isEmpty && said == resource
  }

  /// `CameraAlways` → `Camera Always`.
  private static func spaced(_ camelCase: Substring) -> String {
    var result = ""
    for character in camelCase {
      if character.isUppercase && !result.isEmpty { result.append(" ") }
      result.append(character)
    }
    return result
  }

  private static func words(of text: String) -> [String] {
    text.split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
  }

  /// A first letter in lower case, unless the word is a brand written that way (`iPhone`, `eBay`).
  private static func startsLowercase(_ text: String) -> Bool {
    guard let index = text.firstIndex(where: \.isLetter), text[index].isLowercase else { return false }
    let next = text.index(after: index)
    return !(next < text.endIndex && text[next].isUppercase)
  }

  /// Sentences: a Latin end mark followed by a space and a capital letter, or a CJK end mark
  /// followed by more text, starts a new one (so "e.g. this" stays one sentence).
  private static func sentenceCount(_ text: String) -> Int {
    let characters = Array(text)
    var count = 1
    for offset in characters.indices where sentenceEnds.contains(characters[offset]) {
      let rest = characters[(offset + 1)...]
      if characters[offset].isASCII {
        if rest.first == " ", let next = rest.first(where: { $0 != " " }), next.isUppercase { count += 1 }
      } else if rest.contains(where: \.isLetter) {
        count += 1
      }
    }
    return count
  }
}

extension String {
  /// The string without leading and trailing white space and newlines.
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
