/// Each rule's facts in one declaration: its ID, the severities it reports with, the App Store
/// Connect code its errors predict, what it checks and how to fix what it reports. SARIF's `reportingDescriptor`s are written from it, and
/// tests hold every finding's severity and `Docs/RULES.md`'s headings to it.
package struct RuleDocumentation: Sendable, Hashable {
  /// The rule.
  package var rule: RuleID
  /// The severity the rule reports with unless a finding says otherwise. Each severity follows
  /// the evidence table in Docs/RULES.md: error where App Store Connect is documented or
  /// observed to reject, warning where Apple documents it as wrong but App Store Connect
  /// accepts it, note for sdkvet's own advice.
  package var defaultSeverity: Severity
  /// The other severities some of its findings carry, each for a case `Docs/RULES.md` names
  /// (`invalid-privacy-manifest` reports an empty `NSPrivacyAccessedAPITypes` as a warning).
  package var otherSeverities: [Severity] = []
  /// The App Store Connect code an error of this rule predicts at Apple's documented location;
  /// `nil` when App Store Connect has none. Where in a manifest, or whether the manifest is in a
  /// resource bundle, refines it (`RuleID.appStoreCode(aspect:inResourceBundle:)`).
  package var appStoreCode: AppStoreCode? = nil
  /// One sentence: what is wrong.
  package var summary: String
  /// Why it matters.
  package var detail: String
  /// How to fix it, in Markdown (code in backticks).
  package var fixMarkdown: String

  /// Every severity its findings may carry, the default first (a policy may set others).
  package var severities: [Severity] { [defaultSeverity] + otherSeverities }

  /// The rule ID as an UpperCamelCase name, as SARIF's `reportingDescriptor.name` suggests:
  /// `missing-privacy-manifest` → `MissingPrivacyManifest`.
  package var name: String {
    rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The fix as plain text (the Markdown without backticks).
  package var fixText: String { String(fixMarkdown.filter { $0 != "`" }) }

  /// Every rule, in `RuleID.allCases` order (the order SARIF's `rules` array and `ruleIndex` use).
  package static let all: [RuleDocumentation] = RuleID.allCases.map(documentation)

  /// The documentation of `rule`.
  package static func of(_ rule: RuleID) -> RuleDocumentation {
    all[RuleID.allCases.firstIndex(of: rule) ?? 0]
  }

  private static func documentation(of rule: RuleID) -> RuleDocumentation {
    switch rule {
    case .missingPrivacyManifest:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, otherSeverities: [.note], appStoreCode: .missingAPIDeclaration,
        summary: "A Mach-O target uses a required-reason API and has no privacy manifest.",
        detail:
          "App Store Connect rejects an upload whose SDKs use required-reason APIs without a PrivacyInfo.xcprivacy declaring each category and its approved reasons.",
        fixMarkdown:
          "Add a `PrivacyInfo.xcprivacy` to the bundle that lists every used category under `NSPrivacyAccessedAPITypes` with an approved reason code."
      )
    case .undeclaredAPICategory:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, otherSeverities: [.note], appStoreCode: .missingAPIDeclaration,
        summary: "A required-reason category used by a binary is not declared in the privacy manifest.",
        detail:
          "Each category an SDK or app uses must be declared with at least one approved reason; the evidence lists the imports and selectors that use it.",
        fixMarkdown:
          "Add the category to `NSPrivacyAccessedAPITypes` with the reason code that matches the use, or remove the use."
      )
    case .invalidReasonCode:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, appStoreCode: .invalidAPIReason,
        summary: "A declared reason code does not exist.",
        detail:
          "Only the reason codes Apple publishes for a category are accepted; a typo or invented code fails validation.",
        fixMarkdown:
          "Replace the code in `NSPrivacyAccessedAPITypeReasons` with an approved code for the category (`sdkvet catalog` lists them)."
      )
    case .reasonNotValidForCategory:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, appStoreCode: .invalidAPIReason,
        summary: "A real reason code is declared under a category it does not belong to.",
        detail: "App Store Connect reports this as ITMS-91055: each reason code is approved for one category only.",
        fixMarkdown: "Move the code to its own category, or pick an approved code of this category.")
    case .reasonNotForThisKind:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A reason code is declared by a kind of target it is not meant for.",
        detail:
          "Some codes are for third-party SDKs only (0A2A.1, C56D.1); others only for a kind of app (3EC4.1 custom keyboards, B728.1 health research).",
        fixMarkdown: "Declare the code approved for this kind of target.")
    case .unusedAPIDeclaration:
      RuleDocumentation(
        rule: rule, defaultSeverity: .note,
        summary: "A declared category has no evidence in any binary of the target.",
        detail:
          "The declaration may be stale, or the API is reached in a way sdkvet cannot see (dynamic lookup, another binary).",
        fixMarkdown: "Remove the declaration if nothing uses the category; otherwise keep it and note why.")
    case .invalidPrivacyManifest:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, otherSeverities: [.warning, .note], appStoreCode: .invalidManifest,
        summary: "The privacy manifest does not parse or breaks Apple's validity rules.",
        detail:
          "An unreadable property list, wrong value types, an unknown or shortened category string (ITMS-91054), an empty reasons array or unexpected keys; an empty NSPrivacyAccessedAPITypes array is reported as a warning.",
        fixMarkdown:
          "Fix the `PrivacyInfo.xcprivacy` named in the finding so it parses and uses the documented keys and types.")
    case .unreadableBinary:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A file that presents itself as a binary could not be read.",
        detail:
          "A truncated, corrupt or disguised binary hides what it imports, which is exactly what a reviewer must see; the scan goes on without it.",
        fixMarkdown:
          "Check the file named in the finding (`file`, `otool -hv`, `llvm-nm`) and obtain a readable build from the vendor."
      )
    case .unreadablePrivacyManifest:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A privacy manifest is there but could not be read.",
        detail:
          "The file could not be read (an I/O error, larger than the 8 MiB sdkvet reads, refused by an archive's bound on what it decompresses): that says nothing of its content, so it is not reported invalid, and the categories, tracking and tracking domains it may declare are not judged for the binaries it covers. The verdict is \"cannot tell\" unless another error predicts a rejection.",
        fixMarkdown:
          "Check the file named in the finding (permissions, size, the archive it came from) and scan again; a manifest is a few KiB."
      )
    case .noBinary:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A framework or xcframework holds no binary.",
        detail:
          "A folder named like a bundle that holds only text, headers or resources has nothing to audit: its name alone is not an SDK (no listed-SDK, signature or manifest rule judges it), and App Store Connect sees no binary in it. One finding says so.",
        fixMarkdown:
          "If the folder should hold an SDK's binary, the download or copy is incomplete: fetch the release again. Otherwise remove it from what you ship or scan."
      )
    case .archiveEntryAmbiguous:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "An archive stores one name twice, or under names extractors fold into one.",
        detail:
          "unzip, Xcode and Python's zipfile install the copy last in the archive, some libarchive-based tools the first, and a name spelt with a backslash or './' is folded into another by some extractors only: two people can unpack different binaries from one archive. sdkvet audits every copy (the earlier ones under NAME\\copy-N) and reports the name.",
        fixMarkdown:
          "Ask the vendor for an archive that stores each name once (`zipinfo` lists the duplicates); audit the copy your build actually installs."
      )
    case .binaryHeadersInconsistent:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A binary's section headers disagree with the dynamic segment the loader reads.",
        detail:
          "The dynamic loader binds imports through the program headers and ignores section headers, so a vendor can remove or alter them to hide imports from tools that read sections; sdkvet reports the uses the loader binds and says what disagrees.",
        fixMarkdown:
          "Ask the vendor why the binary was post-processed (section headers stripped or edited) and for a build straight from the linker; compare `readelf --dyn-syms --use-dynamic` with `nm -D`."
      )
    case .unsignedBinarySDK:
      RuleDocumentation(
        rule: rule, defaultSeverity: .note,
        summary: "An xcframework has no signature, or only an ad-hoc one.",
        detail:
          "A signature with a certificate says who built the binary, and Xcode fails the build when a later release is signed by someone else; App Store Connect rejects commonly used SDKs shipped unsigned (ITMS-91065). Nothing here verifies a certificate chain.",
        fixMarkdown:
          "Ask the vendor for a signed release (`codesign --timestamp -s <identity> X.xcframework`), and check it with `codesign -dv`."
      )
    case .signatureInnerUnsigned:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "An xcframework is signed, but a framework inside it is not.",
        detail:
          "Signing an xcframework seals its files but does not sign the frameworks in its slices; Apple asks for each framework to be signed too, and an unsigned inner framework is what gets embedded in the app.",
        fixMarkdown:
          "The vendor signs each `.framework` (`codesign -s <identity>`) before `xcodebuild -create-xcframework`, then signs the xcframework."
      )
    case .signatureSealMismatch:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "An xcframework's files do not match the seal in its CodeResources.",
        detail:
          "A file sealed at signing is missing, or a file was added that the seal does not list, so `codesign --verify` fails: the bundle is not what was signed. Contents are not hashed, only the list of files is compared.",
        fixMarkdown:
          "Obtain the release as the vendor published it; `codesign --verify --deep --strict -v X.xcframework` names the files."
      )
    case .signatureUnverified:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A signature names no signer sdkvet can tie to a certificate, or two different teams.",
        detail:
          "The signer is taken only from a certificate parsed out of the CMS signature, the one its SignerInfo names, whose signed digest is that of the code directory. A CMS that cannot be parsed, holds no certificate or was made over another code directory names nobody, and a team identifier written in the code directory alone proves nothing; a certificate whose team differs from the code directory's means the signature was edited. The CMS's cryptographic signature and certificate chain are not verified.",
        fixMarkdown:
          "Do not adopt the release on this signature: check it on a Mac with `codesign --verify --strict -v X.xcframework` and `codesign -dv`, and obtain the release from the vendor."
      )
    case .policyDeniedCategory:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A target uses a required-reason category the team's policy denies.",
        detail:
          "The policy file (.sdkvet.json or --policy) lists categories no SDK, or no named SDK, may use; the evidence lists the imports and selectors that use it.",
        fixMarkdown:
          "Remove the SDK or the use, ask the vendor for a build without it, or accept it for this target with an `allow` entry and a `reason`."
      )
    case .policyDeniedPermission:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A target can ask for a protected resource the team's policy denies.",
        detail:
          "The policy file lists permissions (camera, location, contacts, ...) no SDK, or no named SDK, may request; the evidence shows the request or class reference.",
        fixMarkdown:
          "Remove the SDK or the feature that asks, or accept it for this target with an `allow` entry and a `reason`."
      )
    case .policyDeniedTracking:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A target tracks and the team's policy denies tracking.",
        detail:
          "It reads the advertising identifier, requests App Tracking Transparency, or its manifest declares NSPrivacyTracking true.",
        fixMarkdown:
          "Remove the SDK or configure it not to track, or accept it for this target with an `allow` entry and a `reason`."
      )
    case .policyAllowExpired:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "An allow entry of the team's policy has expired.",
        detail:
          "Past its `expires` date an allow entry silences nothing, so the findings it accepted are reported again.",
        fixMarkdown:
          "Review the findings again, then renew the entry's `expires` date or remove the entry."
      )
    case .possibleDynamicUse:
      RuleDocumentation(
        rule: rule, defaultSeverity: .note,
        summary: "A binary may reach a required-reason API by name at run time, without importing it.",
        detail:
          "The binary imports a function that looks symbols, classes or selectors up by name (dlsym, NSClassFromString, NSSelectorFromString, objc_getClass, ...) and holds an API's name as a whole string. That is not proof of a call, so it is never counted as a use.",
        fixMarkdown:
          "Check what the named string is used for (`scan --call-sites` names the functions that call the lookup function); if the code calls the API, declare its category with an approved reason."
      )
    case .trackingDomainUndeclared:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A target that declares tracking names a known tracking host its tracking domains do not cover.",
        detail:
          "Apple asks a target that tracks to list every domain it connects to for tracking in NSPrivacyTrackingDomains: the system blocks the listed domains until the user allows tracking, and an unlisted one escapes that. The host was found as a whole URL or host name string in the binary and is on the catalog's tracking-host list; App Store Connect does not check this at upload.",
        fixMarkdown:
          "Add the host's domain (a listed domain covers its subdomains) to `NSPrivacyTrackingDomains`, or remove the code that contacts it."
      )
    case .policyDeniedLinkedLibrary:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error,
        summary: "A target links against a library or framework the team's policy denies.",
        detail:
          "The policy file lists libraries and frameworks (by install name, file name such as AdSupport.framework or libsqlite3.dylib, or bare name such as AdSupport) no SDK, or no named SDK, may link against; the evidence names each binary that does.",
        fixMarkdown:
          "Remove the SDK, ask the vendor for a build without the library, or accept it for this target with an `allow` entry and a `reason`."
      )
    case .requiresPurposeString:
      RuleDocumentation(
        rule: rule, defaultSeverity: .note,
        summary: "An SDK can trigger a permission prompt; the host app must carry the purpose string.",
        detail:
          "When an SDK calls an API behind a permission, the app that embeds it must have the Info.plist usage description, or the prompt fails or the app is terminated.",
        fixMarkdown:
          "In every app that embeds this SDK, add the Info.plist key named in the finding with a clear purpose string.")
    case .missingPurposeString:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning, appStoreCode: .missingPurposeString,
        summary: "An app reaches a protected resource and lacks its Info.plist purpose string.",
        detail:
          "App Store Connect accepts the upload and mails ITMS-90683 when the app's code, or an SDK linked into it, references an API behind a permission (a CLLocationManager reference alone draws NSLocationWhenInUseUsageDescription); where the code requests the permission, the system also terminates the app when it asks. The message says which: requested (the user is asked) or referenced only (the email, no prompt).",
        fixMarkdown:
          "Add the Info.plist key named in the finding with a sentence that says what the data is used for; where the code is an SDK's and the app never uses the API, ask the vendor for a build without it."
      )
    case .emptyPurposeString:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning, appStoreCode: .invalidPurposeString,
        summary: "An app reaches a protected resource and its Info.plist purpose string is empty.",
        detail:
          "App Store Connect accepts the upload and mails ITMS-90738 (\"The \"\" value for the key isn't allowed\") for an empty value; deleting the key instead draws ITMS-90683.",
        fixMarkdown: "Give the key named in the finding a sentence that says what the data is used for.")
    case .purposeStringStyle:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A purpose string breaks Apple's writing guidance.",
        detail:
          "Empty, placeholder, restated-key, too long or incomplete purpose strings are a common App Review rejection; localized InfoPlist.strings are checked too.",
        fixMarkdown:
          "Write one short, complete sentence that starts with a capital letter, ends with a period and says why the app needs the data."
      )
    case .trackingUndeclared:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "The target shows tracking evidence while its manifest says it does not track.",
        detail:
          "Reading the advertising identifier (with its class, ASIdentifierManager) is tracking evidence; Apple asks for NSPrivacyTracking true then, though App Store Connect does not check it at upload. Requesting App Tracking Transparency is not: a consent SDK shows the prompt for its host app.",
        fixMarkdown: "Set `NSPrivacyTracking` to true and list `NSPrivacyTrackingDomains`, or remove the tracking code."
      )
    case .trackingWithoutAuthorization:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary:
          "The advertising identifier is read without App Tracking Transparency, or ATT is requested without its purpose string.",
        detail:
          "An app must request tracking authorization before it reads the advertising identifier, and ATT requires NSUserTrackingUsageDescription.",
        fixMarkdown:
          "Call `requestTrackingAuthorizationWithCompletionHandler:` before reading the identifier and add `NSUserTrackingUsageDescription`."
      )
    case .trackingDomainsMissing:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, appStoreCode: .invalidTracking,
        summary: "NSPrivacyTracking is true with no tracking domains.",
        detail:
          "TN3181 calls this manifest invalid and App Store Connect has rejected it (ITMS-91064); a target that tracks lists the domains it tracks through so the system can block them until the user allows tracking.",
        fixMarkdown: "List the tracking domains in `NSPrivacyTrackingDomains`.")
    case .listedSDKWithoutManifest:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, appStoreCode: .missingManifest,
        summary: "A commonly used SDK on Apple's list, or a target that includes one, has no privacy manifest.",
        detail:
          "App Store Connect rejects a new app, or an update that adds one, when an SDK on Apple's list of commonly used third-party SDKs ships without a PrivacyInfo.xcprivacy (ITMS-91061), whatever its version and also when it is repackaged inside another binary. sdkvet recognises the SDK by its name, its binaries' names, its bundle identifier, every Objective-C class its headers declare, or the types of its Swift module that a binary defines; a class prefix proves nothing.",
        fixMarkdown:
          "Update the SDK to a release that ships a `PrivacyInfo.xcprivacy`, or ask the vendor of the binary that includes it for one."
      )
    case .listedSDKUnsigned:
      RuleDocumentation(
        rule: rule, defaultSeverity: .error, appStoreCode: .missingSignature,
        summary: "A commonly used SDK on Apple's list ships without a certificate signature.",
        detail:
          "App Store Connect rejects an app that uses an SDK on Apple's list of commonly used third-party SDKs as a binary dependency without a signature (ITMS-91065). sdkvet sees it when the SDK's xcframework has no certificate signature (unsigned or ad hoc), or when an exported app's signature receipt for it says it was not signed.",
        fixMarkdown: "Use a release of the SDK signed by its vendor (`codesign -dv X.xcframework` shows the signer)."
      )
    case .malformedLockFile:
      RuleDocumentation(
        rule: rule, defaultSeverity: .warning,
        summary: "A dependency manager's lock or state file cannot be read in full.",
        detail:
          "sdkvet names and versions each SDK a dependency manager put in the scanned folder from the manager's files (Package.resolved, workspace-state.json, Podfile.lock, Cartfile.resolved, Carthage .version files); a file it cannot read leaves the SDK's version or origin unknown in the report.",
        fixMarkdown:
          "Regenerate the file with its manager (`swift package resolve`, `pod install`, `carthage bootstrap`), or fix the line the finding names."
      )
    }
  }
}
