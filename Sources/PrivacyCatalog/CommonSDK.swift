package import BinaryImage
import JSONDocuments

/// One entry of Apple's list of commonly used third-party SDKs (ITMS-91061), with what
/// recognises it in a scanned folder or binary.
///
/// `name` is spelled exactly as Apple's list spells it (`BoringSSL / openssl_grpc`). A target is
/// recognised by its name or the last part of its `CFBundleIdentifier` (the name or an alias), and
/// a binary by the Objective-C classes and Swift modules it **defines**, so the SDK is found under
/// another file name or merged into another binary.
package struct CommonSDK: Sendable, Hashable {
  /// The SDK's name as Apple's list spells it; unique in the catalog.
  package var name: String
  /// Other names a framework, library, pod, package or bundle identifier uses for it (`lottie-ios`, `DGCharts`).
  package var aliases: [String]
  /// Prefixes of the Objective-C classes it defines (`FBSDKLogin`); the longest prefix that
  /// matches a class decides, so `FBSDKLogin` wins over `FBSDK`. Unique across the catalog.
  package var classPrefixes: [String]
  /// Objective-C classes the SDK's public headers declare as its own (`FMDatabase`,
  /// `FMDatabaseQueue`), each checked against `classesSource`: a binary that defines every one
  /// of them includes the SDK, whatever it is named. Empty when none are documented.
  package var classes: [String]
  /// Where `classes` were read (the SDK's headers, by repository and file).
  package var classesSource: String?
  /// Swift modules it defines (`Alamofire`); unique across the catalog.
  package var swiftModules: [String]
  /// Provenance or caveats.
  package var note: String?

  /// Creates an entry.
  package init(
    name: String, aliases: [String] = [], classPrefixes: [String] = [], classes: [String] = [],
    classesSource: String? = nil, swiftModules: [String] = [], note: String? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.classPrefixes = classPrefixes
    self.classes = classes
    self.classesSource = classesSource
    self.swiftModules = swiftModules
    self.note = note
  }

  /// Every name the SDK goes by: `name`, the part of it before ` / ` and after it, and the aliases.
  package var names: [String] {
    let parts = name.split(separator: " / ").map(String.init)
    return (parts.count > 1 ? [name] + parts : [name]) + aliases
  }
}

extension CommonSDK {
  /// Reads an entry; everything but `name` may be left out.
  init(json node: JSONNode) throws(JSONDocumentError) {
    name = try node.member("name").string()
    aliases = try node.optionalMember("aliases")?.strings() ?? []
    classPrefixes = try node.optionalMember("classPrefixes")?.strings() ?? []
    classes = try node.optionalMember("classes")?.strings() ?? []
    classesSource = try node.optionalMember("classesSource")?.string()
    swiftModules = try node.optionalMember("swiftModules")?.strings() ?? []
    note = try node.optionalMember("note")?.string()
  }
}

/// A commonly used SDK recognised in one image by what the image defines.
package struct CommonSDKMatch: Sendable, Hashable {
  /// `CommonSDK.name`.
  package var sdk: String
  /// The definitions that recognise it, as the binary spells them (`_OBJC_CLASS_$_FBSDKLoginManager`,
  /// `$s9Alamofire` for a Swift module): the first `CommonSDKMatch.shownSymbols` in the image's
  /// order, sorted.
  package var symbols: [String]
  /// How many classes and modules matched in all.
  package var count: Int
  /// The SDK's documented classes (`CommonSDK.classes`) the image defines, sorted: when they are
  /// all of them, the image includes the SDK (`identifies`).
  package var documentedClasses: [String] = []
  /// Whether the image defines every class the catalog documents as the SDK's own.
  package var identifies = false

  /// The most definitions kept as evidence per SDK and image.
  package static let shownSymbols = 5

  /// Creates a match.
  package init(sdk: String, symbols: [String], count: Int) {
    self.sdk = sdk
    self.symbols = symbols
    self.count = count
  }
}

/// Recognises commonly used SDKs by the classes and Swift modules an image defines
/// (`Image.definedClasses`, `Image.swiftModuleDescriptors`). Built once per catalog.
///
/// A Swift module is one hash lookup; a class is looked up once per distinct prefix length,
/// longest first, so the most specific prefix wins. Bytes are hashed straight from the image's
/// `NameTable`; a `String` is built only for a definition that matched.
package struct CommonSDKMatcher: Sendable {
  private let names: [String]
  private let modules: ByteKeyTable<Int>
  private let prefixes: ByteKeyTable<Int>
  private let prefixLengths: [Int]
  private let documented: ByteKeyTable<Int>
  private let documentedCounts: [Int]

  /// Prepares the tables for `sdks`; of two equal prefixes or modules the first entry keeps it.
  package init(sdks: [CommonSDK]) {
    names = sdks.map(\.name)
    let indexed = sdks.enumerated()
    modules = ByteKeyTable(indexed.flatMap { index, sdk in sdk.swiftModules.map { (Array($0.utf8), index) } })
    prefixes = ByteKeyTable(indexed.flatMap { index, sdk in sdk.classPrefixes.map { (Array($0.utf8), index) } })
    prefixLengths = Set(sdks.flatMap { $0.classPrefixes.map(\.utf8.count) }).sorted(by: >)
    documented = ByteKeyTable(indexed.flatMap { index, sdk in sdk.classes.map { (Array($0.utf8), index) } })
    documentedCounts = sdks.map { Set($0.classes).count }
  }

  /// The SDKs `image` defines classes or Swift modules of, by name.
  package func matches(in image: Image) -> [CommonSDKMatch] {
    var found: [Int: CommonSDKMatch] = [:]
    func record(_ sdk: Int, _ symbol: @autoclosure () -> String) {
      var match = found[sdk] ?? CommonSDKMatch(sdk: names[sdk], symbols: [], count: 0)
      match.count += 1
      if match.symbols.count < CommonSDKMatch.shownSymbols { match.symbols.append(symbol()) }
      found[sdk] = match
    }
    image.names.storage.withUnsafeBytes { storage in
      for reference in image.definedClasses {
        let name = CatalogMatcher.bytes(of: reference, in: storage)
        if let sdk = documented.value(for: name) {
          let className = image.names.string(reference)
          var match = found[sdk] ?? CommonSDKMatch(sdk: names[sdk], symbols: [], count: 0)
          if !match.documentedClasses.contains(className) { match.documentedClasses.append(className) }
          found[sdk] = match
        }
        for length in prefixLengths where length <= name.count {
          guard let sdk = prefixes.value(for: UnsafeRawBufferPointer(rebasing: name[..<length])) else { continue }
          record(sdk, "_OBJC_CLASS_$_" + image.names.string(reference))
          break
        }
      }
      for reference in image.swiftModuleDescriptors {
        let descriptor = CatalogMatcher.bytes(of: reference, in: storage)
        guard let module = DefinedIdentities.swiftModule(ofDescriptor: descriptor), let sdk = modules.value(for: module)
        else { continue }
        record(sdk, image.names.string(reference))
      }
    }
    return found.keys.sorted().compactMap { sdk in
      found[sdk].map { match in
        var sorted = match
        sorted.symbols.sort()
        sorted.documentedClasses.sort()
        sorted.identifies = documentedCounts[sdk] > 0 && sorted.documentedClasses.count == documentedCounts[sdk]
        return sorted
      }
    }
  }
}
