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

  /// An image that defines `classes` and a type in each Swift module of `modules`, as
  /// `DefinedIdentities` leaves them (a module by the descriptor of a type declared in it).
  private func image(classes: [String] = [], modules: [String] = []) -> Image {
    var synthetic = SyntheticImage(format: .machO)
    synthetic.image.definedClasses = classes.map { synthetic.image.names.appendTestName($0) }
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
    #expect(all.sdk == "FMDB" && all.proof == .documentedClasses)
    #expect(
      all.symbols == ["FMDatabase", "FMDatabasePool", "FMDatabaseQueue", "FMResultSet"].map { "_OBJC_CLASS_$_" + $0 })
    let outcomes = ["OSIndirectInfluence", "OSInfluence", "OSOutcomeEvent", "OSSessionManager", "STKSticker"]
    #expect(matcher.commonSDKs(in: image(classes: outcomes)).map(\.sdk) == ["OneSignalOutcomes"])
    // FlutterMacOS (the registry corpus's Flet.app) defines Flutter's documented classes.
    let flutter = ["FlutterAppDelegate", "FlutterBasicMessageChannel", "FlutterDartProject", "FlutterEngine"]
    #expect(matcher.commonSDKs(in: image(classes: flutter + ["FlutterMethodChannel"])).map(\.sdk) == ["Flutter"])
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
      "FirebaseCore", "FirebaseInstallations", "Protobuf", "GTMSessionFetcher",
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
    let classes = catalog.commonSDKs.flatMap(\.classes)
    #expect(Set(classes).count == classes.count, "a documented class belongs to one SDK")
  }

  @Test func namesIncludeBothHalvesAndAliases() throws {
    let boring = try #require(catalog.commonSDKs.first { $0.name.hasPrefix("BoringSSL") })
    #expect(boring.names.prefix(3) == ["BoringSSL / openssl_grpc", "BoringSSL", "openssl_grpc"])
    #expect(catalog.commonSDKs.first { $0.name == "Lottie" }?.names.contains("lottie-ios") == true)
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
