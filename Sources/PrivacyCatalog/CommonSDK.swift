package import BinaryImage
import JSONDocuments

/// One entry of Apple's list of commonly used third-party SDKs (ITMS-91061), with what
/// recognises it in a scanned folder or binary.
///
/// `name` is spelled exactly as Apple's list spells it (`BoringSSL / openssl_grpc`). A target is
/// recognised by its name or the last part of its `CFBundleIdentifier` (the name or an alias), and
/// a binary by what it **defines** that only the SDK's code defines: every class and C symbol the
/// SDK's public headers declare as its own (`classes` and `symbols`, read from `classesSource`
/// and `symbolsSource`), or a type of its Swift module. A class prefix proves nothing (vendors share them: `FBSDK`, `GTM`, `GUL`), so none is kept.
package struct CommonSDK: Sendable, Hashable {
  /// The SDK's name as Apple's list spells it; unique in the catalog.
  package var name: String
  /// Other names a framework, library, pod, package or bundle identifier uses for it (`lottie-ios`, `DGCharts`).
  package var aliases: [String]
  /// Objective-C classes the SDK's public headers declare as its own (`FMDatabase`,
  /// `FMDatabaseQueue`), each checked against `classesSource`: a binary that defines every one
  /// of them includes the SDK, whatever it is named. Empty when none are documented.
  package var classes: [String]
  /// Where `classes` were read (the SDK's headers, by repository and file).
  package var classesSource: String?
  /// C functions and data the SDK's public headers declare and its library defines
  /// (`SSL_CTX_new`), spelled without Mach-O's leading underscore: a binary that defines every
  /// one of them, and every class of `classes`, includes the SDK. Importing them proves nothing.
  package var symbols: [String]
  /// Where `symbols` were read (the SDK's headers, by repository and file).
  package var symbolsSource: String?
  /// Swift modules it defines (`Alamofire`); unique across the catalog.
  package var swiftModules: [String]
  /// Provenance or caveats.
  package var note: String?

  /// Creates an entry.
  package init(
    name: String, aliases: [String] = [], classes: [String] = [], classesSource: String? = nil,
    symbols: [String] = [], symbolsSource: String? = nil, swiftModules: [String] = [], note: String? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.classes = classes
    self.classesSource = classesSource
    self.symbols = symbols
    self.symbolsSource = symbolsSource
    self.swiftModules = swiftModules
    self.note = note
  }

  /// Every name the SDK goes by: `name`, the part of it before ` / ` and after it, and the aliases.
  package var names: [String] {
    let parts = Self.parts(of: name)
    return (parts.count > 1 ? [name] + parts : [name]) + aliases
  }

  /// `name` split at each ` / `, empty parts left out, as `split(separator: " / ")` splits it,
  /// character by character: the pattern matching behind that call cost thirty thousand
  /// instructions a name, and every scan builds the names of every SDK twice.
  private static func parts(of name: String) -> [String] {
    let characters = Array(name)
    var parts: [String] = []
    var part = ""
    var index = 0
    while index < characters.count {
      if index + 2 < characters.count, characters[index] == " ", characters[index + 1] == "/",
        characters[index + 2] == " "
      {
        if !part.isEmpty { parts.append(part) }
        part = ""
        index += 3
      } else {
        part.append(characters[index])
        index += 1
      }
    }
    if !part.isEmpty { parts.append(part) }
    return parts
  }
}

extension CommonSDK {
  /// Reads an entry; everything but `name` may be left out. `classPrefixes`, which earlier
  /// catalogs had, is refused: a prefix several vendors share identifies none of them.
  init(json node: JSONNode) throws(JSONDocumentError) {
    name = try node.member("name").string()
    if let prefixes = try node.optionalMember("classPrefixes") {
      throw prefixes.error(
        "class prefixes no longer recognise an SDK (vendors share them); list the classes its public headers "
          + "declare as \"classes\", with \"classesSource\" saying where they were read")
    }
    aliases = try node.optionalMember("aliases")?.strings() ?? []
    classes = try node.optionalMember("classes")?.strings() ?? []
    classesSource = try node.optionalMember("classesSource")?.string()
    symbols = try node.optionalMember("symbols")?.strings() ?? []
    symbolsSource = try node.optionalMember("symbolsSource")?.string()
    swiftModules = try node.optionalMember("swiftModules")?.strings() ?? []
    note = try node.optionalMember("note")?.string()
  }
}

/// A commonly used SDK recognised in one image by what the image defines.
package struct CommonSDKMatch: Sendable, Hashable {
  /// How the image proves it holds the SDK's code.
  package enum Proof: Sendable, Hashable {
    /// It defines every class and C symbol the catalog documents as the SDK's own
    /// (`CommonSDK.classes`, `CommonSDK.symbols`).
    case documentedDefinitions
    /// It defines types of the SDK's Swift module (their nominal type or protocol descriptors).
    case swiftModule
  }

  /// `CommonSDK.name`.
  package var sdk: String
  /// How the image proves it: documented definitions win over a module when it has both.
  package var proof: Proof
  /// The definitions that prove it, as the binary spells them (`_OBJC_CLASS_$_FMDatabase`,
  /// `_SSL_CTX_new`, `_$s9Alamofire7SessionCMn`): every documented class, every documented C
  /// symbol, then the first module descriptors found, at most `CommonSDKMatch.shownSymbols` of
  /// those; sorted within each.
  package var symbols: [String]

  /// The most module descriptors kept as evidence per SDK and image.
  package static let shownSymbols = 5

  /// Creates a match.
  package init(sdk: String, proof: Proof, symbols: [String]) {
    self.sdk = sdk
    self.proof = proof
    self.symbols = symbols
  }
}

/// Recognises commonly used SDKs by what an image defines (`Image.definedClasses`,
/// `Image.documentedDefinitions`, `Image.swiftModuleDescriptors`): every class and C symbol the
/// catalog documents as an SDK's own, or a type of its Swift module. Built once per catalog.
///
/// An image that links an SDK as a library (`@rpath/FBSDKCoreKit.framework/FBSDKCoreKit`) uses
/// that SDK from another file and does not include it, whatever else it defines; so does one that
/// only imports the SDK's symbols. A class is one hash lookup, a C symbol or a Swift module another; bytes are hashed straight from the image's `NameTable`,
/// and a `String` is built only for a definition that matched.
package struct CommonSDKMatcher: Sendable {
  private let names: [String]
  /// Each SDK's names, lowercased, as a linked library's bare name would spell them.
  private let libraryNames: [Set<String>]
  private let modules: ByteKeyTable<Int>
  private let documented: ByteKeyTable<Int>
  /// Documented C symbols, without Mach-O's leading underscore.
  private let documentedSymbols: ByteKeyTable<Int>
  private let documentedCounts: [Int]
  /// The names a reader keeps for `matches(in:)` (`ReadOptions.definitionFilter`): every
  /// documented C symbol as Mach-O (`_SSL_CTX_new`) and ELF (`SSL_CTX_new`) spell it.
  package let definitionFilter: DefinitionFilter

  /// Prepares the tables for `sdks`; of two equal modules or classes the first entry keeps it.
  package init(sdks: [CommonSDK]) {
    names = sdks.map(\.name)
    libraryNames = sdks.map { Set($0.names.flatMap { [$0.lowercased(), "lib" + $0.lowercased()] }) }
    let indexed = sdks.enumerated()
    modules = ByteKeyTable(indexed.flatMap { index, sdk in sdk.swiftModules.map { (Array($0.utf8), index) } })
    documented = ByteKeyTable(indexed.flatMap { index, sdk in sdk.classes.map { (Array($0.utf8), index) } })
    documentedSymbols = ByteKeyTable(indexed.flatMap { index, sdk in sdk.symbols.map { (Array($0.utf8), index) } })
    documentedCounts = sdks.map { Set($0.classes).count + Set($0.symbols).count }
    definitionFilter = DefinitionFilter(names: sdks.flatMap(\.symbols).flatMap { ["_" + $0, $0] })
  }

  /// The SDKs whose code `image` defines, by name.
  package func matches(in image: Image) -> [CommonSDKMatch] {
    var classes: [Int: Set<String>] = [:]
    var symbols: [Int: Set<String>] = [:]
    var descriptors: [Int: [String]] = [:]
    image.names.storage.withUnsafeBytes { storage in
      for reference in image.definedClasses {
        guard let sdk = documented.value(for: CatalogMatcher.bytes(of: reference, in: storage)) else { continue }
        classes[sdk, default: []].insert(image.names.string(reference))
      }
      for reference in image.documentedDefinitions {
        guard let name = Self.cName(CatalogMatcher.bytes(of: reference, in: storage), format: image.format),
          let sdk = documentedSymbols.value(for: name)
        else { continue }
        symbols[sdk, default: []].insert(image.names.string(reference))
      }
      for reference in image.swiftModuleDescriptors {
        let descriptor = CatalogMatcher.bytes(of: reference, in: storage)
        guard let module = DefinedIdentities.swiftModule(ofDescriptor: descriptor), let sdk = modules.value(for: module)
        else { continue }
        if descriptors[sdk, default: []].count < CommonSDKMatch.shownSymbols {
          descriptors[sdk, default: []].append(image.names.string(reference))
        }
      }
    }
    // The counts alone, captured: a closure that captured `self` copied the whole matcher (a
    // retain of each of its tables) for every SDK tested, in every image.
    let documentedCounts = documentedCounts
    let identified = Set(classes.keys).union(symbols.keys).filter { sdk in
      (classes[sdk]?.count ?? 0) + (symbols[sdk]?.count ?? 0) == documentedCounts[sdk]
    }
    // Most images define no SDK's code: their libraries' names are not looked at.
    guard !identified.isEmpty || !descriptors.isEmpty else { return [] }
    let linked = Set(image.libraries.map { $0.bareName.lowercased() })
    return identified.union(descriptors.keys).sorted().compactMap { sdk in
      guard libraryNames[sdk].isDisjoint(with: linked) else { return nil }
      let definitions =
        identified.contains(sdk)
        ? (classes[sdk] ?? []).sorted().map { "_OBJC_CLASS_$_" + $0 } + (symbols[sdk] ?? []).sorted() : []
      return CommonSDKMatch(
        sdk: names[sdk], proof: definitions.isEmpty ? .swiftModule : .documentedDefinitions,
        symbols: definitions + (descriptors[sdk] ?? []).sorted())
    }
  }

  /// The C name a defined symbol spells: a Mach-O name without its leading underscore (`nil`
  /// without one: not a C name), an ELF name as it is.
  private static func cName(_ name: UnsafeRawBufferPointer, format: Image.Format) -> UnsafeRawBufferPointer? {
    guard format == .machO else { return name }
    guard name.first == UInt8(ascii: "_") else { return nil }
    return UnsafeRawBufferPointer(rebasing: name[1...])
  }
}
