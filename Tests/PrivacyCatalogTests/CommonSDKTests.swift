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

  @Test func theLongestClassPrefixDecides() {
    let matcher = CatalogMatcher(catalog: catalog)
    let found = matcher.commonSDKs(
      in: image(classes: ["FBSDKLoginManager", "FBSDKSettings", "GTMSessionFetcher", "GTMLogger", "MyOwnClass"]))
    #expect(found.map(\.sdk) == ["FBSDKCoreKit", "FBSDKLoginKit", "GoogleToolboxForMac", "GTMSessionFetcher"])
    #expect(found.first?.symbols == ["_OBJC_CLASS_$_FBSDKSettings"])
  }

  @Test func swiftModulesAreMatchedExactly() {
    let found = CatalogMatcher(catalog: catalog).commonSDKs(
      in: image(modules: ["Alamofire", "AlamofireImage", "RxSwift", "MyApp"]))
    #expect(found.map(\.sdk) == ["Alamofire", "RxSwift"])
    #expect(found.first?.symbols == ["_$s9Alamofire4TypeVMn"])
  }

  @Test func evidenceIsCappedButCounted() {
    let classes = (0..<8).map { "SDImageCoder\($0)" }
    let found = CatalogMatcher(catalog: catalog).commonSDKs(in: image(classes: classes))
    #expect(found.first?.count == 8)
    #expect(found.first?.symbols.count == CommonSDKMatch.shownSymbols)
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
          {"name": "Alamofire", "aliases": ["AF5"], "classPrefixes": ["AFXSample"]},
          {"name": "VendorKit", "swiftModules": ["VendorKit"]}]}
        """#.utf8), origin: "user.json")
    let merged = try catalog.overlaying(user)
    #expect(merged.commonSDKs.count == 87)
    let alamofire = try #require(merged.commonSDKs.first { $0.name == "Alamofire" })
    #expect(alamofire.aliases == ["AF5"] && alamofire.classPrefixes == ["AFXSample"])
    #expect(alamofire.swiftModules == ["Alamofire"])
    #expect(CatalogMatcher(catalog: merged).commonSDKs(in: image(modules: ["VendorKit"])).map(\.sdk) == ["VendorKit"])
  }

  /// Every class the catalog documents as FMDB's own identifies it; three of the four only
  /// suggest it (by the classes' prefix), as another vendor's classes might.
  @Test func everyDocumentedClassIdentifiesTheSDK() throws {
    let matcher = CatalogMatcher(catalog: catalog)
    let all = try #require(
      matcher.commonSDKs(in: image(classes: ["FMDatabase", "FMDatabasePool", "FMDatabaseQueue", "FMResultSet", "Own"]))
        .first)
    #expect(all.sdk == "FMDB" && all.identifies)
    #expect(all.documentedClasses == ["FMDatabase", "FMDatabasePool", "FMDatabaseQueue", "FMResultSet"])
    let some = try #require(
      matcher.commonSDKs(in: image(classes: ["FMDatabase", "FMDatabaseQueue", "FMResultSet"])).first)
    #expect(some.sdk == "FMDB" && !some.identifies && some.documentedClasses.count == 3)
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

  @Test func aPrefixOrModuleClaimedTwiceIsRejected() throws {
    let prefix = try Catalog(
      jsonData: Data(#"{"schemaVersion": 1, "commonSDKs": [{"name": "Mine", "classPrefixes": ["FBSDK"]}]}"#.utf8),
      origin: "user.json")
    #expect(throws: CatalogError.self) { try catalog.overlaying(prefix) }
    do {
      _ = try catalog.overlaying(prefix)
    } catch {
      #expect(error.path == "$.commonSDKs[0].classPrefixes[0]")
      #expect(error.message.contains("FBSDKCoreKit"))
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
