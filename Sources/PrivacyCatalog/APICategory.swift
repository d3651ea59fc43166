import JSONDocuments

/// One required-reason API category, e.g. `NSPrivacyAccessedAPICategoryFileTimestamp`, with the
/// reason codes Apple approves for it.
package struct APICategory: Sendable, Hashable {
  /// The full category string a privacy manifest must use (`NSPrivacyAccessedAPICategory…`).
  package var id: String
  /// A short human title, e.g. "File timestamp".
  package var title: String
  /// The approved reason codes of this category; each code belongs to exactly one category.
  package var reasons: [ReasonCode]

  /// Creates a category.
  package init(id: String, title: String, reasons: [ReasonCode]) {
    self.id = id
    self.title = title
    self.reasons = reasons
  }
}

/// One approved reason code (`NSPrivacyAccessedAPITypeReasons` value) such as `C617.1`.
package struct ReasonCode: Sendable, Hashable {
  /// Who may declare a reason code.
  package enum Eligibility: String, Sendable, Hashable, CatalogEnumeration {
    /// Apps and SDKs alike.
    case appOrSDK = "app-or-sdk"
    /// Only third-party SDKs (the wrapper reasons `0A2A.1`, `C56D.1`).
    case sdkOnly = "sdk-only"
    /// Only one kind of app, named by `ReasonCode.appKind` (`3EC4.1`, `B728.1`).
    case appKindRestricted = "app-kind-restricted"
  }

  /// The kinds of app a restricted reason code is reserved for.
  package enum AppKind: String, Sendable, Hashable, CatalogEnumeration {
    /// An app whose main purpose is a system-wide custom keyboard.
    case customKeyboard = "custom-keyboard"
    /// A health-research app (App Review Guideline 5.1.3).
    case healthResearch = "health-research"
  }

  /// The code exactly as a manifest spells it, `XXXX.N` (case-sensitive, the `.N` is part of it).
  package var code: String
  /// What the code allows, in one line (paraphrased, not Apple's text).
  package var summary: String
  /// Who may declare it.
  package var usableBy: Eligibility
  /// The only kind of app that may declare it, when `usableBy` is `.appKindRestricted`.
  package var appKind: AppKind?

  /// Creates a reason code.
  package init(code: String, summary: String, usableBy: Eligibility, appKind: AppKind? = nil) {
    self.code = code
    self.summary = summary
    self.usableBy = usableBy
    self.appKind = appKind
  }
}

extension APICategory {
  /// Reads a category; every field is required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    id = try node.member("id").string()
    title = try node.member("title").string()
    reasons = try node.member("reasons").elements().map(ReasonCode.init(json:))
  }
}

extension ReasonCode {
  /// Reads a reason code; `appKind` may be left out.
  init(json node: JSONNode) throws(JSONDocumentError) {
    code = try node.member("code").string()
    summary = try node.member("summary").string()
    usableBy = try Eligibility(json: node.member("usableBy"))
    appKind = try node.optionalMember("appKind").map(AppKind.init(json:))
  }
}
