import BinaryImage
import Foundation
import JSONDocuments
import PrivacyCatalog
import TestSupport
import Testing

/// Apple's list of commonly used SDKs in the catalog, and recognising them by definitions.
@Suite struct CommonSDKTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.builtIn()
  }

  /// An image that defines `classes`, the documented symbols `definitions` (as the binary
  /// spells them) and a type in each Swift module of `modules`, as `DefinedIdentities` leaves
  /// them (a module by the descriptor of a type declared in it).
  private func image(
    classes: [String] = [], definitions: [String] = [], modules: [String] = [], format: Image.Format = .machO
  ) -> Image {
    var synthetic = SyntheticImage(format: format)
    synthetic.image.definedClasses = classes.map { synthetic.image.names.appendTestName($0) }
    synthetic.image.documentedDefinitions = definitions.map { synthetic.image.names.appendTestName($0) }
    synthetic.image.swiftModuleDescriptors = modules.map {
      synthetic.image.names.appendTestName("_$s\($0.utf8.count)\($0)4TypeVMn")
    }
    return synthetic.image
  }

  @Test func theCatalogHasApplesListInItsSpellingAndOrder() throws {
    let names = catalog.commonSDKs.map(\.name)
    #expect(names.count == 86)
    #expect(names.contains("BoringSSL / openssl_grpc"))
    // The fact sheet's list, when the sheet is beside the package.
    if let listed = FactSheet.commonSDKs() {
      #expect(names == listed)
    }
  }

  /// A class prefix proves nothing: classes named like a listed SDK's, or some of its documented
  /// classes alone, attribute the image to no SDK (issue 33: GTMSessionFetcher's own
  /// `GTMStandardUserAgentProvider`, FBSDKGamingServicesKit's own `FBSDKChooseContextDialog`).
  @Test func aPrefixOrSomeDocumentedClassesProveNothing() {
    let matcher = CatalogMatcher(catalog: catalog)
    let classes = [
      "FBSDKLoginManager", "FBSDKLoginTooltipView", "FBSDKChooseContextDialog", "GTMStandardUserAgentProvider",
      "GTMUserAgentStringProvider", "GULUserDefaults", "FIRAppCheck", "FMDatabase", "FMResultSet", "MyOwnClass",
    ]
    #expect(matcher.commonSDKs(in: image(classes: classes)).isEmpty)
  }

  /// Every class the catalog documents as an SDK's own identifies it, with those classes as evidence.
  @Test func everyDocumentedClassIdentifiesTheSDK() throws {
    let matcher = CatalogMatcher(catalog: catalog)
    let all = try #require(
      matcher.commonSDKs(in: image(classes: ["FMDatabase", "FMDatabasePool", "FMDatabaseQueue", "FMResultSet", "Own"]))
        .first)
    #expect(all.sdk == "FMDB" && all.proof == .documentedDefinitions)
    #expect(
      all.symbols == ["FMDatabase", "FMDatabasePool", "FMDatabaseQueue", "FMResultSet"].map { "_OBJC_CLASS_$_" + $0 })
    let outcomes = ["OSIndirectInfluence", "OSInfluence", "OSOutcomeEvent", "OSSessionManager", "STKSticker"]
    #expect(matcher.commonSDKs(in: image(classes: outcomes)).map(\.sdk) == ["OneSignalOutcomes"])
    // FlutterMacOS (the registry corpus's Flet.app) defines Flutter's documented classes.
    let flutter = ["FlutterAppDelegate", "FlutterBasicMessageChannel", "FlutterDartProject", "FlutterEngine"]
    #expect(matcher.commonSDKs(in: image(classes: flutter + ["FlutterMethodChannel"])).map(\.sdk) == ["Flutter"])
  }

  /// C libraries are identified by the functions and data their headers declare, when the image
  /// defines every one (issue 33): nanopb, OpenSSL, gRPC's BoringSSL; FBLPromises by its class
  /// and two symbols. Some of them, or BoringSSL's unprefixed names (no `SSL_CTX_dane_enable`),
  /// identify nothing; ELF spells them without Mach-O's underscore.
  @Test func everyDocumentedSymbolIdentifiesACLibrary() throws {
    let matcher = CatalogMatcher(catalog: catalog)
    let nanopb = ["_pb_decode", "_pb_encode", "_pb_istream_from_buffer", "_pb_ostream_from_buffer"]
    let openSSL = ["_OPENSSL_init_crypto", "_OPENSSL_init_ssl", "_SSL_CTX_dane_enable", "_SSL_CTX_new"]
    let grpcSSL = ["_GRPC_SSL_CTX_new", "_GRPC_SSL_library_init", "_GRPC_SSL_new"]
    let found = matcher.commonSDKs(in: image(definitions: nanopb + openSSL + grpcSSL + ["_own_function"]))
    #expect(found.map(\.sdk) == ["BoringSSL / openssl_grpc", "nanopb", "OpenSSL"])
    #expect(found.allSatisfy { $0.proof == .documentedDefinitions })
    #expect(found.first { $0.sdk == "nanopb" }?.symbols == nanopb)
    let promises = try #require(
      matcher.commonSDKs(
        in: image(classes: ["FBLPromise"], definitions: ["_FBLPromiseErrorDomain", "_FBLWaitForPromisesWithTimeout"])
      ).first)
    #expect(promises.sdk == "FBLPromises")
    #expect(
      promises.symbols == ["_OBJC_CLASS_$_FBLPromise", "_FBLPromiseErrorDomain", "_FBLWaitForPromisesWithTimeout"])
    let extensionClasses = ["OSRequestReceiveReceipts", "OneSignalExtension", "OneSignalExtensionBadgeHandler"]
    #expect(matcher.commonSDKs(in: image(classes: extensionClasses)).map(\.sdk) == ["OneSignalExtension"])

    let boringSSL = ["_OPENSSL_init_crypto", "_OPENSSL_init_ssl", "_SSL_CTX_new", "_SSL_new", "_SSL_library_init"]
    #expect(matcher.commonSDKs(in: image(definitions: boringSSL)).isEmpty, "unprefixed BoringSSL is not OpenSSL")
    #expect(matcher.commonSDKs(in: image(definitions: Array(nanopb.dropLast()))).isEmpty)
    #expect(matcher.commonSDKs(in: image(classes: ["FBLPromise"], definitions: ["_FBLPromiseErrorDomain"])).isEmpty)
    let withoutUnderscore = nanopb.map { String($0.dropFirst()) }
    #expect(matcher.commonSDKs(in: image(definitions: withoutUnderscore)).isEmpty, "not a Mach-O C name")
    #expect(matcher.commonSDKs(in: image(definitions: withoutUnderscore, format: .elf)).map(\.sdk) == ["nanopb"])
  }

  /// The reader keeps exactly the documented symbols, in both spellings.
  @Test func theDefinitionFilterKeepsEveryDocumentedSymbol() {
    let filter = CatalogMatcher(catalog: catalog).definitionFilter
    for name in ["_pb_encode", "pb_encode", "_GRPC_SSL_new", "_FBLWaitForPromisesWithTimeout"] {
      let kept = Array(name.utf8).withUnsafeBytes { bytes in
        filter.mayKeep(startingWith: UnsafeRawBufferPointer(rebasing: bytes[..<2])) && filter.keeps(bytes)
      }
      #expect(kept, "\(name)")
    }
    #expect(!Array("_pb_encode_varint".utf8).withUnsafeBytes { filter.keeps($0) })
    #expect(!Array("_OBJC_CLASS_$_FBLPromise".utf8).withUnsafeBytes { filter.keeps($0) })
  }

  /// An image that links a listed SDK's framework as a library uses it from that file: it does
  /// not include it, whatever it defines.
  @Test func aLinkedSDKIsNotIncluded() throws {
    let core = try #require(catalog.commonSDKs.first { $0.name == "FBSDKCoreKit" })
    var linking = image(classes: core.classes)
    linking.libraries = [LinkedLibrary(name: "@rpath/FBSDKCoreKit.framework/FBSDKCoreKit")]
    let matcher = CatalogMatcher(catalog: catalog)
    #expect(matcher.commonSDKs(in: linking).isEmpty)
    linking.libraries = [LinkedLibrary(name: "@rpath/FBSDKLoginKit.framework/FBSDKLoginKit")]
    #expect(matcher.commonSDKs(in: linking).map(\.sdk) == ["FBSDKCoreKit"])
  }

  @Test func swiftModulesAreMatchedExactly() {
    let found = CatalogMatcher(catalog: catalog).commonSDKs(
      in: image(modules: ["Alamofire", "AlamofireImage", "RxSwift", "MyApp"]))
    #expect(found.map(\.sdk) == ["Alamofire", "RxSwift"])
    #expect(found.first?.symbols == ["_$s9Alamofire4TypeVMn"])
    #expect(found.first?.proof == .swiftModule)
  }

  /// The SDKs most often compiled into other vendors' binaries document their own classes, each
  /// set with the headers it was read from, or are Swift modules (issue 33).
  @Test func vendoredSDKsDocumentTheirClassesOrModules() throws {
    let documented = [
      "FBSDKCoreKit", "FBSDKCoreKit_Basics", "FBSDKLoginKit", "FBSDKShareKit", "FBAEMKit", "OneSignalCore",
      "OneSignalOutcomes", "AFNetworking", "SDWebImage", "Lottie", "FMDB", "GoogleUtilities", "GoogleDataTransport",
      "FirebaseCore", "FirebaseInstallations", "Protobuf", "GTMSessionFetcher", "OneSignalExtension",
    ]
    for name in documented {
      let sdk = try #require(catalog.commonSDKs.first { $0.name == name })
      #expect(sdk.classes.count >= 3, "\(name)")
      #expect(sdk.classesSource?.contains(".h") == true, "\(name)")
    }
    let swift = [
      "Alamofire", "Kingfisher", "SnapKit", "RxSwift", "Starscream", "SwiftyJSON", "RealmSwift", "FirebaseCoreInternal",
    ]
    for name in swift {
      #expect(catalog.commonSDKs.first { $0.name == name }?.swiftModules.contains(name) == true, "\(name)")
    }
    for name in ["nanopb", "OpenSSL", "BoringSSL / openssl_grpc", "FBLPromises"] {
      let sdk = try #require(catalog.commonSDKs.first { $0.name == name })
      #expect(sdk.classes.count + sdk.symbols.count >= 3, "\(name)")
      #expect(sdk.symbolsSource?.contains("https://github.com/") == true, "\(name)")
    }
    let classes = catalog.commonSDKs.flatMap(\.classes)
    #expect(Set(classes).count == classes.count, "a documented class belongs to one SDK")
    let symbols = catalog.commonSDKs.flatMap(\.symbols)
    #expect(Set(symbols).count == symbols.count, "a documented symbol belongs to one SDK")
  }

  @Test func namesIncludeBothHalvesAndAliases() throws {
    let boring = try #require(catalog.commonSDKs.first { $0.name.hasPrefix("BoringSSL") })
    #expect(boring.names.prefix(3) == ["BoringSSL / openssl_grpc", "BoringSSL", "openssl_grpc"])
    #expect(catalog.commonSDKs.first { $0.name == "Lottie" }?.names.contains("lottie-ios") == true)
  }

  /// A name is split at each ` / ` as `split(separator: " / ")` splits it, whatever surrounds the
  /// separator: repeated, at either end, inside wider spaces, beside combining marks.
  @Test(arguments: [
    "Plain", "BoringSSL / openssl_grpc", "A / B / C", " / A", "A / ", " / ", "A /  / B", "A  /  B", "A/B", "A /B",
    "A / / B", "Caf\u{E9} / Cafe\u{301}", "A \u{301}/ B", "A / \u{301}B", "",
  ])
  func namesSplitAsStringSplitDoes(name: String) {
    let parts = name.split(separator: " / ").map(String.init)
    let expected = (parts.count > 1 ? [name] + parts : [name]) + ["alias"]
    #expect(CommonSDK(name: name, aliases: ["alias"]).names == expected)
  }

  @Test func anOverlayAddsToAnSDKAndAddsNewOnes() throws {
    let user = try Catalog(
      jsonData: Data(
        #"""
        {"schemaVersion": 1, "commonSDKs": [
          {"name": "Alamofire", "aliases": ["AF5"]},
          {"name": "VendorKit", "swiftModules": ["VendorKit"]}]}
        """#.utf8), origin: "user.json")
    let merged = try catalog.overlaying(user)
    #expect(merged.commonSDKs.count == 87)
    let alamofire = try #require(merged.commonSDKs.first { $0.name == "Alamofire" })
    #expect(alamofire.aliases == ["AF5"] && alamofire.swiftModules == ["Alamofire"])
    #expect(CatalogMatcher(catalog: merged).commonSDKs(in: image(modules: ["VendorKit"])).map(\.sdk) == ["VendorKit"])
  }
  /// Documented classes must be several and say where they were read; an overlay's set replaces
  /// the catalog's, source and all.
  @Test func documentedClassesNeedSeveralAndASource() throws {
    for (json, path) in [
      (#"{"name": "Mine", "classes": ["MineA", "MineB", "MineC"]}"#, "$.commonSDKs[0].classesSource"),
      (#"{"name": "Mine", "classes": ["MineA", "MineB"], "classesSource": "Mine.h"}"#, "$.commonSDKs[0].classes"),
      (#"{"name": "Mine", "symbols": ["mine_a", "mine_b", "mine_c"]}"#, "$.commonSDKs[0].symbolsSource"),
      (#"{"name": "Mine", "symbols": ["mine_a", "mine_b"], "symbolsSource": "mine.h"}"#, "$.commonSDKs[0].symbols"),
    ] {
      let user = try Catalog(
        jsonData: Data(#"{"schemaVersion": 1, "commonSDKs": [\#(json)]}"#.utf8), origin: "user.json")
      do {
        _ = try catalog.overlaying(user)
        Issue.record("\(json) was accepted")
      } catch {
        #expect(error.path == path)
      }
    }
    let replacing = try Catalog(
      jsonData: Data(
        #"{"schemaVersion": 1, "commonSDKs": [{"name": "FMDB", "classes": ["FMDatabase", "FMResultSet", "FMStatement"], "classesSource": "FMDB.h"}]}"#
          .utf8), origin: "user.json")
    let fmdb = try #require(try catalog.overlaying(replacing).commonSDKs.first { $0.name == "FMDB" })
    #expect(fmdb.classes == ["FMDatabase", "FMResultSet", "FMStatement"] && fmdb.classesSource == "FMDB.h")
  }

  /// Class prefixes are refused, saying what to list instead; a module claimed twice is refused.
  @Test func aPrefixOrAModuleClaimedTwiceIsRejected() throws {
    do {
      _ = try Catalog(
        jsonData: Data(#"{"schemaVersion": 1, "commonSDKs": [{"name": "Mine", "classPrefixes": ["FBSDK"]}]}"#.utf8),
        origin: "user.json")
      Issue.record("classPrefixes was accepted")
    } catch {
      #expect(error.path == "$.commonSDKs[0].classPrefixes")
      #expect(error.message.contains("classesSource"))
    }
    let module = try Catalog(
      jsonData: Data(#"{"schemaVersion": 1, "commonSDKs": [{"name": "Mine", "swiftModules": ["Alamofire"]}]}"#.utf8),
      origin: "user.json")
    #expect(throws: CatalogError.self) { try catalog.overlaying(module) }
    let blank = try Catalog(
      jsonData: Data(#"{"schemaVersion": 1, "commonSDKs": [{"name": "Mine", "aliases": ["my kit"]}]}"#.utf8),
      origin: "user.json")
    #expect(throws: CatalogError.self) { try catalog.overlaying(blank) }
  }
}
