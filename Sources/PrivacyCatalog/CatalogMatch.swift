/// One catalog hit in one image: which API or resource, the symbol as the binary spells it, how
/// it was found, and where it binds. The evidence a finding cites.
public struct CatalogMatch: Sendable, Hashable {
  /// What the matched symbol is evidence of.
  package enum Subject: Sendable, Hashable {
    /// A required-reason API (`RequiredReasonAPI.id`) and the full category strings it belongs to.
    case requiredReasonAPI(id: String, categories: [String])
    /// A protected resource (`ProtectedResource.id`) and what this evidence proves.
    case protectedResource(id: String, strength: EvidenceStrength)
  }

  /// How the symbol was found.
  public enum Via: String, Sendable, Hashable, CaseIterable {
    /// An imported (undefined) symbol with exactly the catalog's name.
    case `import`
    /// A selector the image sends (`__objc_selrefs`).
    case selector
    /// An `_objc_msgSend$<selector>` stub import (objects and static archives built by Xcode 14+).
    case objcStub = "objc-stub"
    /// An imported Swift symbol that starts with one of the catalog's Swift prefixes.
    case swiftSymbol = "swift-symbol"
    /// An Objective-C class or Swift module the binary defines (a commonly used SDK's signature).
    case definition
    /// The name of the framework, library or bundle (a commonly used SDK's name or alias).
    case bundleName = "bundle-name"
    /// A binary's install name (`LC_ID_DYLIB`) or file name (a bundle's `CFBundleExecutable`), a
    /// commonly used SDK's name or alias: what a renamed folder keeps.
    case binaryName = "binary-name"
    /// The last part of the bundle's `CFBundleIdentifier` (a commonly used SDK's name or alias).
    case bundleIdentifier = "bundle-identifier"
    /// The package name a dependency manager recorded for the target (a commonly used SDK's name or alias).
    case packageName = "package-name"
    /// A whole C string naming the API, in an image that imports a dynamic-lookup function
    /// (`possible-dynamic-use` only: never a use).
    case string
    /// A library or framework the binary links against, by install name (`policy-denied-linked-library` only).
    case linkedLibrary = "linked-library"
  }

  /// What the symbol is evidence of.
  package var subject: Subject
  /// The symbol or selector exactly as spelled in the image.
  package var symbol: String
  /// How it was found.
  package var via: Via
  /// The kind of catalog spelling that matched.
  package var spellingKind: Spelling.Kind
  /// The library the import binds to (`Image.libraryName(of:)`); `nil` for selectors and unknown binds.
  package var library: String?
  /// The ELF symbol version (e.g. `GLIBC_2.33`), when the import has one.
  package var version: String?
  /// True for spellings Apple does not list: shown for information, never a use that needs declaring.
  package var isAdvisory: Bool

  /// Creates a match.
  package init(
    subject: Subject, symbol: String, via: Via, spellingKind: Spelling.Kind, library: String? = nil,
    version: String? = nil, isAdvisory: Bool = false
  ) {
    self.subject = subject
    self.symbol = symbol
    self.via = via
    self.spellingKind = spellingKind
    self.library = library
    self.version = version
    self.isAdvisory = isAdvisory
  }

  /// The required-reason categories this match is a use of; empty for resource evidence.
  package var categories: [String] {
    if case .requiredReasonAPI(_, let categories) = subject { return categories }
    return []
  }

  /// The API identifier, when the match is a required-reason API.
  package var apiID: String? {
    if case .requiredReasonAPI(let id, _) = subject { return id }
    return nil
  }

  /// The resource identifier, when the match is resource evidence.
  package var resourceID: String? {
    if case .protectedResource(let id, _) = subject { return id }
    return nil
  }

  /// The evidence strength, when the match is resource evidence.
  package var strength: EvidenceStrength? {
    if case .protectedResource(_, let strength) = subject { return strength }
    return nil
  }
}
