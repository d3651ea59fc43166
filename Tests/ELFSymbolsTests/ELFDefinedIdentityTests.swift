import BinaryImage
import TestSupport
import Testing

/// `ReadOptions.definedIdentities` on ELF: Swift modules and Objective-C classes an image
/// defines, each once, without keeping the definitions.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFDefinedIdentityTests {
  @Test func modulesAndClassesAreCollectedFromTheDynamicSymbols() throws {
    let image = try #require(try ELFFixtures.read("libdefined-identities.so", options: .audit).images.first)
    #expect(image.swiftModuleDescriptors.map(image.names.string) == ["$s9Alamofire7SessionCMn"])
    #expect(image.definedClasses.map(image.names.string) == ["GTMLogger"])
    #expect(!image.symbols.contains { $0.isDefined })
  }

  @Test func withoutTheOptionNothingIsCollected() throws {
    let image = try #require(try ELFFixtures.read("libdefined-identities.so", options: .all).images.first)
    #expect(image.swiftModuleDescriptors.isEmpty && image.definedClasses.isEmpty)
    #expect(image.symbols.filter(\.isDefined).count == 5)
  }

  /// `ReadOptions.definitionFilter`: the defined C symbols it names are kept, spelled as ELF
  /// spells them (no leading underscore), each once though `.symtab` and `.dynsym` both list
  /// them; an import it names (`stat`) is not a definition.
  @Test func documentedDefinitionsAreKeptByTheirELFName() throws {
    var options = ReadOptions.audit
    options.definitionFilter = DefinitionFilter(names: ["storage_probe_uptime", "stat", "_storage_probe_modified"])
    let image = try #require(try ELFFixtures.read("libstorageprobe.so", options: options).images.first)
    #expect(image.documentedDefinitions.map(image.names.string) == ["storage_probe_uptime"])
  }

  /// A hidden definition is the library's code; a C `static` that shares a documented name is
  /// not (the Mach-O rule, `DocumentedDefinitionReadingTests`), though `symbols` lists it.
  @Test func aFilePrivateDefinitionIsNoDocumentedOne() throws {
    var options = ReadOptions.audit
    options.definitionFilter = DefinitionFilter(names: ["pb_encode", "SSL_CTX_new"])
    let image = try #require(try ELFFixtures.read("hidden_libs.o", options: options).images.first)
    #expect(image.documentedDefinitions.map(image.names.string) == ["pb_encode"])
    let all = try #require(try ELFFixtures.read("hidden_libs.o", options: .all).images.first)
    #expect(all.symbols.contains { $0.binding == .local && all.names.string($0.name) == "SSL_CTX_new" })
  }
}
