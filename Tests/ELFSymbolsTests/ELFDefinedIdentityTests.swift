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
}
