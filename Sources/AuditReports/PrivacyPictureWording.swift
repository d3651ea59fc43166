import AuditModel
import PrivacyAudit
import PrivacyCatalog
import ScanFiles

/// The words the text, Markdown and HTML privacy reports share: short names for Apple's long
/// keys, and the sentences that frame the tables, so every format says the same thing.
enum PrivacyPictureWording {
  /// `NSPrivacyCollectedDataTypeCrashData` → `CrashData`; other strings as they are.
  static func dataType(_ value: String) -> String { dropping("NSPrivacyCollectedDataType", from: value) }

  /// `NSPrivacyCollectedDataTypePurposeAnalytics` → `Analytics`.
  static func purpose(_ value: String) -> String { dropping("NSPrivacyCollectedDataTypePurpose", from: value) }

  /// `NSPrivacyAccessedAPICategoryUserDefaults` → `UserDefaults`.
  static func category(_ value: String) -> String { Catalog.shortCategoryName(value) }

  /// `yes` or `no`.
  static func flag(_ value: Bool) -> String { value ? "yes" : "no" }

  /// `NSPrivacyTracking` as the bundle declares it: `true`, `false`, `not set`, or `not known`
  /// when a manifest could not be read and none read says true.
  static func tracking(of bundle: PrivacyPicture.Bundle) -> String {
    switch bundle.declaredTracking {
    case true?: "true"
    case _ where !bundle.readEveryManifest: "not known"
    case false?: "false"
    case nil: "not set"
    }
  }

  /// The headline's counts.
  static func headline(_ picture: PrivacyPicture) -> String {
    "\(picture.bundles.count) bundles, \(picture.dataTypes.count) collected data types declared, "
      + "\(picture.vendorQuestions.count) questions for vendors"
      + (picture.ownCodeQuestions.isEmpty ? "" : ", \(picture.ownCodeQuestions.count) about the app's own code")
  }

  /// What the union is, above its table.
  static let unionIntroduction =
    "App Privacy, as App Store Connect asks for it: every data type the bundles' manifests declare "
    + "(NSPrivacyCollectedDataTypes), linked or used for tracking if any declaration says so, with every declared purpose."

  /// Why the questions are questions, above them.
  static let questionsIntroduction =
    "The code of these bundles can reach a capability that no manifest of the bundle declares as collected data. "
    + "Reaching an API is not collecting data: ask the vendor, with the evidence below."

  /// Why the app's own questions are apart, above them.
  static let ownCodeIntroduction =
    "The app's own executable (or extension) can reach a capability that its manifest does not declare as collected data. "
    + "This is a question for the app's team, not for a vendor."

  /// The question itself, about a capability already named: the data types its answer would declare.
  static func question(_ question: PrivacyPicture.Question, dataType: (String) -> String) -> String {
    let answers =
      question.expectedDataTypes.map(dataType) + (question.answeredByTracking ? ["NSPrivacyTracking true"] : [])
    let declared =
      answers.count == 1
      ? "does not declare \(answers[0])"
      : "declares neither \(answers.dropLast().joined(separator: ", ")) nor \(answers[answers.count - 1])"
    return declared + ". Does it collect this data?"
  }

  /// What a bundle whose privacy manifests were not all read declares.
  static let manifestNotRead =
    "a privacy manifest could not be read: what the bundle declares is unknown, the rows above are what the "
    + "others declare, and what its code reaches asks no question"

  /// The row name of an SDK linked into `host`'s binaries: `FMDB (in MergedDBKit.framework/MergedDBKit)`,
  /// each binary named from the host bundle's own folder. Unescaped: the caller escapes it.
  /// What a bundle with unread binaries reaches: `BINARY could not be read: what it reaches is
  /// unknown; the rows below are what the other binaries reach`.
  static func notRead(_ binaries: [String]) -> String {
    binaries.joined(separator: ", ")
      + " could not be read: what \(binaries.count == 1 ? "it reaches" : "they reach") is unknown, "
      + "and the rows below are what the other binaries reach"
  }

  static func includedName(_ sdk: PrivacyPicture.IncludedSDK, in host: PrivacyPicture.Bundle) -> String {
    let folder = host.path.lastComponent.map(String.init) ?? host.path.description
    let binaries = sdk.binaries.map { binary in
      binary.components(below: host.path).map { ([Substring(folder)] + $0).joined(separator: "/") }
        ?? binary.description
    }
    return "\(sdk.sdk) (in \(binaries.joined(separator: ", ")))"
  }

  /// How an included SDK was recognised, for people; `symbols` are the definitions shown.
  static func recognition(_ confidence: SDKDetection.Confidence, symbols: [String]) -> String {
    switch confidence {
    case .classes:
      "identified by every \(SDKDetection.Confidence.documentedKinds(symbols)) the catalog documents as its own"
    case .module: "identified by the types of its Swift module that it defines"
    case .name: "named like it"
    case .identifier: "identified by its bundle identifier or package record"
    }
  }

  private static func dropping(_ prefix: String, from value: String) -> String {
    value.hasPrefix(prefix) && value.count > prefix.count ? String(value.dropFirst(prefix.count)) : value
  }
}
