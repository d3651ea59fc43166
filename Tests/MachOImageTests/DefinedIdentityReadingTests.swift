import BinaryImage
import MachOImage
import ScanFiles
import TestSupport
import Testing

/// `ReadOptions.definedIdentities` on a real framework: the classes it defines are collected
/// without keeping its definitions, and only when asked.
@Suite struct DefinedIdentityReadingTests {
  private func read(_ options: ReadOptions) throws -> Image {
    let path = SampleLocator.sample("sdks/VendorAdsKit.framework/VendorAdsKit")
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    return try #require(try MachOReader.read(file, path: path, options: options).images.first)
  }

  @Test func theAuditReadsDefinedClassesButNoDefinitions() throws {
    let image = try read(.audit)
    #expect(image.definedClasses.map(image.names.string).sorted() == ["FBSDKSampleAppEvents", "FBSDKSampleSettings"])
    #expect(image.swiftModuleDescriptors.map(image.names.string) == ["_$s9Alamofire7SessionCMn"])
    #expect(!image.symbols.contains { $0.isDefined })
    #expect(image.imports.contains { image.names.string($0.name) == "_OBJC_CLASS_$_NSObject" })
  }

  @Test func otherOptionsCollectNothing() throws {
    #expect(try read(.imports).definedClasses.isEmpty)
    #expect(try read(.all).definedClasses.isEmpty && read(.all).swiftModuleDescriptors.isEmpty)
  }
}

/// A stripped image keeps its definitions only in the dyld export trie (issue 33): the classes
/// and Swift modules it defines, and `symbols --defined`, come from there too, for both forms of
/// the trie (`LC_DYLD_EXPORTS_TRIE`, `LC_DYLD_INFO_ONLY`).
@Suite struct ExportTrieReadingTests {
  static let stripped = [
    SampleLocator.sample("evidence/StrippedVendorKit.framework/StrippedVendorKit"),
    SampleLocator.sample("evidence/bin/libstripped-dyldinfo.dylib"),
  ]

  private func read(_ path: String, _ options: ReadOptions) throws -> Image {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let read = try MachOReader.read(file, path: path, options: options)
    #expect(read.problems.isEmpty, "\(read.problems)")
    return try #require(read.images.first)
  }

  @Test(arguments: stripped)
  func theAuditFindsTheClassesAndModulesOnlyTheExportTrieHolds(path: String) throws {
    let image = try read(path, .audit)
    #expect(image.definedClasses.map(image.names.string) == ["SVKBannerView"])
    #expect(image.swiftModuleDescriptors.map(image.names.string) == ["_$s7SnapKit15ConstraintMakerCMn"])
    #expect(!image.symbols.contains { $0.isDefined })
  }

  @Test(arguments: stripped)
  func definitionsComeFromTheExportTrieWithTheirKinds(path: String) throws {
    let image = try read(path, .all)
    let defined = image.symbols.filter(\.isDefined)
    #expect(defined.allSatisfy { $0.origin == .exportTrie && $0.binding == .global })
    let kinds = Dictionary(uniqueKeysWithValues: defined.map { (image.names.string($0.name), $0.kind) })
    #expect(
      kinds == [
        "_$s7SnapKit10ConstraintCMn": .object, "_$s7SnapKit15ConstraintMakerCMn": .object,
        "_$s7SnapKit10ConstraintC8activateyyF": .function, "_strippedvendor_show": .function,
        "_OBJC_CLASS_$_SVKBannerView": .object, "_OBJC_METACLASS_$_SVKBannerView": .object,
      ])
  }

  /// An unstripped image's exports are its symbol table's definitions: none is listed twice.
  @Test func exportsTheSymbolTableDefinesAreNotListedAgain() throws {
    let image = try read(SampleLocator.sample("sdks/VendorAdsKit.framework/VendorAdsKit"), .all)
    let names = image.symbols.filter { $0.isDefined && $0.binding != .local }.map { image.names.string($0.name) }
    #expect(names.contains("_$s9Alamofire7SessionCMn"))
    #expect(Set(names).count == names.count)
    #expect(!image.symbols.contains { $0.origin == .exportTrie })
  }
}

/// `ReadOptions.definitionFilter` (issue 33): the C symbols the catalog documents as a listed
/// SDK's own are kept when the image defines them, from the export trie of a stripped framework
/// and from the symbol table of a static archive's member, each once; imports of them are not.
@Suite struct DocumentedDefinitionReadingTests {
  static let wanted = ["_pb_encode", "_SSL_CTX_new", "_GRPC_SSL_new", "_FBLPromiseErrorDomain", "_absent_symbol"]

  private func images(_ sample: String, filter: DefinitionFilter?) throws -> [Image] {
    let path = SampleLocator.sample(sample)
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    var options = ReadOptions.audit
    options.definitionFilter = filter
    let read = try MachOReader.read(file, path: path, options: options)
    #expect(read.problems.isEmpty, "\(read.problems)")
    return read.images
  }

  @Test(arguments: ["evidence/BundledLibsKit.framework/BundledLibsKit", "evidence/bin/libbundledlibs.a"])
  func definedDocumentedSymbolsAreKeptOnce(sample: String) throws {
    let image = try #require(try images(sample, filter: DefinitionFilter(names: Self.wanted)).first)
    #expect(
      image.documentedDefinitions.map(image.names.string).sorted()
        == ["_FBLPromiseErrorDomain", "_GRPC_SSL_new", "_SSL_CTX_new", "_pb_encode"])
    #expect(image.definedClasses.map(image.names.string).contains("FBLPromise"))
    #expect(!image.symbols.contains { $0.isDefined })
  }

  /// What is private to its source file (a C `static`) is no SDK's code, whatever its name;
  /// hidden definitions are, in an object file (private externals) and linked (local, marked
  /// `N_PEXT`) alike. Reading every definition still lists the file's own.
  @Test(arguments: ["evidence/bin/libhiddenlibs.a", "evidence/bin/libhiddenlibs.dylib"])
  func hiddenDefinitionsCountAndFilePrivateOnesDoNot(sample: String) throws {
    let image = try #require(try images(sample, filter: DefinitionFilter(names: Self.wanted)).first)
    #expect(image.documentedDefinitions.map(image.names.string) == ["_pb_encode"])
    #expect(image.definedClasses.map(image.names.string) == ["HLKHiddenUploader"])
    let path = SampleLocator.sample(sample)
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let all = try #require(try MachOReader.read(file, path: path, options: .all).images.first)
    let locals = all.symbols.filter { $0.isDefined && $0.binding == .local }.map { all.names.string($0.name) }
    #expect(locals.contains("_SSL_CTX_new"))
  }

  @Test func importedOnesAndThoseOfNoFilterAreNot() throws {
    let importing = try #require(
      try images(
        "evidence/ImportingLibsKit.framework/ImportingLibsKit", filter: DefinitionFilter(names: Self.wanted)
      ).first)
    #expect(importing.documentedDefinitions.isEmpty)
    let unfiltered = try #require(try images("evidence/BundledLibsKit.framework/BundledLibsKit", filter: nil).first)
    #expect(unfiltered.documentedDefinitions.isEmpty)
  }
}
